import type { RecipeDetail } from "@potluck/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { recipeKeys } from "./keys";

export const recipeQuery = (id: number) =>
  queryOptions({
    queryKey: recipeKeys.detail(id),
    queryFn: ({ signal }) => api<RecipeDetail>(`/api/recipes/recipes/${id}/`, { signal }),
  });

export const useRecipe = (id: number | null) =>
  useQuery({ ...recipeQuery(id ?? 0), enabled: id !== null });
