// The shopping list of a grocery list, computed from what is planned on it. Pure: the
// database side (loading, writing the diff) lives in recompute.ts, the locks in db/locks.ts.

export interface LineIngredient {
  ingredientId: number;
  ingredientName: string;
  unitId: number;
  /** Per ONE serving for a recipe's ingredient; the whole amount for an extra. */
  quantity: number;
}

export interface PlannedRecipeInput {
  recipeId: number;
  title: string;
  guests: number;
  ingredients: LineIngredient[];
}

export interface PreviousLine {
  id: number;
  ingredientId: number;
  unitId: number;
  quantity: number;
  isChecked: boolean;
}

export interface ShoppingLine {
  /** The id of the previous line it continues, or null for a new line. */
  id: number | null;
  ingredientId: number;
  ingredientName: string;
  unitId: number;
  quantity: number;
  fromRecipes: string;
  isChecked: boolean;
}

export const EXTRAS_SOURCE = "Extras";

// One collator for every comparison: localeCompare with options builds a new one per call.
const byName = new Intl.Collator("en", { sensitivity: "base" });

/**
 * THE shopping-list rule.
 *
 * - One line per ingredient + unit (the same ingredient in two units stays two lines: we do
 *   not convert units).
 * - Its quantity is the sum, over the planned recipes, of each per-serving quantity × that
 *   plan's guests, plus the quantities of the planned extras; summed exactly, then rounded to
 *   2 decimals (a positive amount never rounds down to nothing: at least 0.01).
 * - `fromRecipes` names its sources joined by " & ", in plan order: each recipe once as
 *   "Title (N guests)" ("1 guest" singular; plans of the same recipe add up their guests),
 *   then "Extras" when any extra contributes, e.g. "Pancakes (4 guests) & Extras".
 * - Lines are ordered by ingredient name (then unit id).
 * - A line that existed before keeps its id and its checked state, unless its quantity grew
 *   (there is more to buy, so it is unchecked). New lines start unchecked. Previous lines that
 *   are no longer needed are simply absent from the result.
 *
 * `plannedRecipes` must be in plan order (the order the list shows them).
 */
export function computeShoppingLines(
  plannedRecipes: readonly PlannedRecipeInput[],
  extras: readonly LineIngredient[],
  previous: readonly PreviousLine[],
): ShoppingLine[] {
  interface Accumulator {
    ingredientId: number;
    ingredientName: string;
    unitId: number;
    total: number;
    /** recipe id → guests summed over the plans of that recipe, in first-seen order. */
    recipes: Map<number, { title: string; guests: number }>;
    hasExtras: boolean;
  }
  const lines = new Map<string, Accumulator>();
  const lineFor = (item: LineIngredient): Accumulator => {
    const key = `${item.ingredientId}:${item.unitId}`;
    let line = lines.get(key);
    if (!line) {
      line = {
        ingredientId: item.ingredientId,
        ingredientName: item.ingredientName,
        unitId: item.unitId,
        total: 0,
        recipes: new Map(),
        hasExtras: false,
      };
      lines.set(key, line);
    }
    return line;
  };

  for (const plan of plannedRecipes) {
    // A recipe listing one ingredient twice (dough and topping) is still one source per plan.
    const linesOfThisPlan = new Set<Accumulator>();
    for (const ingredient of plan.ingredients) {
      const line = lineFor(ingredient);
      line.total += ingredient.quantity * plan.guests;
      linesOfThisPlan.add(line);
    }
    for (const line of linesOfThisPlan) {
      const source = line.recipes.get(plan.recipeId);
      if (source) source.guests += plan.guests;
      else line.recipes.set(plan.recipeId, { title: plan.title, guests: plan.guests });
    }
  }
  for (const extra of extras) {
    const line = lineFor(extra);
    line.total += extra.quantity;
    line.hasExtras = true;
  }

  const previousByKey = new Map(previous.map((p) => [`${p.ingredientId}:${p.unitId}`, p]));
  const result: ShoppingLine[] = [];
  for (const [key, line] of lines) {
    const quantity = roundQuantity(line.total);
    const before = previousByKey.get(key);
    const sources = [...line.recipes.values()].map(
      (r) => `${r.title} (${r.guests} ${r.guests === 1 ? "guest" : "guests"})`,
    );
    if (line.hasExtras) sources.push(EXTRAS_SOURCE);
    result.push({
      id: before?.id ?? null,
      ingredientId: line.ingredientId,
      ingredientName: line.ingredientName,
      unitId: line.unitId,
      quantity,
      fromRecipes: sources.join(" & "),
      isChecked: before ? before.isChecked && quantity <= before.quantity : false,
    });
  }
  return result.sort(
    (a, b) => byName.compare(a.ingredientName, b.ingredientName) || a.unitId - b.unitId,
  );
}

/**
 * Rounds to 2 decimals, half up, without binary surprises (1.005 → 1.01); a positive amount
 * stays at least 0.01 so a pinch of something never shows as "0".
 */
export function roundQuantity(value: number): number {
  const rounded = Math.round(Number((value * 100).toPrecision(12))) / 100;
  return value > 0 && rounded < 0.01 ? 0.01 : rounded;
}
