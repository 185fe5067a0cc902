import type { IngredientOption } from "@potluck/contract";
import { api } from "../api-client";

export const MIN_INGREDIENT_SEARCH = 2;

/**
 * Ingredient options for an async picker; fewer than 2 characters gives no options, and a
 * failed load gives an empty list (the picker then says 'No options').
 */
export async function searchIngredients(text: string, limit: number): Promise<IngredientOption[]> {
  const search = text.trim();
  if (search.length < MIN_INGREDIENT_SEARCH) return [];
  try {
    const page = await api<{ results: IngredientOption[] }>(
      `/api/ingredients/ingredients/?search=${encodeURIComponent(search)}&limit=${limit}`,
    );
    return page.results;
  } catch {
    return [];
  }
}

export const createIngredient = (name: string) =>
  api<IngredientOption>("/api/ingredients/ingredients/", { method: "POST", json: { name } });
