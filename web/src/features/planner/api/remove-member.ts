import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { queryClient } from "../../../lib/query-client";
import { plannerKeys } from "./keys";

/** The owner takes a cook off my planner. */
export const removePlannerMember = (username: string) =>
  api<void>(`/api/planner/members/${encodeURIComponent(username)}/`, { method: "DELETE" });

/** A member leaves a planner shared with them. */
export const leavePlanner = (owner: string) =>
  api<void>(`/api/planner/shared/${encodeURIComponent(owner)}/`, { method: "DELETE" });

export function useRemovePlannerMember() {
  return useMutation({
    mutationFn: removePlannerMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: plannerKeys.members() }),
  });
}

export function useLeavePlanner() {
  return useMutation({
    mutationFn: leavePlanner,
    onSuccess: (_answer, owner) => {
      queryClient.removeQueries({ queryKey: plannerKeys.entriesOf(owner) });
      return queryClient.invalidateQueries({ queryKey: plannerKeys.shared() });
    },
  });
}
