import type { RecipeDetail } from "@potluck/contract";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { queryClient } from "../../../lib/query-client";
import { recipeKeys } from "./keys";

/** Multipart: title, content, image, recipe_ingredients (a JSON string). */
export const createRecipe = (form: FormData) =>
  api<RecipeDetail>("/api/recipes/recipes/", { method: "POST", body: form });

export const useCreateRecipe = () =>
  useMutation({
    mutationFn: createRecipe,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recipeKeys.all }),
  });
