import type {
  Aisle,
  GroceryListSummary,
  ListMember,
  PlannedExtra,
  PlannedRecipe,
  ShoppingItem,
} from "@potluck/contract";
import type { Language } from "@potluck/contract/languages";
import { formatMessage } from "../i18n/catalogue.js";
import { named, namedUnit } from "../ingredients/catalogue-names.js";
import { foodOf } from "../ingredients/food-data.js";
import { listRole, mayManageList } from "./policy.js";
import type { PlannedExtraRow, ShoppingItemRow } from "./repository.js";

// Grocery rows (as repository.ts reads them) into the contract's responses, one function per
// response shape, with what the viewer may do where the shape says it.

/** A list in the cook's index of lists; `can_manage` for its owner only (policy.ts). */
export function presentListSummary(
  row: {
    id: number;
    name: string;
    ownerId: number;
    ownerUsername: string;
    createdAt: Date;
    updatedAt: Date;
  },
  viewerId: number,
): GroceryListSummary {
  return {
    id: row.id,
    name: row.name,
    owner_username: row.ownerUsername,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    can_manage: mayManageList(listRole(row, viewerId)),
  };
}

export function presentPlannedRecipe(row: {
  id: number;
  recipeId: number;
  title: string;
  guests: number;
  plannedOn: string | null;
}): PlannedRecipe {
  return {
    id: row.id,
    recipe: { id: row.recipeId, title: row.title },
    guests: row.guests,
    planned_on: row.plannedOn,
  };
}

/**
 * A catalogue extra, or a free-text one: its text is also its "ingredient" name (for clients
 * that show `ingredient.name`), with a unit and quantity only when the line gave an amount.
 */
export function presentPlannedExtra(row: PlannedExtraRow, language: Language = "en"): PlannedExtra {
  return {
    id: row.id,
    ingredient: ingredientOf(row, language),
    quantity: row.quantity,
    unit:
      row.unitId === null || row.unitName === null
        ? null
        : namedUnit({ id: row.unitId, name: row.unitName }, language),
    text: row.text,
  };
}

/**
 * A line's ingredient in the reader's language (issue 37 §3: `forms` outside English); a
 * free-text line's "ingredient" is its text, as written.
 */
function ingredientOf(
  row: { ingredientId: number | null; ingredientName: string | null; text: string | null },
  language: Language,
): ShoppingItem["ingredient"] {
  if (row.ingredientId === null || row.ingredientName === null) {
    return { id: row.ingredientId, name: row.ingredientName ?? row.text ?? "" };
  }
  return named("ingredients", { id: row.ingredientId, name: row.ingredientName }, language);
}

/** A shopping line, catalogue or free-text (shaped as presentPlannedExtra shapes extras). */
export function presentShoppingItem(row: ShoppingItemRow, language: Language = "en"): ShoppingItem {
  return {
    id: row.id,
    is_checked: row.isChecked,
    quantity: row.quantity,
    unit:
      row.unitId === null || row.unitName === null
        ? null
        : namedUnit({ id: row.unitId, name: row.unitName }, language),
    ingredient: ingredientOf(row, language),
    text: row.text,
    from_recipes: fromRecipesIn(row, language),
    grocery_list: row.groceryListId,
    aisle: presentAisle({ id: row.aisleId, name: row.aisleName }, language),
    is_staple: row.isStaple,
    grams_per_ml: row.sources?.byVolume ? densityOf(row.ingredientName) : null,
  };
}

/**
 * A spooned food's grams per ml (food-data.ts), for a line summed by weight from a volume and
 * a weight, which a cook who shops in US units reads as a volume again; else null.
 */
function densityOf(englishName: string | null): number | null {
  const food = englishName === null ? undefined : foodOf(englishName);
  return food && !food.liquid ? food.grams_per_ml : null;
}

/**
 * "Pancakes (4 guests) & Extras" (the spec's text, as stored) in the reader's language:
 * "Pfannkuchen (4 Gäste) & Extras". A line written before its sources were kept as data (null
 * until its list is next recomputed) stays as stored.
 */
function fromRecipesIn(row: ShoppingItemRow, language: Language): string {
  if (language === "en" || row.sources === null) return row.fromRecipes;
  const named = row.sources.recipes.map(({ title, guests }) =>
    formatMessage(language, "groceries.source.recipe", { title, guests }),
  );
  if (row.sources.extras) named.push(formatMessage(language, "groceries.source.extras"));
  return named.join(" & ");
}

/** An aisle named in the reader's language (issue 37 §3). */
export function presentAisle(aisle: { id: number; name: string }, language: Language): Aisle {
  const local = named("aisles", aisle, language);
  return { id: local.id, name: local.name };
}

/**
 * A list's lines in the reader's language, in the order the cook walks the shop (the query's
 * order: staples last, by aisle, unchecked first) and, within each such run, by their name as
 * that reader reads it (the query sorts by the English name). English keeps the query's order.
 */
export function presentShoppingItems(rows: ShoppingItemRow[], language: Language): ShoppingItem[] {
  const items = rows.map((row) => presentShoppingItem(row, language));
  if (language === "en") return items;
  const collator = new Intl.Collator(language, { sensitivity: "base" });
  const runOf = (item: ShoppingItem) => `${item.is_staple}:${item.aisle.id}:${item.is_checked}`;
  const sorted: ShoppingItem[] = [];
  let run: ShoppingItem[] = [];
  const flush = () => {
    run.sort(
      (a, b) =>
        collator.compare(a.ingredient.name, b.ingredient.name) ||
        collator.compare(a.unit?.name ?? "", b.unit?.name ?? "") ||
        a.id - b.id,
    );
    sorted.push(...run);
    run = [];
  };
  for (const item of items) {
    const last = run[run.length - 1];
    if (last && runOf(last) !== runOf(item)) flush();
    run.push(item);
  }
  flush();
  return sorted;
}

export function presentListMember(row: ListMember): ListMember {
  return { username: row.username, role: row.role };
}
