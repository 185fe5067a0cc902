import type { ImportRecipeBody, RecipeDraft } from "@potluck/contract";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/** Reads a recipe from a page (its address, or its HTML pasted) into a draft; saves nothing. */
export const importRecipe = (body: ImportRecipeBody) =>
  api<RecipeDraft>("/api/recipes/import/", { method: "POST", json: body });

export const useImportRecipe = () => useMutation({ mutationFn: importRecipe });
