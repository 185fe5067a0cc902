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
  /** The step of a metric unit's amounts (0: the amount as it is). */
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
    candidates = [step > 0 ? Math.round(quantity / step) * step : quantity];
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
  const clean = cleanAmount(baseAmount, candidates, rounding);
  if (clean) return clean;
  const largestFirst = [...candidates].sort((a, b) => b.base - a.base);
  const fallback =
    largestFirst.find((measure) => baseAmount / measure.base >= 1) ??
    largestFirst[largestFirst.length - 1];
  if (!fallback) throw new Error("no unit to express an amount in");
  return { quantity: baseAmount / fallback.base, unit: fallback.unit };
}

/** `baseAmount` in the largest of `candidates` in which it reads cleanly, if any does. */
function cleanAmount(
  baseAmount: number,
  candidates: readonly Measure[],
  rounding: Rounding,
): Amount | undefined {
  const largestFirst = [...candidates].sort((a, b) => b.base - a.base);
  for (const measure of largestFirst) {
    const clean = cleanly(measure, baseAmount / measure.base, baseAmount, rounding);
    if (clean !== undefined) return { quantity: clean, unit: measure.unit };
  }
  return undefined;
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

/**
 * One amount in the unit that reads naturally (as combineAmounts would give it): among its
 * system's usual units and its own, so 0.5 kg reads 500 g and 1.5 kg stays 1.5 kg. A count
 * stays as it is. `available` as for combineAmounts.
 */
export function readNaturally(
  amount: Amount,
  available: (unit: string) => boolean = () => true,
): Amount {
  const given = measureOf(amount.unit);
  if (!given) return amount;
  const usual = LADDERS[given.system][given.dimension].filter(available).map(measure);
  const candidates = [...new Map([...usual, given].map((m) => [m.unit, m])).values()];
  return naturalAmount(amount.quantity * given.base, candidates, EXACT);
}

/** A sum that does not depend on the order of its terms (floating point addition does). */
function orderFreeSum(values: readonly number[]): number {
  return [...values].sort((a, b) => a - b).reduce((sum, value) => sum + value, 0);
}

// ---------- display in a cook's system ----------

export const UNITS_PREFERENCES = ["as_written", "metric", "us", "metric_weights"] as const;
/**
 * How a cook wants quantities shown: as the recipe's author wrote them, in metric or US units,
 * or in metric with what is spooned weighed ("125 g flour", not "1 cup": recipeLineText).
 */
export type UnitsPreference = (typeof UNITS_PREFERENCES)[number];

/**
 * The units a reader starts with until they choose (issue 37 §2): metric outside English, whose
 * cooks weigh in grams (a German reader of an American recipe sees its cups as millilitres and
 * grams); in English, as written, as the product always has (an English reader may be in the US
 * or in Britain, and the recipe's author chose its units for one of them).
 */
export const defaultUnitsFor = (language: string): UnitsPreference =>
  language === "en" ? "as_written" : "metric";

/**
 * How a shown amount picks its unit (issue 34 §6): metric in the largest unit in which it is at
 * least 1 (rounding comes after, by scaleNumber); US in the largest in which it is within 2% of
 * a whole number or kitchen fraction (5 ml is 1 tsp, 3 tsp is 1 tbsp, 16 tbsp is 1 cup).
 */
const DISPLAY_ROUNDING: Rounding = {
  usTolerance: 0.02,
  metricStep: () => 0,
  metricTolerance: Number.POSITIVE_INFINITY,
};

const DISPLAY_LADDERS: Record<MeasureSystem, Record<Dimension, readonly string[]>> = {
  metric: { mass: ["mg", "g", "kg"], volume: ["ml", "l"] },
  us: { mass: ["oz", "lb"], volume: ["tsp", "tbsp", "cup", "gallon"] },
};

/** Spoons are kitchen measures in both systems: a metric cook keeps them, in tsp or tbsp. */
const SPOONS = ["tsp", "tbsp"];

/**
 * An amount in `given` shown among `candidates` (its system's units): when `given` is one of
 * them, in a larger unit if it reads cleanly there (1500 g is 1.5 kg, 3 tsp is 1 tbsp, 16 tbsp
 * is 1 cup), else as it is while it is at least 1 (6⅓ tbsp stays, 4 tsp is not 1⅓ tbsp), else
 * in a smaller unit (0.67 kg is 670 g); converted from the other system, as the merge picks.
 */
function friendlierAmount(quantity: number, given: Measure, candidates: readonly Measure[]) {
  const baseAmount = quantity * given.base;
  if (!candidates.includes(given)) return naturalAmount(baseAmount, candidates, DISPLAY_ROUNDING);
  const larger = candidates.filter((m) => m.base > given.base);
  const up = cleanAmount(baseAmount, larger, DISPLAY_ROUNDING);
  if (up) return up;
  if (quantity >= 1) return { quantity, unit: given.unit };
  const smaller = candidates.filter((m) => m.base <= given.base);
  return naturalAmount(baseAmount, smaller, DISPLAY_ROUNDING);
}

/**
 * THE display rule for a measured amount (decision 13, issue 34 §6): a stored quantity as a
 * cook who prefers `system` reads it. The API's quantities stay exact; only what is shown moves.
 * - The system: `as_written` keeps the unit's own; metric or US converts into it, except that
 *   teaspoons and tablespoons stay spoons in metric (2 tbsp, not 29.57 ml). Counts (piece,
 *   pinch, …) are unchanged.
 * - The unit: the friendlier one of that system (friendlierAmount): 0.67 kg is 670 g, 1500 g is
 *   1.5 kg, 3 tsp is 1 tbsp, 16 tbsp is 1 cup, 29.57 ml is 2 tbsp for a US cook.
 * - The number: metric no more precise than a scale or a jug (scaleNumber: 333.33 ml is 333
 *   ml, 1.5 g stays 1.5 g); US to 2 decimals, which ingredientLineText writes as kitchen
 *   fractions (6⅓ tbsp, 1⅞ cups).
 */
export function displayQuantity(
  quantity: number,
  unitName: string,
  system: UnitsPreference,
): Amount {
  const given = measureOf(unitName);
  if (!given || !(quantity > 0)) return { quantity, unit: unitName };
  // Weighing what is spooned is recipeLineText's: every other amount reads as in metric.
  const chosen = system === "metric_weights" ? "metric" : system;
  const spoonsInMetric = chosen === "metric" && SPOONS.includes(given.unit);
  const target = chosen === "as_written" || spoonsInMetric ? given.system : chosen;
  const ladder = spoonsInMetric ? SPOONS : DISPLAY_LADDERS[target][given.dimension];
  const candidates = ladder.map(measure);
  if (given.system === target && !candidates.includes(given)) candidates.push(given);
  const shown = friendlierAmount(quantity, given, candidates);
  const unit = shown.unit === given.unit ? unitName : shown.unit;
  const number = measure(shown.unit).system === "metric" ? scaleNumber : roundTo2;
  return { quantity: number(shown.quantity), unit };
}

/**
 * A metric amount as precise as a scale or a jug: whole numbers from 10 up, three significant
 * figures at most (333.33 → 333, 1234 → 1230, 2.834 → 2.83, 1.5 → 1.5), 2 decimals at most
 * (the spec's rule), a positive amount never 0.
 */
export function scaleNumber(value: number): number {
  if (!(value > 0)) return value;
  if (value >= 10) return Number(Math.round(value).toPrecision(3));
  const factor = 10 ** (2 - Math.floor(Math.log10(value)));
  return roundTo2(Math.round(Number((value * factor).toPrecision(12))) / factor);
}

/** Two decimals, half up, without binary surprises; a positive amount never shows as 0. */
export function roundTo2(value: number): number {
  const rounded = Math.round(Number((value * 100).toPrecision(12))) / 100;
  return value > 0 && rounded < 0.01 ? 0.01 : rounded;
}

// ---------- THE ingredient line as a cook reads it ----------
// One rule for the recipe page, cook mode, the shopping list, the planner and the JSON-LD
// export (issue 22): "2 eggs", "1½ eggs", "½ tsp", "¼ cup", "200 g", "2 cloves", "Salt to taste".

/** Units that do not scale with guests: a pinch is a pinch for 2 or for 12. */
const UNSCALED = new Set(["pinch", "dash", "to taste"]);

/** Whether a unit's quantity grows with the guests (a pinch, a dash or "to taste" do not). */
export function scalesWithGuests(unitName: string): boolean {
  return !UNSCALED.has(unitName.trim().toLowerCase());
}

/**
 * The quantity to show for `guests` of a per-serving quantity: times the guests, except for
 * the units that do not scale, which stay as written for the recipe's `servings`.
 */
export function quantityForGuests(
  perServing: number,
  unitName: string,
  guests: number,
  servings: number,
): number {
  return perServing * (scalesWithGuests(unitName) ? guests : servings);
}

/** A counted thing with no unit of its own: "2 eggs", not "2 piece Egg". */
export function isPlainCount(unitName: string): boolean {
  const unit = unitName.trim().toLowerCase();
  return unit === "" || unit === "piece";
}

const GLYPHS: [number, string][] = [
  [1 / 8, "⅛"],
  [1 / 4, "¼"],
  [1 / 3, "⅓"],
  [3 / 8, "⅜"],
  [1 / 2, "½"],
  [5 / 8, "⅝"],
  [2 / 3, "⅔"],
  [3 / 4, "¾"],
  [7 / 8, "⅞"],
];

/** "1½", "¼", "2": a whole number and one of `fractions` (0 for none). */
function withGlyph(whole: number, fraction: number): string {
  const glyph = GLYPHS.find(([value]) => Math.abs(value - fraction) < 1e-9)?.[1] ?? "";
  if (!glyph) return String(whole);
  return whole === 0 ? glyph : `${whole}${glyph}`;
}

/** 2 decimals without trailing zeros: 2.5, 0.37, 400. */
const decimals = (value: number) => String(roundTo2(value));

/**
 * The whole number or `whole + fraction` nearest to `quantity`, at least the smallest fraction
 * (or 1 without fractions); `within`: only when that close (relative), else undefined.
 */
function nearestFraction(
  quantity: number,
  fractions: readonly number[],
  within = Number.POSITIVE_INFINITY,
): { whole: number; fraction: number } | undefined {
  const whole = Math.floor(quantity);
  const least = fractions[0] ?? 1;
  let best: { whole: number; fraction: number } | undefined;
  let bestOff = Number.POSITIVE_INFINITY;
  for (const fraction of [0, ...fractions, 1]) {
    const candidate = whole + fraction;
    if (candidate < least - 1e-9) continue;
    const off = Math.abs(candidate - quantity);
    if (off > within * quantity || off >= bestOff - 1e-9) continue;
    bestOff = off;
    best = fraction === 1 ? { whole: whole + 1, fraction: 0 } : { whole, fraction };
  }
  return best;
}

const COUNT_FRACTIONS = [1 / 4, 1 / 3, 1 / 2, 2 / 3, 3 / 4];

/**
 * A count as a person writes it: the nearest quarter or third (an egg is not measured to the
 * hundredth), at least ¼: 1.5 → "1½", 0.25 → "¼", 1.2 → "1¼". `snapped` is that number.
 */
function countNumber(quantity: number): { text: string; snapped: number } {
  const { whole, fraction } = nearestFraction(quantity, COUNT_FRACTIONS) ?? {
    whole: 1,
    fraction: 0,
  };
  return { text: withGlyph(whole, fraction), snapped: whole + fraction };
}

/**
 * The kitchen fractions of each US unit. Spoons and cups always read in them, to the nearest
 * (6⅓ tbsp, 1⅞ cups), as counts do; the other US units when within 2% (13¼ oz, 1½ lb), else
 * in decimals; metric units never (scaleNumber).
 */
const FRACTION_UNITS: Record<string, readonly number[]> = {
  // A set of measuring spoons goes down to ⅛ tsp: ⅜ tsp is ¼ and ⅛ (Paprika writes 3/8 too).
  tsp: [1 / 8, 1 / 4, 1 / 3, 3 / 8, 1 / 2, 5 / 8, 2 / 3, 3 / 4, 7 / 8],
  // ⅓ tbsp is 1 tsp, ¼ tbsp ¾ tsp: what a smaller spoon adds.
  tbsp: [1 / 4, 1 / 3, 1 / 2, 2 / 3, 3 / 4],
  cup: [1 / 8, 1 / 4, 1 / 3, 3 / 8, 1 / 2, 5 / 8, 2 / 3, 3 / 4, 7 / 8],
  "fl oz": [1 / 2],
  pint: [1 / 2],
  quart: [1 / 2],
  gallon: [1 / 4, 1 / 2, 3 / 4],
  oz: [1 / 4, 1 / 2, 3 / 4],
  lb: [1 / 2],
};
const ALWAYS_FRACTIONS = new Set(["tsp", "tbsp", "cup"]);

/** A shown measured amount's number: "6⅓", "1⅞", "13¼", "3.31", "333". `snapped` is its value. */
function measureNumber(quantity: number, unit: string): { text: string; snapped: number } {
  const fractions = FRACTION_UNITS[unit];
  const near =
    fractions &&
    nearestFraction(quantity, fractions, ALWAYS_FRACTIONS.has(unit) ? undefined : 0.02);
  if (near) {
    return { text: withGlyph(near.whole, near.fraction), snapped: near.whole + near.fraction };
  }
  const number = fractions ? roundTo2(quantity) : scaleNumber(quantity);
  return { text: String(number), snapped: number };
}

/** Units that take an "s" when there are more than one of them: "2 cups", "3 cloves". */
const UNITS_WITHOUT_PLURAL = new Set(
  [...MEASURES.keys()].filter((unit) => !/^(cup|pint|quart|gallon)$/.test(unit)),
);

/** Words that stay as they are when there are more of them (mass nouns and plurals). */
const SAME_IN_PLURAL = new Set([
  "fish",
  "garlic",
  "celery",
  "spinach",
  "parsley",
  "rosemary",
  "oregano",
  "honey",
  "butter",
  "salt",
  "sugar",
  "rice",
  "bread",
  "lettuce",
  "broccoli",
  "cauliflower",
  "kale",
  "asparagus",
  "saffron",
  "tofu",
  "bacon",
  "cheese",
  "chocolate",
  "corn",
  "sheep",
  "deer",
  "squid",
  "salmon",
  "tuna",
  "cod",
  "trout",
  "shrimp",
  "cress",
  "watercress",
  "bok choy",
  "sushi",
]);

/** English plurals that do not take a plain "s". */
const IRREGULAR_PLURALS: Record<string, string> = {
  leaf: "leaves",
  loaf: "loaves",
  half: "halves",
  knife: "knives",
  potato: "potatoes",
  tomato: "tomatoes",
  mango: "mangoes",
  cactus: "cacti",
  radish: "radishes",
  foot: "feet",
  goose: "geese",
  mouse: "mice",
};

/** The plural of one lower-case word by the simple English rules. */
function pluralWord(word: string): string {
  const lower = word.toLowerCase();
  if (SAME_IN_PLURAL.has(lower)) return word;
  const irregular = IRREGULAR_PLURALS[lower];
  if (irregular) return word[0] === lower[0] ? irregular : word[0] + irregular.slice(1);
  // Already a plural (or a word such as "hummus" or "couscous" that does not change).
  if (/[^s]s$|us$|ss$/.test(lower) && !/ss$/.test(lower)) return word;
  if (/[^aeiou]y$/.test(lower)) return `${word.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/.test(lower)) return `${word}es`;
  return `${word}s`;
}

/**
 * The plural of an ingredient name ("Red onion" → "Red onions", "Bay leaf" → "Bay leaves",
 * "Chipotle in adobo" → "Chipotles in adobo", "Chives" stays): the head word is the last one,
 * or the one before "in", "of", "de" or "with".
 */
export function pluralName(name: string): string {
  if (SAME_IN_PLURAL.has(name.toLowerCase())) return name;
  const words = name.split(" ");
  const joiner = words.findIndex((word, i) => i > 0 && /^(in|of|de|with)$/i.test(word));
  const head = joiner > 0 ? joiner - 1 : words.length - 1;
  const word = words[head] ?? "";
  words[head] = pluralWord(word);
  return words.join(" ");
}

/** "2 cups", "1 cup", "3 cloves", "2 pinches", "½ can". */
function unitText(unit: string, quantity: number): string {
  if (quantity <= 1 || UNITS_WITHOUT_PLURAL.has(unit) || measureOf(unit)?.system === "metric")
    return unit;
  return unit
    .split(" ")
    .map((word, i, all) => (i === all.length - 1 ? pluralWord(word) : word))
    .join(" ");
}

/** A name in running text: "eggs", "red onions"; proper names keep their capitals ("Yukon Gold potatoes"). */
function inRunningText(name: string): string {
  if (/[A-Z]/.test(name.slice(1))) return name;
  return name.charAt(0).toLowerCase() + name.slice(1);
}

export interface IngredientLineText {
  /** "2", "1½ tbsp", "200 g", "" for "to taste". */
  amount: string;
  /** "eggs", "All-purpose flour", "Salt to taste". */
  name: string;
  /** The whole line: "2 eggs", "200 g All-purpose flour", "Salt to taste", "3 onions (2⅔ needed)". */
  text: string;
  /** The amount as stored when what is shown was rounded to a kitchen fraction (a tooltip). */
  exact?: string;
  /** Bought whole: what the recipes need when the amount was rounded up to buy ("2⅔"). */
  needed?: string;
}

/** What a line is read for: cooking (the amount as needed) or buying (see ingredientLineText). */
export interface LineUse {
  /** The shopping list: a counted thing is bought whole, rounded up, its need beside it. */
  buying?: boolean;
}

/** The amount and its extras, before a name is put after it. */
interface AmountText {
  amount: string;
  exact?: string;
  needed?: string;
}

/** "2 eggs" + " (1½ needed)": the whole line from its parts. */
function lineOf({ amount, exact, needed }: AmountText, name: string): IngredientLineText {
  const words = amount ? `${amount} ${name}` : name;
  return {
    amount,
    name,
    text: needed ? `${words} (${needed} needed)` : words,
    ...(exact ? { exact } : {}),
    ...(needed ? { needed } : {}),
  };
}

/** Whether `shown` differs from `quantity` by more than the 2 decimals the spec shows. */
const rounded = (shown: number, quantity: number) => Math.abs(shown - quantity) > 0.005;

/**
 * A count's amount ("1½", "2 cloves"): the nearest quarter or third; when buying, rounded up
 * to a whole one with that need beside it ("3" and "2⅔ needed"). `unit`: "" for a plain count.
 */
function countAmount(quantity: number, unit: string, use: LineUse): AmountText & { count: number } {
  const { text, snapped } = countNumber(quantity);
  const withUnit = (number: string, count: number) =>
    unit ? `${number} ${unitText(unit, count)}` : number;
  const exact = rounded(snapped, quantity) ? `${decimals(quantity)} ${unit}`.trim() : undefined;
  const extras = exact ? { exact } : {};
  if (use.buying && !Number.isInteger(snapped)) {
    const whole = Math.ceil(snapped);
    return { amount: withUnit(String(whole), whole), count: whole, needed: text, ...extras };
  }
  return { amount: withUnit(text, snapped), count: snapped, ...extras };
}

/**
 * THE way an ingredient line reads: `quantity` of `unitName` of `ingredientName`, in the
 * cook's units and the friendlier unit of its system (displayQuantity: 670 g, not 0.67 kg).
 * Counted things read "2 eggs", "1½ eggs", "¼ onion" (the nearest quarter or third; the exact
 * amount in `exact`), never "piece"; other counts take a plural unit ("2 cloves", "2
 * pinches"); a pinch or dash is at least one whole; spoons and cups read in kitchen fractions,
 * to the nearest ("½ tsp", "6⅓ tbsp", "1⅞ cups"; the amount before in `exact`), ounces and
 * pounds when close ("13¼ oz"); metric measures as a scale or a jug gives them ("333 ml",
 * "1.5 g"); "to taste" has no amount. When `buying` (the shopping list), a counted thing is
 * bought whole: "3 onions (2⅔ needed)", "2 cans (1½ needed)". The quantity is the one to show:
 * scale it first (or not: see scalesWithGuests).
 *
 * The unit and the ingredient may be given as the answers carry them (`{name, forms, code}`,
 * names.ts): with a `reader` of another language than English, the line reads in it (see
 * readerLineText); in English exactly as above.
 */
export function ingredientLineText(
  quantity: number,
  unitName: string | CatalogueName,
  ingredientName: string | CatalogueName,
  system: UnitsPreference = "as_written",
  use: LineUse = {},
  reader?: Reader,
): IngredientLineText {
  if (reader && reader.language !== "en") {
    return readerLineText(quantity, named(unitName), named(ingredientName), system, use, reader);
  }
  const unit = codeOf(unitName).trim();
  const name = typeof ingredientName === "string" ? ingredientName : ingredientName.name;
  return englishLineText(quantity, unit, name, system, use);
}

function englishLineText(
  quantity: number,
  unit: string,
  ingredientName: string,
  system: UnitsPreference,
  use: LineUse,
): IngredientLineText {
  const lowerUnit = unit.toLowerCase();
  if (lowerUnit === "to taste") return lineOf({ amount: "" }, `${ingredientName} to taste`);
  if (isPlainCount(unit)) {
    const { count, ...amount } = countAmount(quantity, "", use);
    return lineOf(amount, inRunningText(count > 1 ? pluralName(ingredientName) : ingredientName));
  }
  const shown = displayQuantity(quantity, unit, system);
  if (!measureOf(shown.unit)) {
    if (lowerUnit === "pinch" || lowerUnit === "dash") {
      const whole = Math.max(1, Math.ceil(roundTo2(quantity)));
      return lineOf({ amount: `${whole} ${unitText(unit, whole)}` }, ingredientName);
    }
    const { count: _, ...amount } = countAmount(quantity, unit, use);
    return lineOf(amount, ingredientName);
  }
  const { text, snapped } = measureNumber(shown.quantity, shown.unit);
  const exact = rounded(snapped, shown.quantity)
    ? `${decimals(shown.quantity)} ${shown.unit}`
    : undefined;
  return lineOf(
    { amount: `${text} ${unitText(shown.unit, snapped)}`, ...(exact ? { exact } : {}) },
    ingredientName,
  );
}

/**
 * THE way a line kept as written reads (a recipe's row kept as written, a free-text shopping
 * line): its words as written, never made plural nor lower-cased, after its amount when it
 * has one, the amount read as every ingredient line's ("2 kg mystery flour", "3 paper
 * towels", "½ cup fresh herbs", bought whole when `buying`); without a quantity, only the
 * words ("a handful of fresh herbs"). A quantity without a unit is a count ("2 lemons, zested").
 * With a `reader` of another language, its amount reads in it (the words stay as written).
 */
export function freeLineText(
  quantity: number | null,
  unitName: string | CatalogueName | null,
  text: string,
  system: UnitsPreference = "as_written",
  use: LineUse = {},
  reader?: Reader,
): IngredientLineText {
  if (quantity === null) return { amount: "", name: text, text };
  if (reader && reader.language !== "en") {
    return readerLineText(
      quantity,
      named(unitName ?? ""),
      { name: text },
      system,
      use,
      reader,
      true,
    );
  }
  const { amount, exact, needed } = ingredientLineText(
    quantity,
    codeOf(unitName ?? ""),
    "",
    system,
    use,
  );
  return lineOf({ amount, ...(exact ? { exact } : {}), ...(needed ? { needed } : {}) }, text);
}

/** A recipe's ingredient row as recipeLineText reads it (RecipeIngredient's fields). */
export interface RecipeLine {
  ingredient: { name: string; forms?: NameForms } | null;
  /** Per ONE serving. */
  quantity: number | null;
  unit: { name: string; forms?: NameForms; code?: string } | null;
  text: string | null;
  /** Grams in one of its unit, for a volume of something spooned (RecipeIngredient). */
  grams_per_unit?: number | null;
}

/**
 * THE way a recipe's ingredient row reads for `guests` (the recipe page, cook mode, the
 * JSON-LD export): a catalogue row by ingredientLineText, a row kept as written by
 * freeLineText; its quantity per ONE serving scaled as quantityForGuests says (a pinch stays a
 * pinch), the same for both. With a `reader` of another language, in it. A volume of something
 * spooned whose weight is known (`grams_per_unit`) reads with its weight beside it in metric
 * ("1 cup (125 g) All-purpose flour", the volume as written), and as its weight alone for a
 * cook who weighs (`metric_weights`: "125 g All-purpose flour").
 */
export function recipeLineText(
  line: RecipeLine,
  guests: number,
  servings: number,
  system: UnitsPreference = "as_written",
  reader?: Reader,
): IngredientLineText {
  const unitName = line.unit ? codeOf(line.unit) : "";
  const quantity =
    line.quantity === null ? null : quantityForGuests(line.quantity, unitName, guests, servings);
  if (line.ingredient === null) {
    return freeLineText(quantity, line.unit ?? null, line.text ?? "", system, {}, reader);
  }
  const grams = line.grams_per_unit && quantity ? quantity * line.grams_per_unit : null;
  if (grams !== null && system === "metric_weights") {
    return ingredientLineText(grams, "g", line.ingredient, "metric", {}, reader);
  }
  const read = ingredientLineText(
    quantity ?? 0,
    line.unit ?? "",
    line.ingredient,
    system,
    {},
    reader,
  );
  if (grams === null || system !== "metric") return read;
  const asWritten = ingredientLineText(
    quantity ?? 0,
    line.unit ?? "",
    line.ingredient,
    "as_written",
    {},
    reader,
  );
  const weight = ingredientLineText(grams, "g", "", "metric", {}, reader).amount;
  const amount = `${asWritten.amount} (${weight})`;
  const { exact, name } = asWritten;
  return reader && reader.language !== "en"
    ? readerLineOf({ amount, ...(exact ? { exact } : {}) }, name, reader.language)
    : lineOf({ amount, ...(exact ? { exact } : {}) }, name);
}

// ---------- the line in the reader's language (issue 37 §3) ----------

/** A name's plural forms by CLDR plural category ({"one": "Ei", "other": "Eier"}): names.ts. */
export interface NameForms {
  zero?: string;
  one?: string;
  two?: string;
  few?: string;
  many?: string;
  other: string;
}

/**
 * A catalogue ingredient or unit as an answer names it: `name` in the reader's language, its
 * `forms` when the language inflects it, and for a unit outside English its English `code`.
 */
export interface CatalogueName {
  name: string;
  forms?: NameForms;
  code?: string;
}

/** Who reads a line: their language, and the names of the units a conversion may pick. */
export interface Reader {
  /** One of the ten languages' codes ("de", "pt-BR", "ja"). */
  language: string;
  /**
   * A unit's name in the reader's language by its English name ("tbsp" → "EL"), for a unit
   * the cook's system converts into; without it, the unit's English symbol.
   */
  unitName?: (code: string) => CatalogueName | undefined;
}

/** The name the unit rules know a unit by: its `code` (outside English), else its name. */
export function codeOf(unit: string | CatalogueName): string {
  return typeof unit === "string" ? unit : (unit.code ?? unit.name);
}

const named = (thing: string | CatalogueName): CatalogueName =>
  typeof thing === "string" ? { name: thing } : thing;

const PLURAL_RULES = new Map<string, Intl.PluralRules>();
const DECIMAL_SEPARATORS = new Map<string, string>();

/**
 * The form of `name` for `count` in `language` ("Eier" for 2, "jajek" for 5, "Ei" for ½), as
 * it reads after the count's numeral (every caller writes one).
 */
export function nameForCount(name: CatalogueName, count: number, language: string): string {
  if (!name.forms) return name.name;
  let rules = PLURAL_RULES.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language);
    PLURAL_RULES.set(language, rules);
  }
  // Less than one is a part of one thing ("½ Ei", "¼ Zwiebel", "½ taza"), where the rules say
  // "other"; Polish names a part with its "other" form, which is that form ("½ jajka").
  let category = count > 0 && count < 1 && language !== "pl" ? "one" : rules.select(count);
  // Arabic's dual already says "two" ("بيضتان" is "two eggs"): after the numeral 2 the word
  // is singular, as Arabic recipes write it ("2 بيضة", "2 ملعقة كبيرة"), not "2 بيضتان".
  if (category === "two" && language === "ar") category = "one";
  return name.forms[category] ?? name.forms.other;
}

/** "1.5" → "1,5" where the language writes a decimal comma; kitchen glyphs stay ("1½"). */
export function localNumber(text: string, language: string): string {
  let separator = DECIMAL_SEPARATORS.get(language);
  if (separator === undefined) {
    separator =
      new Intl.NumberFormat(language, { numberingSystem: "latn" })
        .formatToParts(1.5)
        .find((part) => part.type === "decimal")?.value ?? ".";
    DECIMAL_SEPARATORS.set(language, separator);
  }
  return separator === "." ? text : text.replace(".", separator);
}

/** Japanese writes spoons and cups before their number ("大さじ2"), other units after ("200g"). */
const UNIT_FIRST_IN_JAPANESE = new Set(["tsp", "tbsp", "cup"]);

/** A number and its unit's word as the language writes them: "2 EL", "大さじ2", "200g". */
function withUnit(number: string, word: string, code: string, language: string): string {
  if (word === "") return number;
  if (language === "ja") {
    return UNIT_FIRST_IN_JAPANESE.has(code.toLowerCase()) ? `${word}${number}` : `${number}${word}`;
  }
  return `${number} ${word}`;
}

/**
 * A name in running text after a count: "2 œufs", "5 jajek" (lower case, unless the name
 * holds other capitals), but German keeps its nouns' capitals ("2 Eier").
 */
function inRunningTextOf(name: string, language: string): string {
  return language === "de" ? name : inRunningText(name);
}

/** The whole line: the amount first, but the name first in Japanese ("卵 2個", "薄力粉 200g"). */
function readerLineOf(
  { amount, exact, needed }: AmountText,
  name: string,
  language: string,
): IngredientLineText {
  const words = amount ? (language === "ja" ? `${name} ${amount}` : `${amount} ${name}`) : name;
  return {
    amount,
    name,
    text: needed ? `${words} (${needed} needed)` : words,
    ...(exact ? { exact } : {}),
    ...(needed ? { needed } : {}),
  };
}

/**
 * ingredientLineText's rules, read in the reader's language: the unit and the ingredient in
 * the form their count takes there (Intl.PluralRules: "2 Eier", "5 jajek", "1½ jajka", "2
 * Zehen"), numbers with the language's decimal separator ("1,5 kg"; kitchen glyphs kept:
 * "½ TL"), "to taste" after the name ("Salz nach Geschmack"), Japanese in its own order
 * ("卵 2個", "醤油 大さじ2"). `asWritten`: a row kept as written, its words untouched. The
 * "(… needed)" of a line to buy is left in English for the page to say in its catalogue.
 */
function readerLineText(
  quantity: number,
  unit: CatalogueName,
  ingredient: CatalogueName,
  system: UnitsPreference,
  use: LineUse,
  reader: Reader,
  asWritten = false,
): IngredientLineText {
  const language = reader.language;
  const num = (text: string) => localNumber(text, language);
  const code = codeOf(unit).trim();
  const lowerCode = code.toLowerCase();
  if (lowerCode === "to taste") {
    return readerLineOf({ amount: "" }, `${ingredient.name} ${unit.name}`.trim(), language);
  }
  const countExtras = (amount: AmountText, word: string) => ({
    ...(amount.exact ? { exact: withUnit(num(decimals(quantity)), word, code, language) } : {}),
    ...(amount.needed ? { needed: num(amount.needed) } : {}),
  });
  if (isPlainCount(code)) {
    const { count, ...amount } = countAmount(quantity, "", use);
    const name = asWritten
      ? ingredient.name
      : inRunningTextOf(nameForCount(ingredient, count, language), language);
    // Japanese counts with its counter ("2個"); the others say the thing's plural.
    const counter = language === "ja" && lowerCode === "piece" ? unit.name : "";
    return readerLineOf(
      {
        amount: withUnit(num(amount.amount), counter, code, language),
        ...countExtras(amount, counter),
      },
      name,
      language,
    );
  }
  const shown = displayQuantity(quantity, code, system);
  if (!measureOf(shown.unit)) {
    if (lowerCode === "pinch" || lowerCode === "dash") {
      const whole = Math.max(1, Math.ceil(roundTo2(quantity)));
      const word = nameForCount(unit, whole, language);
      return readerLineOf(
        { amount: withUnit(String(whole), word, code, language) },
        ingredient.name,
        language,
      );
    }
    const { count, ...amount } = countAmount(quantity, "", use);
    const word = nameForCount(unit, count, language);
    return readerLineOf(
      {
        amount: withUnit(num(amount.amount), word, code, language),
        ...countExtras(amount, nameForCount(unit, quantity, language)),
      },
      ingredient.name,
      language,
    );
  }
  const shownUnit =
    shown.unit === code ? unit : (reader.unitName?.(shown.unit) ?? { name: shown.unit });
  const { text, snapped } = measureNumber(shown.quantity, shown.unit);
  const exact = rounded(snapped, shown.quantity)
    ? withUnit(
        num(decimals(shown.quantity)),
        nameForCount(shownUnit, shown.quantity, language),
        shown.unit,
        language,
      )
    : undefined;
  return readerLineOf(
    {
      amount: withUnit(num(text), nameForCount(shownUnit, snapped, language), shown.unit, language),
      ...(exact ? { exact } : {}),
    },
    ingredient.name,
    language,
  );
}
