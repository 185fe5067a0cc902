import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { queryClient } from "../../../lib/query-client";
import { collectionKeys } from "./keys";

export interface RecipeInCollection {
  collectionId: number;
  recipeId: number;
  /** true: put it in (PUT); false: take it out (DELETE). Both are idempotent. */
  inside: boolean;
}

export const setRecipeInCollection = ({ collectionId, recipeId, inside }: RecipeInCollection) =>
  api<void>(`/api/recipes/collections/${collectionId}/recipes/${recipeId}/`, {
    method: inside ? "PUT" : "DELETE",
  });

/**
 * Puts a recipe in a collection or takes it out; the counts follow. (A collection's grid is the
 * recipe list, fetched fresh on every visit of its page.)
 */
export function useSetRecipeInCollection() {
  return useMutation({
    mutationFn: setRecipeInCollection,
    onSettled: () => queryClient.invalidateQueries({ queryKey: collectionKeys.lists() }),
  });
}
