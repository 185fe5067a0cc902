// Units of measure: which units convert into which, the unit a merged amount reads best in,
// and the conversion a cook's metric/US preference applies for display. Pure, shared by the
// server (merging shopping lines, decision 13) and the web app (showing quantities).

export type Dimension = "mass" | "volume";
export type MeasureSystem = "metric" | "us";

/** A unit that converts: how much of its dimension's base unit (g or ml) one of it is. */
export interface Measure {
  unit: string;
  dimension: Dimension;
  system: MeasureSystem;
  /** Grams or millilitres in one of this unit. */
  base: number;
}

// US customary volumes, exactly: 1 fl oz = 29.5735295625 ml, and the rest in teaspoons.
const TSP_ML = 29.5735295625 / 6;

const measures: Measure[] = [
  { unit: "mg", dimension: "mass", system: "metric", base: 0.001 },
  { unit: "g", dimension: "mass", system: "metric", base: 1 },
  { unit: "kg", dimension: "mass", system: "metric", base: 1000 },
  { unit: "oz", dimension: "mass", system: "us", base: 28.349523125 },
  { unit: "lb", dimension: "mass", system: "us", base: 453.59237 },
  { unit: "ml", dimension: "volume", system: "metric", base: 1 },
  { unit: "cl", dimension: "volume", system: "metric", base: 10 },
  { unit: "dl", dimension: "volume", system: "metric", base: 100 },
  { unit: "l", dimension: "volume", system: "metric", base: 1000 },
  { unit: "tsp", dimension: "volume", system: "us", base: TSP_ML },
  { unit: "tbsp", dimension: "volume", system: "us", base: 3 * TSP_ML },
  { unit: "fl oz", dimension: "volume", system: "us", base: 6 * TSP_ML },
  { unit: "cup", dimension: "volume", system: "us", base: 48 * TSP_ML },
  { unit: "pint", dimension: "volume", system: "us", base: 96 * TSP_ML },
  { unit: "quart", dimension: "volume", system: "us", base: 192 * TSP_ML },
  { unit: "gallon", dimension: "volume", system: "us", base: 768 * TSP_ML },
];

/** Every unit that converts, by name. Any other unit (piece, clove, pinch, …) is a count. */
export const MEASURES: ReadonlyMap<string, Measure> = new Map(
  measures.map((measure) => [measure.unit, measure]),
);

/** The measure of a unit name (unit names are unique case-insensitively); undefined: a count. */
export function measureOf(unitName: string): Measure | undefined {
  return MEASURES.get(unitName) ?? MEASURES.get(unitName.trim().toLowerCase());
}

/** The measure of one of the names above. */
const measure = (unit: string): Measure => {
  const found = MEASURES.get(unit);
  if (!found) throw new Error(`${unit} is not a measure`);
  return found;
};

/**
 * Whether two amounts can be added up: both in units of one dimension (mass with mass, volume
 * with volume: no densities), or a count in the very same unit.
 */
export function sameMeasure(a: string, b: string): boolean {
  const ma = measureOf(a);
  const mb = measureOf(b);
  if (ma && mb) return ma.dimension === mb.dimension;
  return !ma && !mb && a.trim().toLowerCase() === b.trim().toLowerCase();
}

export interface Amount {
  quantity: number;
  unit: string;
}

// ---------- reading cleanly ----------

/**
 * How a US amount is written in a kitchen, per unit: whole numbers and these fractions, from
 * `from` of the unit up (¼ cup is a cup measure), and only below `below` ml or g, where the next
 * size up takes over (spoons below a cup, cups below a gallon, ounces below a pound).
 */
const KITCHEN: Record<string, { fractions: readonly number[]; from?: number; below?: number }> = {
  tsp: { fractions: [1 / 8, 1 / 4, 1 / 2, 3 / 4], below: 48 * TSP_ML },
  tbsp: { fractions: [1 / 2], below: 48 * TSP_ML },
  "fl oz": { fractions: [1 / 2] },
  cup: { fractions: [1 / 4, 1 / 3, 1 / 2, 2 / 3, 3 / 4], from: 1 / 4, below: 768 * TSP_ML },
  pint: { fractions: [1 / 2] },
  quart: { fractions: [1 / 2] },
  gallon: { fractions: [1 / 4, 1 / 2, 3 / 4] },
  oz: { fractions: [1 / 4, 1 / 2, 3 / 4], below: 453.59237 },
  lb: { fractions: [1 / 2] },
};

