// The ways recipes write each unit of units.json. Lower-cased lookups, except the one-letter
// spoon abbreviations, where case is the meaning: "T" is a tablespoon and "t" a teaspoon.

const ALIASES: Record<string, string[]> = {
  g: ["g", "gr", "grs", "gm", "gms", "gram", "grams", "gramme", "grammes"],
  kg: ["kg", "kgs", "kilo", "kilos", "kilogram", "kilograms", "kilogramme", "kilogrammes"],
  mg: ["mg", "milligram", "milligrams"],
  ml: ["ml", "mls", "millilitre", "millilitres", "milliliter", "milliliters"],
  l: ["l", "ltr", "ltrs", "litre", "litres", "liter", "liters"],
  dl: ["dl", "decilitre", "decilitres", "deciliter", "deciliters"],
  cl: ["cl", "centilitre", "centilitres", "centiliter", "centiliters"],
  tsp: ["tsp", "tsps", "tspn", "ts", "teaspoon", "teaspoons", "teaspoonful", "teaspoonfuls"],
  tbsp: [
    "tbsp",
    "tbsps",
    "tbs",
    "tbl",
    "tbls",
    "tblsp",
    "tbsps",
    "tablespoon",
    "tablespoons",
    "tablespoonful",
    "tablespoonfuls",
  ],
  cup: ["cup", "cups", "c"],
  "fl oz": ["fl oz", "fl. oz", "floz", "fluid ounce", "fluid ounces", "fluid oz"],
  oz: ["oz", "ozs", "ounce", "ounces"],
  lb: ["lb", "lbs", "pound", "pounds"],
  pint: ["pint", "pints", "pt", "pts"],
  quart: ["quart", "quarts", "qt", "qts"],
  gallon: ["gallon", "gallons", "gal", "gals"],
  piece: ["piece", "pieces", "pc", "pcs"],
  clove: ["clove", "cloves"],
  pinch: ["pinch", "pinches"],
  dash: ["dash", "dashes", "splash", "splashes"],
  can: ["can", "cans", "tin", "tins"],
  slice: ["slice", "slices"],
  bunch: ["bunch", "bunches"],
  sprig: ["sprig", "sprigs"],
  handful: ["handful", "handfuls"],
  stick: ["stick", "sticks"],
  head: ["head", "heads"],
  leaf: ["leaf", "leaves"],
  sheet: ["sheet", "sheets"],
  packet: [
    "packet",
    "packets",
    "pack",
    "packs",
    "package",
    "packages",
    "pkg",
    "sachet",
    "sachets",
    "envelope",
    "envelopes",
  ],
  jar: ["jar", "jars"],
  bottle: ["bottle", "bottles"],
  drop: ["drop", "drops"],
  stalk: ["stalk", "stalks", "rib", "ribs"],
  fillet: ["fillet", "fillets"],
  rasher: ["rasher", "rashers"],
  knob: ["knob", "knobs"],
  bag: ["bag", "bags"],
  box: ["box", "boxes"],
  pod: ["pod", "pods"],
  ear: ["ear", "ears"],
  scoop: ["scoop", "scoops"],
  inch: ["inch", "inches"],
  cm: ["cm", "cms", "centimetre", "centimetres", "centimeter", "centimeters"],
};

/** Case is meaning for these. */
const CASE_SENSITIVE: Record<string, string> = { T: "tbsp", Tb: "tbsp", t: "tsp", C: "cup" };

const BY_ALIAS = new Map<string, string>();
for (const [unit, aliases] of Object.entries(ALIASES)) {
  for (const alias of aliases) BY_ALIAS.set(alias, unit);
}

/** The unit a single word (or "fl oz") stands for, or undefined. */
function unitOf(word: string): string | undefined {
  const bare = word.replace(/\.+$/, "");
  const exact = CASE_SENSITIVE[bare];
  if (exact) return exact;
  if (bare.length === 1 && bare !== "g" && bare !== "l" && bare !== "L" && bare !== "c") {
    return undefined;
  }
  return BY_ALIAS.get(bare.toLowerCase());
}

const WORD = /^([A-Za-z]+\.?)(?:\s*([A-Za-z]+\.?))?(?=$|[\s,/);:-])/;

/**
 * The unit word at the start of `text` ("Tbsp. sugar", "fl oz milk", "g flour"), with the
 * text after it; undefined when the text does not start with one. A word only counts when it
 * ends there ("T-bone" and "grapes" hold no unit).
 */
export function findUnit(text: string): { unit: string; rest: string } | undefined {
  const match = WORD.exec(text);
  if (!match?.[1]) return undefined;
  const [first, second] = [match[1], match[2]];
  if (second) {
    const pair = BY_ALIAS.get(
      `${first.replace(/\.$/, "")} ${second.replace(/\.$/, "")}`.toLowerCase(),
    );
    const pairDotted = BY_ALIAS.get(`${first} ${second.replace(/\.$/, "")}`.toLowerCase());
    const unit = pair ?? pairDotted;
    if (unit) return { unit, rest: text.slice(match[0].length).trim() };
  }
  const unit = unitOf(first);
  if (!unit) return undefined;
  const after = text.slice(first.length);
  // "T-bone": a hyphen joins the letter to a word; it is no unit.
  if (after.startsWith("-")) return undefined;
  return { unit, rest: after.trim() };
}
