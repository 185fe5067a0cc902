import type { RecipeListResponse } from "@potluck/contract";
import { type InfiniteData, useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { queryClient } from "../../../lib/query-client";
import { recipeQuery } from "./get-recipe";
import { recipeKeys } from "./keys";

export const deleteRecipe = (id: number) =>
  api<void>(`/api/recipes/recipes/${id}/`, { method: "DELETE" });

export const useDeleteRecipe = () =>
  useMutation({
    mutationFn: deleteRecipe,
    onSuccess: (_nothing, id) => {
      // Take it out of every loaded list at once, so it disappears without a reload.
      queryClient.setQueriesData<InfiniteData<RecipeListResponse>>(
        { queryKey: recipeKeys.lists() },
        (data) =>
          data && {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              results: page.results.filter((recipe) => recipe.id !== id),
            })),
          },
      );
      queryClient.removeQueries({ queryKey: recipeQuery(id).queryKey });
      return queryClient.invalidateQueries({ queryKey: recipeKeys.lists() });
    },
  });
