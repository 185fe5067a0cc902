import type { PlannerEntry, UpdatePlannerEntryBody } from "@potluck/contract";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { queryClient } from "../../../lib/query-client";
import { plannerKeys } from "./keys";

export type EntryChange = Omit<UpdatePlannerEntryBody, "position" | "guests" | "eaters"> & {
  guests?: number;
  /** Who eats it: ids of the table's people; null: everyone. */
  eaters?: number[] | null;
};

export const updatePlannerEntry = (id: number, change: EntryChange) =>
  api<PlannerEntry>(`/api/planner/entries/${id}/`, {
    method: "PATCH",
    json: change satisfies UpdatePlannerEntryBody,
  });

/**
 * Moves an entry (to the end of its new slot) or changes its guests or note. The week shows
 * the change at once (a dragged card must not jump back while the server answers); a failure
 * puts it back, and the week is refetched either way.
 */
export function useUpdatePlannerEntry(owner: string) {
  return useMutation({
    mutationFn: ({ id, change }: { id: number; change: EntryChange }) =>
      updatePlannerEntry(id, change),
    onMutate: async ({ id, change }) => {
      const queryKey = plannerKeys.entriesOf(owner);
      await queryClient.cancelQueries({ queryKey });
      const before = queryClient.getQueriesData<PlannerEntry[]>({ queryKey });
      queryClient.setQueriesData<PlannerEntry[]>({ queryKey }, (entries) =>
        entries?.map((entry) => (entry.id === id ? applyChange(entry, change) : entry)),
      );
      return { before };
    },
    onError: (_error, _variables, context) => {
      for (const [key, entries] of context?.before ?? []) queryClient.setQueryData(key, entries);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: plannerKeys.entriesOf(owner) }),
  });
}

/** The entry as it will be: a moved one goes last in its new slot, as the server puts it. */
function applyChange(entry: PlannerEntry, change: EntryChange): PlannerEntry {
  const moved =
    (change.date !== undefined && change.date !== entry.date) ||
    (change.slot !== undefined && change.slot !== entry.slot);
  return {
    ...entry,
    date: change.date ?? entry.date,
    slot: change.slot ?? entry.slot,
    position: moved ? Number.MAX_SAFE_INTEGER : entry.position,
    guests: change.guests ?? entry.guests,
    note: change.note ?? entry.note,
    ...(change.eaters !== undefined && eatersChange(entry, change.eaters)),
  };
}

/**
 * New eaters, and the warnings of those still eating: someone who no longer eats it has none
 * at once (someone who now does gets theirs when the server answers).
 */
function eatersChange(entry: PlannerEntry, eaters: number[] | null) {
  return {
    eaters,
    warnings:
      eaters === null
        ? entry.warnings
        : entry.warnings.filter((warning) => eaters.includes(warning.person_id)),
  };
}
