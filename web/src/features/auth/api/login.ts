import type { LoginBody } from "@potluck/contract";
import { useMutation } from "@tanstack/react-query";
import { api, authKeys } from "../../../lib/api-client";
import { forgetCachedAnswers } from "../../../lib/offline/cache-names";
import { queryClient } from "../../../lib/query-client";
import { authStatusQuery, csrfQuery } from "../../../lib/session";

export const login = (body: LoginBody) =>
  api<{ detail: string }>("/api/auth/login/", { method: "POST", json: body });

/** After a login the session changed: the old CSRF token is void and the status is stale. */
export async function refreshSession(): Promise<void> {
  // Answers kept for offline use may be another cook's.
  await forgetCachedAnswers();
  await Promise.all([
    queryClient.refetchQueries({ queryKey: csrfQuery.queryKey }),
    queryClient.refetchQueries({ queryKey: authStatusQuery.queryKey }),
  ]);
  // Answers carry the caller's permissions (`can_edit`, `can_manage`): those read before
  // signing in are another caller's.
  void queryClient.invalidateQueries({
    predicate: (query) => query.queryKey[0] !== authKeys.all[0],
  });
}

export function useLogin() {
  return useMutation({
    mutationFn: login,
    onSuccess: refreshSession,
    // A failed attempt may have rotated nothing, but a fresh token never hurts.
    onError: () => queryClient.refetchQueries({ queryKey: csrfQuery.queryKey }),
  });
}
