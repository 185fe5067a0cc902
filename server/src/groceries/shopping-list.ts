// The shopping list of a grocery list, computed from what is planned on it. Pure: the
// database side (loading, writing the diff) lives in recompute.ts, the locks in db/locks.ts.
import {
  combineAmounts,
  measureOf,
  quantityForGuests,
  readNaturally,
  roundTo2,
} from "@potluck/contract";

export interface LineIngredient {
  ingredientId: number;
  ingredientName: string;
  unitId: number;
  /**
   * Per ONE serving for a recipe's ingredient; the whole amount for an extra. Null for a
   * recipe's "to taste" row, which has no amount.
   */
  quantity: number | null;
}

/**
 * A free-text extra ("paper towels", "500 g mystery flour"): its text as the cook typed it,
 * with a quantity and unit when the line parser found them (both or neither). A recipe's row
 * kept as written is one too ("a handful of fresh herbs"), its quantity per ONE serving; it
 * may have a quantity without a unit: a count, merged as pieces.
 */
export interface FreeTextExtra {
  text: string;
  unitId: number | null;
  quantity: number | null;
}

/** What a cook adds besides recipes: a catalogue ingredient or a free-text line. */
export type ExtraInput = LineIngredient | FreeTextExtra;

const isFreeText = (extra: ExtraInput): extra is FreeTextExtra => "text" in extra;

export interface PlannedRecipeInput {
  recipeId: number;
  title: string;
  guests: number;
  /** How many the recipe is written for: a pinch or "to taste" stays as written for them. */
  servings: number;
  /** Catalogue rows and rows kept as written, quantities per ONE serving. */
  ingredients: ExtraInput[];
}

/** A line as it is stored: a catalogue line (ingredient, unit, quantity) or a free-text one. */
export interface PreviousLine {
  id: number;
  ingredientId: number | null;
  /** A free-text line's text; absent or null for a catalogue line. */
  text?: string | null;
  unitId: number | null;
  quantity: number | null;
  isChecked: boolean;
}

/**
 * The grams in ONE of a unit of a catalogue ingredient, when its food data knows them (a cup of
 * flour, a piece of onion; ingredients/food-data.ts gramsInOne), else undefined.
 */
export type GramsPerUnit = (ingredientId: number, unitName: string) => number | undefined;

const NO_WEIGHTS: GramsPerUnit = () => undefined;

/** A row of the units table: the names say which units convert (contract/src/units.ts). */
export interface UnitRow {
  id: number;
  name: string;
}

export interface ShoppingLine {
  /** The id of the previous line it continues, or null for a new line. */
  id: number | null;
  /** Null for a free-text line. */
  ingredientId: number | null;
  /** The ingredient's name, or a free-text line's text: what the line is sorted by. */
  ingredientName: string;
  /** A free-text line's text (as its first source wrote it); null for a catalogue line. */
  text: string | null;
  /**
   * The unit it reads best in (decision 13), not necessarily one a source used; null (with
   * the quantity) only for a free-text line without an amount. A "to taste" line has its
   * unit and no quantity.
   */
  unitId: number | null;
  quantity: number | null;
  fromRecipes: string;
  /** The same sources as data, for a reader of another language (presentShoppingItem). */
  sources: LineSources;
  isChecked: boolean;
}

