import { api } from "../../../lib/api-client";

export const MIN_RECIPE_SEARCH = 2;
export const PLANNING_SEARCH_LIMIT = 20;

export interface RecipeOption {
  id: number;
  title: string;
}

/**
 * What the planning picker offers before anything is typed: the cook's own recipes, newest
 * first (the recipe list's `mine=true`, at most 20); a failed load offers none.
 */
export async function suggestRecipeOptions(): Promise<RecipeOption[]> {
  try {
    const answer = await api<{ results: RecipeOption[] }>(
      `/api/recipes/recipes/?mine=true&limit=${PLANNING_SEARCH_LIMIT}`,
    );
    return answer.results.map(({ id, title }) => ({ id, title }));
  } catch {
    return [];
  }
}

/**
 * Recipe options for the planning picker: 2+ characters, at most 20; nothing typed suggests the
 * cook's own (suggestRecipeOptions). The answer may be an
 * array or a page with `results` (spec §7); a failed load gives an empty list ('No options').
 */
export async function searchRecipeOptions(text: string): Promise<RecipeOption[]> {
  const search = text.trim();
  if (search === "") return suggestRecipeOptions();
  if (search.length < MIN_RECIPE_SEARCH) return [];
  try {
    const answer = await api<RecipeOption[] | { results: RecipeOption[] }>(
      `/api/recipes/recipes/?search=${encodeURIComponent(search)}&limit=${PLANNING_SEARCH_LIMIT}`,
    );
    const recipes = Array.isArray(answer) ? answer : answer.results;
    return recipes.map(({ id, title }) => ({ id, title }));
  } catch {
    return [];
  }
}
