import type { CreateIngredientBody, IngredientChoice } from "@potluck/contract";
import { INGREDIENT_SEARCH_MIN } from "@potluck/contract/limits";
import { api } from "../api-client";

/**
 * Ingredient options for an async picker; fewer than 2 characters gives no options, and a
 * failed load gives an empty list (the picker then says 'No options').
 */
export async function searchIngredients(text: string, limit: number): Promise<IngredientChoice[]> {
  const search = text.trim();
  if (search.length < INGREDIENT_SEARCH_MIN) return [];
  try {
    const page = await api<{ results: IngredientChoice[] }>(
      `/api/ingredients/ingredients/?search=${encodeURIComponent(search)}&limit=${limit}`,
    );
    return page.results;
  } catch {
    return [];
  }
}

export const createIngredient = (name: string) =>
  api<IngredientChoice>("/api/ingredients/ingredients/", {
    method: "POST",
    json: { name } satisfies CreateIngredientBody,
  });
