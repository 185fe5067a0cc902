import type { GroceryListSummary } from "@potluck/contract";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { queryClient } from "../../../lib/query-client";
import { groceryListQuery } from "./get-grocery-list";
import { groceryListsQuery } from "./get-grocery-lists";
import { plannedExtrasQuery } from "./get-planned-extras";
import { plannedRecipesQuery } from "./get-planned-recipes";
import { shoppingItemsQuery } from "./get-shopping-items";

export const deleteGroceryList = (id: number) =>
  api<void>(`/api/groceries/lists/${id}/`, { method: "DELETE" });

export function useDeleteGroceryList() {
  return useMutation({
    mutationFn: deleteGroceryList,
    onSuccess: async (_nothing, id) => {
      queryClient.setQueryData<GroceryListSummary[]>(groceryListsQuery.queryKey, (lists) =>
        lists?.filter((list) => list.id !== id),
      );
      for (const query of [
        groceryListQuery(id),
        shoppingItemsQuery(id),
        plannedRecipesQuery(id),
        plannedExtrasQuery(id),
      ]) {
        queryClient.removeQueries({ queryKey: query.queryKey });
      }
      await queryClient.invalidateQueries({ queryKey: groceryListsQuery.queryKey });
    },
    // List delete failures only log (spec §8).
    onError: (error) => console.error("Failed to delete the grocery list", error),
  });
}