/** How closely an amount must match a clean one to be written as it. */
interface Rounding {
  /** Relative distance to a whole number or kitchen fraction of a US unit. */
  usTolerance: number;
  /** The step of a metric unit's amounts. */
  metricStep: (measure: Measure, quantity: number) => number;
  /** Relative distance to a multiple of that step. */
  metricTolerance: number;
}

/** The amount as it reads cleanly in `measure`, if it does; undefined if not. */
function cleanly(
  measure: Measure,
  quantity: number,
  baseAmount: number,
  rounding: Rounding,
): number | undefined {
  let candidates: number[];
  let tolerance: number;
  // Milligrams are for what weighs less than a gram.
  if (measure.unit === "mg" && baseAmount >= 1) return undefined;
  if (measure.system === "metric") {
    const step = rounding.metricStep(measure, quantity);
    candidates = [Math.round(quantity / step) * step];
    tolerance = rounding.metricTolerance;
  } else {
    const kitchen = KITCHEN[measure.unit] ?? { fractions: [] };
    if (kitchen.below !== undefined && baseAmount >= kitchen.below) return undefined;
    const whole = Math.floor(quantity);
    candidates = [whole, whole + 1, ...kitchen.fractions.map((fraction) => whole + fraction)];
    candidates = candidates.filter((candidate) => candidate >= (kitchen.from ?? 1));
    tolerance = rounding.usTolerance;
  }
  let best: number | undefined;
  for (const candidate of candidates) {
    const off = Math.abs(candidate - quantity);
    if (off <= tolerance * quantity && (best === undefined || off < Math.abs(best - quantity))) {
      best = candidate;
    }
  }
  if (best === undefined || best < (measure.system === "metric" ? 1 : 0)) return undefined;
  return Number(best.toPrecision(12));
}

/**
 * THE natural unit of `baseAmount` g or ml among `candidates`: the largest in which it reads
 * cleanly (see cleanly: at least 1 of it, or ¼ of a cup; a step or kitchen fraction; spoons
 * only below a cup, cups below a gallon, ounces below a pound, milligrams below a gram); when
 * none does, the largest in which it is at least 1; for a tiny amount, the smallest unit.
 */
function naturalAmount(
  baseAmount: number,
  candidates: readonly Measure[],
  rounding: Rounding,
): Amount {
  const largestFirst = [...candidates].sort((a, b) => b.base - a.base);
  for (const measure of largestFirst) {
    const clean = cleanly(measure, baseAmount / measure.base, baseAmount, rounding);
    if (clean !== undefined) return { quantity: clean, unit: measure.unit };
  }
  const fallback =
    largestFirst.find((measure) => baseAmount / measure.base >= 1) ??
    largestFirst[largestFirst.length - 1];
  if (!fallback) throw new Error("no unit to express an amount in");
  return { quantity: baseAmount / fallback.base, unit: fallback.unit };
}

/** The units an amount of each dimension is usually given in, per system. */
const LADDERS: Record<MeasureSystem, Record<Dimension, readonly string[]>> = {
  metric: { mass: ["mg", "g", "kg"], volume: ["ml", "l"] },
  us: { mass: ["oz", "lb"], volume: ["tsp", "tbsp", "cup"] },
};

/** Merging never changes an amount: clean means exactly (metric: at most 2 decimals). */
const EXACT: Rounding = { usTolerance: 1e-9, metricStep: () => 0.01, metricTolerance: 1e-9 };

/**
 * Adds up amounts of one measure (see sameMeasure) into one, in the unit that reads naturally
 * (decision 13):
 * - all in one unit: that unit;
 * - otherwise in the system they were written in (metric or US; when both, the one that gives
 *   the larger share, metric on a tie), in the largest of that system's usual units (kg g mg,
 *   l ml, lb oz, cup tbsp tsp) and the units written in which it reads cleanly (metric: at
 *   least 1 with at most 2 decimals; US: kitchen fractions such as ¼ ⅓ ½ ⅔ ¾ cup, ½ tbsp,
 *   spoons only below a cup), else the largest in which it is at least 1.
 * Sums in a fixed order, so the order of the amounts never changes the result. The quantity is
 * exact (not rounded). `available`: the unit names that may be chosen (those the database has);
 * the units written always may.
 */
