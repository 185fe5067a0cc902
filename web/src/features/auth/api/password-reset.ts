import type { PasswordResetBody, PasswordResetConfirmBody } from "@potluck/contract";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { queryClient } from "../../../lib/query-client";
import { csrfQuery } from "../../../lib/session";

/** `POST /api/auth/password-reset/`: the same answer whether or not an account uses it. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (body: PasswordResetBody) =>
      api<{ detail: string }>("/api/auth/password-reset/", { method: "POST", json: body }),
  });
}

/** `POST /api/auth/password-reset/confirm/`: sets the new password from a mailed link. */
export function useConfirmPasswordReset() {
  return useMutation({
    mutationFn: (body: PasswordResetConfirmBody) =>
      api<void>("/api/auth/password-reset/confirm/", { method: "POST", json: body }),
    // Every session of the account has ended, this browser's too if it was one of them.
    onSuccess: () => queryClient.refetchQueries({ queryKey: csrfQuery.queryKey }),
  });
}