/** What a line is for: its recipes in plan order (guests summed) and whether extras. */
export interface LineSources {
  recipes: { title: string; guests: number }[];
  extras: boolean;
  /**
   * A source measured it by volume (a cup of flour) and another did not, so it is summed by
   * weight: a cook who shops in US units reads it as a volume again (issue 38 §3). Absent
   * otherwise.
   */
  byVolume?: true;
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
 *   clove, pinch, …) adds up only with the same unit. But where the ingredient's food data
 *   weighs its units (`gramsPerUnit`: a cup of flour is 125 g, an onion 110 g), every amount
 *   in such a unit is one measure, its weight: amounts of one unit or dimension still add up
 *   as above ("1 cup" + "½ cup" is 1½ cups), and amounts of several add up in grams ("1 cup"
 *   + "200 g" flour is 325 g; "2 onions" + "300 g" is 520 g). Without a weight, mass never
 *   merges with volume.
 * - Its quantity is the sum, over the planned recipes, of each per-serving quantity × that
 *   plan's guests, plus the quantities of the planned extras, in the unit that reads naturally
 *   (combineAmounts in contract/src/units.ts, decision 13: 500 g + 1 kg is 1.5 kg); summed
 *   exactly and in an order of its own (so the order of the plans never matters), then
 *   rounded to 2 decimals (a positive amount never rounds down to nothing: at least 0.01).
 * - `fromRecipes` names its sources joined by " & ", in plan order: each recipe once as
 *   "Title (N guests)" ("1 guest" singular; plans of the same recipe add up their guests),
 *   then "Extras" when any extra contributes, e.g. "Pancakes (4 guests) & Extras".
 * - A free-text extra, and a planned recipe's row kept as written, is a line of its own kind,
 *   sourced "Extras" or by its recipe as above: those of the same text (in any case: "Paper
 *   towels" is "paper towels") merge as one ingredient's do, by measure (500 g + 1 kg is
 *   1.5 kg; 2 rolls + 1 roll is 3 rolls; a recipe row's quantity without a unit counts as
 *   pieces), the recipe rows' quantities × guests as any; those of that text without an
 *   amount make one line without an amount, apart from any with one (nothing to add up). A
 *   free-text line never merges with a catalogue ingredient's. It reads as the text of its
 *   first source (the recipes in plan order, then the extras, oldest first).
 * - A recipe's "to taste" row has no amount: its ingredient is on the list as a line of its
 *   own without one ("Salt to taste"; the cook may not have it), beside any line of that
 *   ingredient with an amount. A recipe's optional row is not on the list (recompute.ts
 *   does not load it).
 * - Lines are ordered by ingredient name or text (then unit id).
 * - A line continues the previous line of its ingredient and measure (whatever unit either
 *   reads in: 500 g that became 1.5 kg is the same line): it keeps that line's id, and its
 *   checked state unless the amount grew (there is more to buy, so it is unchecked). New lines
 *   start unchecked. Previous lines that are no longer needed are absent from the result.
 *   (Lines from before merging, two of one measure, continue as one: the one in the new unit
 *   or the oldest, checked only if both were and the amount did not grow past their sum.)
 *   A free-text line without an amount never grows: another "paper towels" keeps its tick.
 *
 * `plannedRecipes` must be in plan order (the order the list shows them); `units` is the units
 * table (names say which convert, ids are what lines store).
 */
