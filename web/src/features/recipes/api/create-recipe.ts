import type { RecipeSaved, RecipeSubmissionFields } from "@potluck/contract";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { queryClient } from "../../../lib/query-client";
import { recipeKeys } from "./keys";

/** The contract's multipart recipe submission: its text fields and the picture file, if any. */
export type RecipeSubmission = RecipeSubmissionFields & { image?: File };

/** The submission as a multipart body, in the order given; a field left out is not sent. */
export function recipeFormData(submission: RecipeSubmission): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(submission)) {
    if (value !== undefined) form.set(name, value);
  }
  return form;
}

export const createRecipe = (submission: RecipeSubmission) =>
  api<RecipeSaved>("/api/recipes/recipes/", {
    method: "POST",
    body: recipeFormData(submission),
  });

export const useCreateRecipe = () =>
  useMutation({
    mutationFn: createRecipe,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recipeKeys.all }),
  });
