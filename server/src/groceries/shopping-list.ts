// The shopping list of a grocery list, computed from what is planned on it. Pure: the
// database side (loading, writing the diff) lives in recompute.ts, the locks in db/locks.ts.
import { combineAmounts, measureOf, quantityForGuests, roundTo2 } from "@potluck/contract";

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
  /** How many the recipe is written for: a pinch or "to taste" stays as written for them. */
  servings: number;
  ingredients: LineIngredient[];
}

export interface PreviousLine {
  id: number;
  ingredientId: number;
  unitId: number;
  quantity: number;
  isChecked: boolean;
}

/** A row of the units table: the names say which units convert (contract/src/units.ts). */
export interface UnitRow {
  id: number;
  name: string;
}

export interface ShoppingLine {
  /** The id of the previous line it continues, or null for a new line. */
  id: number | null;
  ingredientId: number;
  ingredientName: string;
  /** The unit it reads best in (decision 13), not necessarily one a source used. */
  unitId: number;
  quantity: number;
  fromRecipes: string;
  isChecked: boolean;
}

export const EXTRAS_SOURCE = "Extras";

// One collator for every comparison: localeCompare with options builds a new one per call.
const byName = new Intl.Collator("en", { sensitivity: "base" });

/** The units by id and name, and what a line of each measures. */
class UnitTable {
  private readonly byId: Map<number, string>;
  private readonly idByName: Map<string, number>;

  constructor(units: readonly UnitRow[]) {
    this.byId = new Map(units.map((unit) => [unit.id, unit.name]));
    this.idByName = new Map(units.map((unit) => [unit.name.toLowerCase(), unit.id]));
  }

  /** An unknown id (never, with foreign keys) is a count of its own. */
  name = (unitId: number): string => this.byId.get(unitId) ?? `#${unitId}`;

  idOf = (unitName: string): number | undefined => this.idByName.get(unitName.toLowerCase());

  has = (unitName: string): boolean => this.idByName.has(unitName.toLowerCase());

  /** Lines of one ingredient merge when this is the same: "mass", "volume", or the unit. */
  measureKey = (unitId: number): string => measureOf(this.name(unitId))?.dimension ?? `#${unitId}`;

  /** The amount in the measure's base unit (g, ml), or as it is for a count. */
  base = (quantity: number, unitId: number): number =>
    quantity * (measureOf(this.name(unitId))?.base ?? 1);
}

/**
 * THE shopping-list rule.
 *
 * - One line per ingredient and measure: amounts of one ingredient in units of mass (mg g kg
 *   oz lb) add up into one line, in units of volume (ml … gallon) into another; a count (piece,
 *   clove, pinch, …) adds up only with the same unit. Mass never merges with volume.
 * - Its quantity is the sum, over the planned recipes, of each per-serving quantity × that
 *   plan's guests, plus the quantities of the planned extras, in the unit that reads naturally
 *   (combineAmounts in contract/src/units.ts, decision 13: 500 g + 1 kg is 1.5 kg); summed
 *   exactly and in an order of its own (so the order of the plans never matters), then
 *   rounded to 2 decimals (a positive amount never rounds down to nothing: at least 0.01).
 * - `fromRecipes` names its sources joined by " & ", in plan order: each recipe once as
 *   "Title (N guests)" ("1 guest" singular; plans of the same recipe add up their guests),
 *   then "Extras" when any extra contributes, e.g. "Pancakes (4 guests) & Extras".
 * - Lines are ordered by ingredient name (then unit id).
 * - A line continues the previous line of its ingredient and measure (whatever unit either
 *   reads in: 500 g that became 1.5 kg is the same line): it keeps that line's id, and its
 *   checked state unless the amount grew (there is more to buy, so it is unchecked). New lines
 *   start unchecked. Previous lines that are no longer needed are absent from the result.
 *   (Lines from before merging, two of one measure, continue as one: the one in the new unit
 *   or the oldest, checked only if both were and the amount did not grow past their sum.)
 *
 * `plannedRecipes` must be in plan order (the order the list shows them); `units` is the units
 * table (names say which convert, ids are what lines store).
 */
export function computeShoppingLines(
  plannedRecipes: readonly PlannedRecipeInput[],
  extras: readonly LineIngredient[],
  previous: readonly PreviousLine[],
  units: readonly UnitRow[],
): ShoppingLine[] {
  const table = new UnitTable(units);
  interface Accumulator {
    key: string;
    ingredientId: number;
    ingredientName: string;
    /** Every contribution as it was written (quantity × guests for a recipe's). */
    amounts: { quantity: number; unitId: number }[];
    /** recipe id → guests summed over the plans of that recipe, in first-seen order. */
    recipes: Map<number, { title: string; guests: number }>;
    hasExtras: boolean;
  }
  const keyOf = (ingredientId: number, unitId: number) =>
    `${ingredientId}:${table.measureKey(unitId)}`;
  const lines = new Map<string, Accumulator>();
  const lineFor = (item: LineIngredient): Accumulator => {
    const key = keyOf(item.ingredientId, item.unitId);
    let line = lines.get(key);
    if (!line) {
      line = {
        key,
        ingredientId: item.ingredientId,
        ingredientName: item.ingredientName,
        amounts: [],
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
      line.amounts.push({
        quantity: quantityForGuests(
          ingredient.quantity,
          table.name(ingredient.unitId),
          plan.guests,
          plan.servings,
        ),
        unitId: ingredient.unitId,
      });
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
    line.amounts.push({ quantity: extra.quantity, unitId: extra.unitId });
    line.hasExtras = true;
  }

  const previousByKey = new Map<string, PreviousLine[]>();
  for (const line of previous) {
    const key = keyOf(line.ingredientId, line.unitId);
    previousByKey.set(key, [...(previousByKey.get(key) ?? []), line]);
  }
  const result: ShoppingLine[] = [];
  for (const line of lines.values()) {
    const combined = combineAmounts(
      line.amounts.map((amount) => ({
        quantity: amount.quantity,
        unit: table.name(amount.unitId),
      })),
      table.has,
    );
    const unitId = table.idOf(combined.unit) ?? line.amounts[0]?.unitId ?? 0;
    const quantity = roundQuantity(combined.quantity);
    const before = previousByKey.get(line.key) ?? [];
    const continued =
      before.find((p) => p.unitId === unitId) ?? [...before].sort((a, b) => a.id - b.id)[0];
    const amountBefore = before.reduce((sum, p) => sum + table.base(p.quantity, p.unitId), 0);
    const grew = table.base(quantity, unitId) > amountBefore * (1 + 1e-9);
    const sources = [...line.recipes.values()].map(
      (r) => `${r.title} (${r.guests} ${r.guests === 1 ? "guest" : "guests"})`,
    );
    if (line.hasExtras) sources.push(EXTRAS_SOURCE);
    result.push({
      id: continued?.id ?? null,
      ingredientId: line.ingredientId,
      ingredientName: line.ingredientName,
      unitId,
      quantity,
      fromRecipes: sources.join(" & "),
      isChecked: before.length > 0 && before.every((p) => p.isChecked) && !grew,
    });
  }
  return result.sort(
    (a, b) => byName.compare(a.ingredientName, b.ingredientName) || a.unitId - b.unitId,
  );
}

/**
 * Rounds to 2 decimals, half up, without binary surprises (1.005 → 1.01); a positive amount
 * stays at least 0.01 so a pinch of something never shows as "0". The contract's rounding,
 * so that the web's display conversion rounds the same way.
 */
export const roundQuantity = roundTo2;