export function computeShoppingLines(
  plannedRecipes: readonly PlannedRecipeInput[],
  extras: readonly ExtraInput[],
  previous: readonly PreviousLine[],
  units: readonly UnitRow[],
  gramsPerUnit: GramsPerUnit = NO_WEIGHTS,
): ShoppingLine[] {
  const table = new UnitTable(units);
  /** Grams in one of the unit of a catalogue ingredient, when its food data weighs it. */
  const weightOf = (ingredientId: number | null, unitId: number | null) =>
    ingredientId === null || unitId === null
      ? undefined
      : gramsPerUnit(ingredientId, table.name(unitId));
  interface Accumulator {
    key: string;
    ingredientId: number | null;
    ingredientName: string;
    text: string | null;
    /** The unit of its key: a line without an amount keeps it ("to taste"; null for text). */
    keyUnitId: number | null;
    /** Every contribution as it was written (quantity × guests for a recipe's). */
    amounts: { quantity: number; unitId: number }[];
    /** recipe id → guests summed over the plans of that recipe, in first-seen order. */
    recipes: Map<number, { title: string; guests: number }>;
    hasExtras: boolean;
  }
  const measureOfLine = (unitId: number | null) =>
    unitId === null ? "none" : table.measureKey(unitId);
  const keyOf = (line: {
    ingredientId: number | null;
    text?: string | null;
    unitId: number | null;
  }) =>
    line.ingredientId === null
      ? `text:${(line.text ?? "").toLowerCase()}:${measureOfLine(line.unitId)}`
      : weightOf(line.ingredientId, line.unitId) !== undefined
        ? `${line.ingredientId}:weight`
        : `${line.ingredientId}:${measureOfLine(line.unitId)}`;
  const lines = new Map<string, Accumulator>();
  const lineFor = (item: ExtraInput): Accumulator => {
    const free = isFreeText(item);
    const key = keyOf(free ? { ...item, ingredientId: null } : item);
    let line = lines.get(key);
    if (!line) {
      line = {
        key,
        ingredientId: free ? null : item.ingredientId,
        ingredientName: free ? item.text : item.ingredientName,
        text: free ? item.text : null,
        keyUnitId: item.unitId,
        amounts: [],
        recipes: new Map(),
        hasExtras: false,
      };
      lines.set(key, line);
    }
    return line;
  };

  const pieceId = table.idOf("piece");
  for (const plan of plannedRecipes) {
    // A recipe listing one ingredient twice (dough and topping) is still one source per plan.
    const linesOfThisPlan = new Set<Accumulator>();
    for (const row of plan.ingredients) {
      // A row kept as written with a quantity and no unit is a count ("2 lemons, zested").
      const ingredient =
        isFreeText(row) && row.quantity !== null && row.unitId === null
          ? { ...row, unitId: pieceId ?? null }
          : row;
      const line = lineFor(ingredient);
      if (ingredient.quantity !== null && ingredient.unitId !== null) {
        line.amounts.push({
          quantity: quantityForGuests(
            ingredient.quantity,
            table.name(ingredient.unitId),
            plan.guests,
            plan.servings,
          ),
          unitId: ingredient.unitId,
        });
      }
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
    // A free-text extra without an amount adds nothing to sum (its line has none either).
    if (extra.quantity !== null && extra.unitId !== null) {
      line.amounts.push({ quantity: extra.quantity, unitId: extra.unitId });
    }
    line.hasExtras = true;
  }

  const previousByKey = new Map<string, PreviousLine[]>();
  for (const line of previous) {
    const key = keyOf(line);
    previousByKey.set(key, [...(previousByKey.get(key) ?? []), line]);
  }
  /**
   * Amounts of one line summed in the unit that reads naturally: by their measure, or in
   * grams when a line weighed by its food has amounts of several (cups and grams).
   */
  const sumOf = (
    ingredientId: number | null,
    amounts: readonly { quantity: number; unitId: number }[],
  ) => {
    const measures = new Set(amounts.map((amount) => table.measureKey(amount.unitId)));
    // Several: each amount by its weight (a mass as it is, so 1 kg + 8 cups reads 2 kg).
    const byWeight = (amount: { quantity: number; unitId: number }) =>
      table.measureKey(amount.unitId) === "mass"
        ? { quantity: amount.quantity, unit: table.name(amount.unitId) }
        : { quantity: amount.quantity * (weightOf(ingredientId, amount.unitId) ?? 0), unit: "g" };
    const combined = combineAmounts(
      amounts.map((amount) =>
        measures.size > 1
          ? byWeight(amount)
          : { quantity: amount.quantity, unit: table.name(amount.unitId) },
      ),
      table.has,
    );
    return {
      unitId: table.idOf(combined.unit) ?? amounts[0]?.unitId ?? 0,
      quantity: roundQuantity(combined.quantity),
    };
  };
  const result: ShoppingLine[] = [];
  /** The two parts of a line partly bought sort as the whole line would. */
  const groupUnit = new Map<ShoppingLine, number>();
  for (const line of lines.values()) {
    // No amount to add up: a free-text line without one, or "Salt to taste" (issue 34 §11).
    let unitId: number | null = line.keyUnitId;
    let quantity: number | null = null;
    if (line.amounts.length > 0) ({ unitId, quantity } = sumOf(line.ingredientId, line.amounts));
    const measures = new Set(line.amounts.map((amount) => table.measureKey(amount.unitId)));
    const byVolume = measures.size > 1 && measures.has("volume");
    // Amounts compared in one measure: grams for a line weighed by its food, else its base.
    const weighed = line.key.endsWith(":weight");
    const baseOf = (amount: number | null, unit: number | null) =>
      amount === null || unit === null
        ? 0
        : weighed
          ? amount * (weightOf(line.ingredientId, unit) ?? 0)
          : table.base(amount, unit);
    const before = previousByKey.get(line.key) ?? [];
    const sources: LineSources = {
      recipes: [...line.recipes.values()].map(({ title, guests }) => ({ title, guests })),
      extras: line.hasExtras,
      ...(byVolume ? { byVolume: true as const } : {}),
    };
    const fromRecipes = sourcesText(sources);
    const lineOf = (
      continued: PreviousLine | undefined,
      amount: { unitId: number | null; quantity: number | null },
      isChecked: boolean,
    ): ShoppingLine => ({
      id: continued?.id ?? null,
      ingredientId: line.ingredientId,
      ingredientName: line.ingredientName,
      text: line.text,
      ...amount,
      fromRecipes,
      sources,
      isChecked,
    });
    const continuing = (candidates: PreviousLine[], unit: number | null) =>
      candidates.find((p) => p.unitId === unit) ?? [...candidates].sort((a, b) => a.id - b.id)[0];

    // What was bought: the ticked lines of this ingredient and measure. The line needs no more
    // than that: one ticked line. More: the bought part stays a ticked line of its own, and
    // what is still to buy is an unticked one (issue 34 §2: adding "2 lemons" to a ticked
    // "1 lemon" gave one unticked "3 lemons", and the tick was lost).
    const ticked = before.filter((p) => p.isChecked);
    const bought = ticked.reduce((sum, p) => sum + baseOf(p.quantity, p.unitId), 0);
    const needed = baseOf(quantity, unitId);
    if (quantity === null || unitId === null || bought === 0 || bought >= needed * (1 - 1e-9)) {
      // A line without an amount never grows: ticked when all its lines were.
      const allTicked = before.length > 0 && ticked.length === before.length;
      const isChecked = quantity === null ? allTicked : bought > 0 && bought >= needed * (1 - 1e-9);
      result.push(
        lineOf(continuing(isChecked ? ticked : before, unitId), { unitId, quantity }, isChecked),
      );
      continue;
    }
    const boughtLine = sumOf(
      line.ingredientId,
      ticked.flatMap((p) =>
        p.quantity === null || p.unitId === null
          ? []
          : [{ quantity: p.quantity, unitId: p.unitId }],
      ),
    );
    // The rest: the whole amount less what was bought, in the unit that reads naturally.
    const rest = readNaturally(
      { quantity: (needed - bought) / baseOf(1, unitId), unit: table.name(unitId) },
      table.has,
    );
    const restLine = {
      unitId: table.idOf(rest.unit) ?? unitId,
      quantity: roundQuantity(rest.quantity),
    };
    const unticked = before.filter((p) => !p.isChecked);
    const pair = [
      lineOf(continuing(ticked, boughtLine.unitId), boughtLine, true),
      lineOf(continuing(unticked, restLine.unitId), restLine, false),
    ];
    for (const part of pair) groupUnit.set(part, unitId);
    result.push(...pair);
  }
  // By name, then unit; the bought part of a line just before what is still to buy.
  const sortUnit = (l: ShoppingLine) => groupUnit.get(l) ?? l.unitId ?? 0;
  return result.sort(
    (a, b) =>
      byName.compare(a.ingredientName, b.ingredientName) ||
      sortUnit(a) - sortUnit(b) ||
      Number(b.isChecked) - Number(a.isChecked),
  );
}

/**
 * Rounds to 2 decimals, half up, without binary surprises (1.005 → 1.01); a positive amount
 * stays at least 0.01 so a pinch of something never shows as "0". The contract's rounding,
 * so that the web's display conversion rounds the same way.
 */
export const roundQuantity = roundTo2;

/** The spec's `from_recipes`: "Pancakes (4 guests) & Extras". */
export function sourcesText(sources: LineSources): string {
  const named = sources.recipes.map(
    (r) => `${r.title} (${r.guests} ${r.guests === 1 ? "guest" : "guests"})`,
  );
  if (sources.extras) named.push(EXTRAS_SOURCE);
  return named.join(" & ");
}
