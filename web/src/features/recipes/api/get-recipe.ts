import type { RecipeDetail } from "@potluck/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { preloadImage } from "../../../lib/preload-image";
import { recipeKeys } from "./keys";

export const recipeQuery = (id: number) =>
  queryOptions({
    queryKey: recipeKeys.detail(id),
    queryFn: async ({ signal }) => {
      const recipe = await api<RecipeDetail>(`/api/recipes/recipes/${id}/`, { signal });
      // Its picture is the largest thing on the recipe's page.
      if (recipe.image) preloadImage(recipe.image);
      return recipe;
    },
  });

export const useRecipe = (id: number | null) =>
  useQuery({ ...recipeQuery(id ?? 0), enabled: id !== null });
