import type { CreatePlannedRecipeBody, PlannedRecipe } from "@potluck/contract";
import { useMutation } from "@tanstack/react-query";
import { api, type FormFields, formBody } from "../../../lib/api-client";
import { queryClient } from "../../../lib/query-client";
import { plannedRecipesQuery } from "./get-planned-recipes";
import { shoppingItemsQuery } from "./get-shopping-items";

/** The spec's call: a form body; a plan without a date leaves `planned_on` out. */
export const createPlannedRecipe = (fields: FormFields<CreatePlannedRecipeBody>) =>
  api<PlannedRecipe>("/api/groceries/planned-recipes/", {
    method: "POST",
    body: formBody(fields),
  });

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