export function combineAmounts(
  amounts: readonly Amount[],
  available: (unit: string) => boolean = () => true,
): Amount {
  const first = amounts[0];
  if (!first) throw new Error("nothing to combine");
  if (!amounts.every((amount) => sameMeasure(amount.unit, first.unit))) {
    throw new Error("amounts of different measures cannot be combined");
  }
  const parts = amounts.map((amount) => ({ given: measureOf(amount.unit), amount }));
  if (amounts.every((amount) => amount.unit === first.unit) || !parts[0]?.given) {
    return { quantity: orderFreeSum(amounts.map((amount) => amount.quantity)), unit: first.unit };
  }
  const measured = parts.flatMap(({ given, amount }) =>
    given ? [{ given, baseAmount: amount.quantity * given.base }] : [],
  );
  const share = (system: MeasureSystem) =>
    orderFreeSum(measured.filter((p) => p.given.system === system).map((p) => p.baseAmount));
  const system: MeasureSystem = share("us") > share("metric") ? "us" : "metric";
  const dimension = parts[0].given.dimension;
  const written = measured.map((p) => p.given).filter((m) => m.system === system);
  const usual = LADDERS[system][dimension].filter(available).map(measure);
  const candidates = [...new Map([...usual, ...written].map((m) => [m.unit, m])).values()];
  return naturalAmount(orderFreeSum(measured.map((p) => p.baseAmount)), candidates, EXACT);
}

/** A sum that does not depend on the order of its terms (floating point addition does). */
function orderFreeSum(values: readonly number[]): number {
  return [...values].sort((a, b) => a - b).reduce((sum, value) => sum + value, 0);
}

// ---------- display in a cook's system ----------

export const UNITS_PREFERENCES = ["as_written", "metric", "us"] as const;
/** How a cook wants quantities shown: as the recipe's author wrote them, in metric or US units. */
export type UnitsPreference = (typeof UNITS_PREFERENCES)[number];

/**
 * A converted amount is rounded the kitchen's way: metric always to its step (kilograms and
 * litres to 0.01; grams and millilitres whole from 100 up, to 0.1 below), US to a kitchen
 * fraction when within 2% (5 ml is 1 tsp), else to 2 decimals.
 */
const KITCHEN_ROUNDING: Rounding = {
  usTolerance: 0.02,
  metricStep: (measure, quantity) => (measure.base >= 1000 ? 0.01 : quantity >= 100 ? 1 : 0.1),
  metricTolerance: Number.POSITIVE_INFINITY,
};

const DISPLAY_LADDERS: Record<MeasureSystem, Record<Dimension, readonly string[]>> = {
  metric: { mass: ["mg", "g", "kg"], volume: ["ml", "l"] },
  us: { mass: ["oz", "lb"], volume: ["tsp", "tbsp", "cup", "gallon"] },
};

/**
 * THE display conversion: a stored quantity as a cook who prefers `system` reads it.
 * - `as_written`, counts (piece, pinch, …) and units already of that system: unchanged.
 * - Teaspoons and tablespoons are kitchen measures in both systems: unchanged in metric
 *   (2 tbsp, not 29.57 ml).
 * - Otherwise converted into the system's usual units (metric: mg g kg, ml l; US: oz lb, tsp
 *   tbsp cup gallon), choosing the unit as the merge does (the largest in which it reads
 *   cleanly), rounded as KITCHEN_ROUNDING says: 1.5 kg is 3.31 lb, 29.57 ml is 2 tbsp.
 * The quantity is a number, at most 2 decimals, for the web to format (e.g. 0.25 as ¼).
 */
export function displayQuantity(
  quantity: number,
  unitName: string,
  system: UnitsPreference,
): Amount {
  const given = measureOf(unitName);
  if (system === "as_written" || !given || !(quantity > 0)) return { quantity, unit: unitName };
  if (given.system === system) return { quantity, unit: unitName };
  if (system === "metric" && (given.unit === "tsp" || given.unit === "tbsp")) {
    return { quantity, unit: unitName };
  }
  const candidates = DISPLAY_LADDERS[system][given.dimension].map(measure);
  const natural = naturalAmount(quantity * given.base, candidates, KITCHEN_ROUNDING);
  return { quantity: roundTo2(natural.quantity), unit: natural.unit };
}

/** Two decimals, half up, without binary surprises; a positive amount never shows as 0. */
export function roundTo2(value: number): number {
  const rounded = Math.round(Number((value * 100).toPrecision(12))) / 100;
  return value > 0 && rounded < 0.01 ? 0.01 : rounded;
}
