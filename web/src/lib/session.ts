import type { AuthStatus, SessionUser } from "@potluck/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, authKeys } from "./api-client";
import { queryClient } from "./query-client";

export const csrfQuery = queryOptions({
  queryKey: authKeys.csrf(),
  queryFn: () => api<{ csrfToken: string }>("/api/auth/csrf/"),
  staleTime: Number.POSITIVE_INFINITY,
});

export const authStatusQuery = queryOptions({
  queryKey: authKeys.status(),
  // A failed status check means "anonymous", never an error screen.
  queryFn: () =>
    api<AuthStatus>("/api/auth/status/").catch((): AuthStatus => ({ authenticated: false })),
  staleTime: 60_000,
});

export interface Session {
  csrfToken: string | null;
  isLoading: boolean;
  authenticated: boolean;
  user: SessionUser | null;
}

/** The spec's session state: the CSRF token and who is signed in. */
export function useSession(): Session {
  const csrf = useQuery(csrfQuery);
  const status = useQuery(authStatusQuery);
  const data = status.data;
  return {
    csrfToken: csrf.data?.csrfToken ?? null,
    isLoading: status.isPending,
    authenticated: data?.authenticated === true,
    user: data?.authenticated ? data.user : null,
  };
}

/**
 * The signed-in cook is gone (signed out, or their account deleted): forget everything they
 * loaded and start anonymous, with a fresh CSRF token. What the features keep on the device
 * is the caller's to clear first (app/forget-device-data.ts).
 */
export async function forgetSignedInCook(): Promise<void> {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== authKeys.all[0] });
  queryClient.setQueryData(authStatusQuery.queryKey, { authenticated: false });
  queryClient.setQueryData(csrfQuery.queryKey, undefined);
  await queryClient.refetchQueries({ queryKey: csrfQuery.queryKey });
}
