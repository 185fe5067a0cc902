import type { PlannerEntry } from "@potluck/contract";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { queryClient } from "../../../lib/query-client";
import { plannerKeys } from "./keys";

export const deletePlannerEntry = (id: number) =>
  api<void>(`/api/planner/entries/${id}/`, { method: "DELETE" });

/** Takes an entry off the planner; it leaves the week at once and comes back if that fails. */
export function useDeletePlannerEntry(owner: string) {
  return useMutation({
    mutationFn: (entry: PlannerEntry) => deletePlannerEntry(entry.id),
    onMutate: async (gone) => {
      const queryKey = plannerKeys.entriesOf(owner);
      await queryClient.cancelQueries({ queryKey });
      const before = queryClient.getQueriesData<PlannerEntry[]>({ queryKey });
      queryClient.setQueriesData<PlannerEntry[]>({ queryKey }, (entries) =>
        entries?.filter((entry) => entry.id !== gone.id),
      );
      return { before };
    },
    onError: (_error, _entry, context) => {
      for (const [key, entries] of context?.before ?? []) queryClient.setQueryData(key, entries);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: plannerKeys.entriesOf(owner) }),
  });
}
