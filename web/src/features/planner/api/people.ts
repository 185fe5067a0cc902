import type {
  CreatePlannerPersonBody,
  PlannerPerson,
  UpdatePlannerPersonBody,
} from "@potluck/contract";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { queryClient } from "../../../lib/query-client";
import { peopleKey } from "./get-people";
import { plannerKeys, plannerParam } from "./keys";

/** A new person's fields (the planner comes from the hook). */
export type NewPerson = Omit<CreatePlannerPersonBody, "planner">;

/** Adds a person without an account to the planner's table. */
export const createPlannerPerson = (owner: string, person: NewPerson) =>
  api<PlannerPerson>("/api/planner/people/", {
    method: "POST",
    json: { ...person, ...plannerParam(owner) } satisfies CreatePlannerPersonBody,
  });

/** Changes a person's needs (and, without an account, their name). */
export const updatePlannerPerson = (id: number, change: UpdatePlannerPersonBody) =>
  api<PlannerPerson>(`/api/planner/people/${id}/`, {
    method: "PATCH",
    json: change satisfies UpdatePlannerPersonBody,
  });

/** Takes a person without an account off the table (and off every meal they ate). */
export const deletePlannerPerson = (id: number) =>
  api<void>(`/api/planner/people/${id}/`, { method: "DELETE" });

/**
 * After any change of the table: its people, and the week's meals, whose warnings and eaters
 * follow from them, are read again.
 */
function refetchTable(owner: string) {
  void queryClient.invalidateQueries({ queryKey: plannerKeys.entriesOf(owner) });
  return queryClient.invalidateQueries({ queryKey: peopleKey(owner) });
}

export function useCreatePlannerPerson(owner: string) {
  return useMutation({
    mutationFn: (person: NewPerson) => createPlannerPerson(owner, person),
    onSuccess: () => refetchTable(owner),
  });
}

export function useUpdatePlannerPerson(owner: string) {
  return useMutation({
    mutationFn: ({ id, change }: { id: number; change: UpdatePlannerPersonBody }) =>
      updatePlannerPerson(id, change),
    onSuccess: (person) => {
      queryClient.setQueryData<PlannerPerson[]>(peopleKey(owner), (people) =>
        people?.map((one) => (one.id === person.id ? person : one)),
      );
      return refetchTable(owner);
    },
  });
}

export function useDeletePlannerPerson(owner: string) {
  return useMutation({
    mutationFn: (person: PlannerPerson) => deletePlannerPerson(person.id),
    onSuccess: (_answer, gone) => {
      queryClient.setQueryData<PlannerPerson[]>(peopleKey(owner), (people) =>
        people?.filter((one) => one.id !== gone.id),
      );
      return refetchTable(owner);
    },
  });
}
