/**
 * Names of the ingredients picked as filters, by catalogue id: the URL holds only ids
 * (`?ingredient=12`), and the catalogue has no look-up by id. Kept for the tab's session, so
 * Back, a reload and the empty result name them; an id never picked here (a shared link) reads
 * "ingredient #12".
 */
import { t } from "../../lib/i18n";

const STORAGE_KEY = "potluck.filter-ingredient-names";
let names: Record<string, string> | undefined;

function load(): Record<string, string> {
  if (names) return names;
  try {
    names = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? "{}") as Record<string, string>;
  } catch {
    names = {};
  }
  return names;
}

export function rememberIngredient(id: number, name: string): void {
  const all = load();
  all[id] = name;
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(all));
  } catch {
    // Storage full or off: the name is kept for this page only.
  }
}

export const ingredientName = (id: number): string =>
  load()[id] ?? t("recipeFilters.ingredientNumber", { id });
