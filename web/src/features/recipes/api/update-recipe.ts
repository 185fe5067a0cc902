import type { RecipeSaved } from "@potluck/contract";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { queryClient } from "../../../lib/query-client";
import { type RecipeSubmission, recipeFormData } from "./create-recipe";
import { recipeQuery } from "./get-recipe";
import { recipeKeys } from "./keys";

/** Multipart like create; `remove_image` = "true" drops the current image. */
export const updateRecipe = ({ id, submission }: { id: number; submission: RecipeSubmission }) =>
  api<RecipeSaved>(`/api/recipes/recipes/${id}/`, {
    method: "PUT",
    body: recipeFormData(submission),
  });

export const useUpdateRecipe = () =>
  useMutation({
    mutationFn: updateRecipe,
    onSuccess: (recipe) => {
      if (recipe?.id) queryClient.setQueryData(recipeQuery(recipe.id).queryKey, recipe);
      return queryClient.invalidateQueries({ queryKey: recipeKeys.all });
    },
  });
