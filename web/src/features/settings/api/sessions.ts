import type { SignedInSession } from "@potluck/contract";
import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { queryClient } from "../../../lib/query-client";
import { accountKeys } from "./keys";

export const sessionsQuery = queryOptions({
  queryKey: accountKeys.sessions(),
  queryFn: ({ signal }) => api<SignedInSession[]>("/api/auth/sessions/", { signal }),
});

export const useSessions = () => useQuery(sessionsQuery);

const refreshSessions = () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions() });

/** `DELETE /api/auth/sessions/{id}/`: that device is signed out at once. */
export function useEndSession() {
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/auth/sessions/${id}/`, { method: "DELETE" }),
    onSettled: refreshSessions,
  });
}

/** `POST /api/auth/sessions/end-others/`: every device but this one is signed out. */
export function useEndOtherSessions() {
  return useMutation({
    mutationFn: () => api<void>("/api/auth/sessions/end-others/", { method: "POST" }),
    onSettled: refreshSessions,
  });
}
