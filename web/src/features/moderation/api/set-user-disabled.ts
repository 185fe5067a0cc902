import type { AdminUser } from "@potluck/contract";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { queryClient } from "../../../lib/query-client";

export const setUserDisabled = (username: string, disabled: boolean) =>
  api<AdminUser>(
    `/api/admin/users/${encodeURIComponent(username)}/${disabled ? "disable" : "enable"}/`,
    { method: "POST" },
  );

/** Disable or enable a cook; their content comes and goes everywhere, so everything refreshes. */
export const useSetUserDisabled = () =>
  useMutation({
    mutationFn: ({ username, disabled }: { username: string; disabled: boolean }) =>
      setUserDisabled(username, disabled),
    onSuccess: () => queryClient.invalidateQueries(),
  });
