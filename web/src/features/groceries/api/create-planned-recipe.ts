import type { PlannedRecipe } from "@potluck/contract";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { queryClient } from "../../../lib/query-client";
import { plannedRecipesQuery } from "./get-planned-recipes";
import { shoppingItemsQuery } from "./get-shopping-items";

export interface PlanRecipeInput {
  listId: number;
  recipeId: number;
  guests: string;
  /** `YYYY-MM-DD`, or "" for none. */
  plannedOn: string;
}

/** The spec's call: a form body; an empty date is left out. */
export const createPlannedRecipe = (input: PlanRecipeInput) => {
  const body = new URLSearchParams({
    grocery_list_id: String(input.listId),
    recipe_id: String(input.recipeId),
    guests: input.guests,
  });
  if (input.plannedOn) body.set("planned_on", input.plannedOn);
  return api<PlannedRecipe>("/api/groceries/planned-recipes/", { method: "POST", body });
};

/** Planning changes the planned list and the shopping list: both are refreshed. */
export function useCreatePlannedRecipe(listId: number) {
  return useMutation({
    mutationFn: createPlannedRecipe,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: plannedRecipesQuery(listId).queryKey }),
        queryClient.invalidateQueries({ queryKey: shoppingItemsQuery(listId).queryKey }),
      ]),
  });
}
