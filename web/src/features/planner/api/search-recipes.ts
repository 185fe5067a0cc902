import type { RecipeListItem } from "@potluck/contract";
import type { PickerOption } from "../../../components/picker";
import { api } from "../../../lib/api-client";

export const MIN_RECIPE_SEARCH = 2;
const SEARCH_LIMIT = 20;

/** Where the Add dialog looks for recipes: everything I may read, mine, or one collection. */
export type RecipeSource = { kind: "all" } | { kind: "mine" } | { kind: "collection"; id: number };

/** A recipe the picker offers, with what the planner shows of it. */
export interface RecipeOption extends PickerOption {
  slug: string;
  image_card: string | null;
}

/**
 * Recipes to plan from `source` matching `text` (2+ characters), best first, at most 20. With
 * nothing typed it suggests some: the collection's recipes, or the cook's own (newest first)
 * for the other two sources. A failed load offers none ('No options').
 */
export async function searchRecipeOptions(
  source: RecipeSource,
  text: string,
): Promise<RecipeOption[]> {
  const search = text.trim();
  if (search !== "" && search.length < MIN_RECIPE_SEARCH) return [];
  const query = new URLSearchParams({ limit: String(SEARCH_LIMIT) });
  if (search) query.set("search", search);
  if (source.kind === "mine" || (source.kind === "all" && !search)) query.set("mine", "true");
  if (source.kind === "collection") query.set("collection", String(source.id));
  try {
    const answer = await api<{ results: RecipeListItem[] }>(`/api/recipes/recipes/?${query}`);
    return answer.results.map(({ id, title, slug, image_card }) => ({
      id,
      name: title,
      slug,
      image_card,
    }));
  } catch {
    return [];
  }
}
