import type { Rating } from "@potluck/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { ratingKeys } from "./keys";

/** All ratings of one recipe, newest first. */
export const recipeRatingsQuery = (recipeId: number) =>
  queryOptions({
    queryKey: ratingKeys.recipe(recipeId),
    queryFn: ({ signal }) => api<Rating[]>(`/api/recipes/ratings/?recipe=${recipeId}`, { signal }),
  });

export const useRecipeRatings = (recipeId: number, enabled = true) =>
  useQuery({ ...recipeRatingsQuery(recipeId), enabled });
