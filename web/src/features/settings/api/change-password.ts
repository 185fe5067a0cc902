import type { ChangePasswordBody } from "@potluck/contract";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { queryClient } from "../../../lib/query-client";
import { accountKeys } from "./keys";

/** `POST /api/auth/password/`: every other device is signed out, so the list changes too. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ChangePasswordBody) =>
      api<void>("/api/auth/password/", { method: "POST", json: body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions() }),
  });
}
