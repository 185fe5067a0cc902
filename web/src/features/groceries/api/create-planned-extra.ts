import type { PlannedExtra } from "@potluck/contract";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { queryClient } from "../../../lib/query-client";
import { plannedExtrasQuery } from "./get-planned-extras";
import { shoppingItemsQuery } from "./get-shopping-items";

export interface PlanExtraInput {
  listId: number;
  ingredientId: number;
  quantity: string;
  unitId: number;
}

/** The spec's call: a form body (extras are planned without a date). */
export const createPlannedExtra = (input: PlanExtraInput) =>
  api<PlannedExtra>("/api/groceries/planned-extras/", {
    method: "POST",
    body: new URLSearchParams({
      grocery_list_id: String(input.listId),
      ingredient_id: String(input.ingredientId),
      quantity: input.quantity,
      unit_id: String(input.unitId),
    }),
  });

export function useCreatePlannedExtra(listId: number) {
  return useMutation({
    mutationFn: createPlannedExtra,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: plannedExtrasQuery(listId).queryKey }),
        queryClient.invalidateQueries({ queryKey: shoppingItemsQuery(listId).queryKey }),
      ]),
  });
}
