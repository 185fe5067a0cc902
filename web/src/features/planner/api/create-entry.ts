import type { CreatePlannerEntryBody, PlannerEntry } from "@potluck/contract";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { queryClient } from "../../../lib/query-client";
import { plannerKeys, plannerParam } from "./keys";

/** The fields of a new entry: a recipe with guests, or a note; the planner comes from the hook. */
export type NewEntry = Omit<CreatePlannerEntryBody, "planner">;

/** Adds an entry at the end of its slot. */
export const createPlannerEntry = (owner: string, entry: NewEntry) =>
  api<PlannerEntry>("/api/planner/entries/", {
    method: "POST",
    json: { ...entry, ...plannerParam(owner) } satisfies CreatePlannerEntryBody,
  });

export function useCreatePlannerEntry(owner: string) {
  return useMutation({
    mutationFn: (entry: NewEntry) => createPlannerEntry(owner, entry),
    onSettled: () => queryClient.invalidateQueries({ queryKey: plannerKeys.entriesOf(owner) }),
  });
}
