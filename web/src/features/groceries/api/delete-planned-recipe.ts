import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { queryClient } from "../../../lib/query-client";
import { plannedRecipesQuery } from "./get-planned-recipes";
import { shoppingItemsQuery } from "./get-shopping-items";

export const deletePlannedRecipe = (id: number) =>
  api<void>(`/api/groceries/planned-recipes/${id}/`, { method: "DELETE" });

/** Deleting a planned entry refreshes the planned list and the shopping list. */
export function useDeletePlannedRecipe(listId: number) {
  return useMutation({
    mutationFn: deletePlannedRecipe,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: plannedRecipesQuery(listId).queryKey }),
        queryClient.invalidateQueries({ queryKey: shoppingItemsQuery(listId).queryKey }),
      ]),
    onError: (error) => console.error("Failed to delete the planned recipe", error),
  });
}
