// Splits one free-text ingredient line ("1 ½ cups plain flour, sifted") into quantity, unit,
// the words that name the ingredient and a note. Pure: matching the words to the catalogue
// is match-lines.ts's job. The rules are listed in docs/decisions/0015-recipe-import.md.
import type { Language } from "@potluck/contract/languages";
import { parseLocalLine } from "./languages/parse.js";
import { isKnownOtherName } from "./match-lines.js";
import { findUnit } from "./unit-words.js";

export interface ParsedLine {
  original: string;
  /** Null when the line gives none ("salt to taste", "salt and pepper"). */
  quantity: number | null;
  /** A name from the units catalogue (units.json), or null. */
  unit: string | null;
  /** The words to look up in the ingredient catalogue, lower case. */
  ingredientText: string;
  /** What the line says beyond its amount and ingredient ("diced", "400 g"), or "". */
  note: string;
  /** The line said "optional" ("1 tsp vanilla (optional)"); not in `note`. */
  optional: boolean;
}

const VULGAR_FRACTIONS: Record<string, string> = {
  "½": "1/2",
  "⅓": "1/3",
  "⅔": "2/3",
  "¼": "1/4",
  "¾": "3/4",
  "⅕": "1/5",
  "⅖": "2/5",
  "⅗": "3/5",
  "⅘": "4/5",
  "⅙": "1/6",
  "⅚": "5/6",
  "⅛": "1/8",
  "⅜": "3/8",
  "⅝": "5/8",
  "⅞": "7/8",
};

const NUMBER_WORDS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  half: 0.5,
  dozen: 12,
  "a dozen": 12,
  "half a": 0.5,
  "half an": 0.5,
  "a half": 0.5,
  "a couple of": 2,
  "a couple": 2,
  "couple of": 2,
};

// One number: "1", "1.5", "1,5" (a decimal comma), ".5", "1/2", "1 1/2", "1-1/2".
const NUMBER = String.raw`(?:\d+(?:\s+|-)\d+\s*/\s*\d+|\d+\s*/\s*\d+|\d+(?:[.,]\d+)?|[.,]\d+)`;
const RANGE_JOIN = String.raw`\s*(?:-|–|—|to|or)\s*`;
const LEADING_QUANTITY = new RegExp(
  String.raw`^(${NUMBER})(?:${RANGE_JOIN}(${NUMBER}))?(?=$|[\s\p{L}(/-])`,
  "iu",
);
const LEADING_NUMBER_WORD = new RegExp(
  String.raw`^(${Object.keys(NUMBER_WORDS)
    .sort((a, b) => b.length - a.length)
    .map((word) => word.replace(/ /g, "\\s+"))
    .join("|")})(?=\s)`,
  "i",
);

/** Sizes and amounts that describe the unit or the item, not the ingredient: into the note. */
const SIZE_WORDS = new Set([
  "large",
  "medium",
  "small",
  "big",
  "jumbo",
  "extra-large",
  "xl",
  "heaped",
  "heaping",
  "level",
  "rounded",
  "scant",
  "generous",
  "good",
  "about",
  "approximately",
  "approx",
  "approx.",
  "roughly",
  "around",
  "few",
]);

/**
 * Preparation words that no catalogue name contains (checked by a unit test): taken out of
 * the words to match and kept in the note. Words that do begin names ("ground", "dried",
 * "fresh", "smoked", "sliced", "chopped") stay: the matcher weighs them.
 */
export const PREPARATION_WORDS = new Set([
  "finely",
  "thinly",
  "coarsely",
  "freshly",
  "lightly",
  "firmly",
  "loosely",
  "well",
  "diced",
  "minced",
  "grated",
  "crushed",
  "melted",
  "softened",
  "beaten",
  "sifted",
  "packed",
  "ripe",
  "boneless",
  "skinless",
  "trimmed",
  "halved",
  "quartered",
  "cubed",
  "cooked",
  "uncooked",
  "raw",
  "cold",
  "warm",
  "chilled",
  "deseeded",
  "seeded",
  "pitted",
  "rinsed",
  "drained",
  "washed",
  "zested",
  "juiced",
  "torn",
  "optional",
  "organic",
  "homemade",
  "store-bought",
  "unpeeled",
  "room-temperature",
  "stemmed",
  "cored",
  "julienned",
  "picked",
  "plus",
]);

/** Unit words a line may put after the ingredient: "2 garlic cloves" is 2 clove Garlic. */
const TRAILING_UNIT_WORDS = new Set([
  "clove",
  "cloves",
  "sprig",
  "sprigs",
  "stalk",
  "stalks",
  "rasher",
  "rashers",
  "slice",
  "slices",
  "bunch",
  "bunches",
]);

/** Units that hold a stated size of something else: "2 x 400g tins", "1 (14 oz) can". */
const CONTAINERS = new Set(["can", "jar", "packet", "bag", "box", "bottle"]);

/** Units of weight and volume, which a container may follow. */
const MEASURES = new Set(["g", "kg", "mg", "ml", "l", "dl", "cl", "oz", "lb", "fl oz"]);

/** Words that are no ingredient on their own: "4 whole cloves" names cloves. */
const NOT_A_NAME = new Set(["whole", "fresh", "dried", "ground"]);

const round = (value: number) => Math.round(value * 10_000) / 10_000;

/** "1 1/2" → 1.5, "1,5" → 1.5, "1,000" → 1000. */
function numberValue(text: string): number {
  const compact = text.trim();
  const mixed = /^(\d+)(?:\s+|-)(\d+)\s*\/\s*(\d+)$/.exec(compact);
  if (mixed) return Number(mixed[1]) + Number(mixed[2]) / Number(mixed[3]);
  const fraction = /^(\d+)\s*\/\s*(\d+)$/.exec(compact);
  if (fraction) return Number(fraction[1]) / Number(fraction[2]);
  // A comma before exactly three digits after 1-3 leading ones is a thousands separator.
  if (/^[1-9]\d{0,2},\d{3}$/.test(compact)) return Number(compact.replace(",", ""));
  return Number(compact.replace(",", "."));
}

/** Text with its fractions, dashes and bullets made plain, for the rules below. */
function normalize(line: string): string {
  // Vulgar fractions before NFKC, which would turn "1½" into "11⁄2".
  return line
    .replace(
      /(\d*)([½⅓⅔¼¾⅕⅖⅗⅘⅙⅚⅛⅜⅝⅞])/g,
      (_match, whole: string, fraction: string) =>
        ` ${whole ? `${whole} ` : ""}${VULGAR_FRACTIONS[fraction]}`,
    )
    .normalize("NFKC")
    .replace(/\u2044/g, "/")
    .replace(/[‐‑‒–—]/g, "-")
    .replace(/^[\s\-•*▢□☐·●◦]+/u, "")
    .replace(/\s+/g, " ")
    .trim();
}

interface Quantity {
  value: number | null;
  rest: string;
  note: string[];
}

/** The quantity at the start of the text: a number, range, number word or "a pinch of". */
function leadingQuantity(text: string): Quantity {
  const match = LEADING_QUANTITY.exec(text);
  if (match?.[1]) {
    const low = numberValue(match[1]);
    const high = match[2] ? numberValue(match[2]) : undefined;
    // "1-inch piece": the hyphen only joins the number to its unit.
    const rest = text
      .slice(match[0].length)
      .replace(/^-(?=\p{L})/u, "")
      .trim();
    if (high === undefined || !Number.isFinite(high)) return { value: low, rest, note: [] };
    // "1-1/2" read as a range would go down: it is a mixed number.
    if (high < low) return { value: low + high, rest, note: [] };
    const range = match[0].replace(/\s+/g, " ").trim();
    return { value: high, rest, note: [`${range} (the larger taken)`] };
  }
  const word = LEADING_NUMBER_WORD.exec(text);
  if (word?.[1]) {
    const value = NUMBER_WORDS[word[1].toLowerCase().replace(/\s+/g, " ")] ?? null;
    let rest = text.slice(word[0].length).trim();
    // "half a dozen", "a dozen": dozen multiplies.
    const dozen = /^dozen\b\s*/i.exec(rest);
    if (dozen && value !== null) {
      rest = rest.slice(dozen[0].length);
      return { value: value * 12, rest, note: [] };
    }
    // "a few": no number to take.
    if (/^few\b/i.test(rest)) {
      return { value: null, rest: rest.replace(/^few\s*/i, ""), note: ["a few"] };
    }
    return { value, rest, note: [] };
  }
  return { value: null, rest: text, note: [] };
}

const SIZE_BEFORE_CONTAINER = new RegExp(
  String.raw`^(${NUMBER})\s*-?\s*(g|gr|grams?|kg|ml|l|oz|ounces?|lbs?|pounds?|fl\.? ?oz)\.?\s+`,
  "i",
);

/** A unit word at the start of the text, with what follows it. */
function leadingUnit(text: string): { unit: string; rest: string; note: string[] } | undefined {
  const note: string[] = [];
  let rest = text;
  // "1 large can", "2 heaped tbsp": the size goes to the note when a unit follows it.
  const size = /^(\S+)\s+/.exec(rest);
  if (size?.[1] && SIZE_WORDS.has(size[1].toLowerCase())) {
    const after = rest.slice(size[0].length);
    if (findUnit(after)) {
      note.push(size[1].toLowerCase());
      rest = after;
    }
  }
  // "400g can", "14-ounce can": a size, then the container that holds it.
  const contained = SIZE_BEFORE_CONTAINER.exec(rest);
  if (contained) {
    const container = findUnit(rest.slice(contained[0].length));
    if (container && CONTAINERS.has(container.unit)) {
      note.push(contained[0].trim());
      rest = container.rest;
      return { unit: container.unit, rest, note };
    }
  }
  const found = findUnit(rest);
  if (!found) return undefined;
  return { unit: found.unit, rest: found.rest, note };
}

/** Splits off what describes rather than names: after a comma, "or …", "for serving". */
function splitDescription(text: string): { name: string; note: string[] } {
  const note: string[] = [];
  let name = text;
  const cut = (pattern: RegExp) => {
    const match = pattern.exec(name);
    if (match && match.index > 0) {
      note.push(name.slice(match.index).replace(/^[\s,;:-]+/, ""));
      name = name.slice(0, match.index);
    }
  };
  cut(/\s*[,;]\s/);
  cut(/,/);
  cut(/\s+-\s+/);
  cut(
    /\s+\b(?:or|plus|and more|and extra|for (?:serving|garnish|dusting|greasing|frying|the)|to serve|to garnish|if needed|as needed|divided|at room temperature)\b/i,
  );
  return { name: name.trim(), note: note.filter((part) => part !== "") };
}

/**
 * Words that only say how a food is prepared or how much of it: a row kept as written leaves
 * such a description after a comma to its note ("mystery flour, sifted").
 */
export function isPreparationWord(word: string): boolean {
  const lower = word.toLowerCase();
  return PREPARATION_WORDS.has(lower) || SIZE_WORDS.has(lower) || DESCRIBING_WORDS.has(lower);
}

/** Words that begin catalogue names but, after a comma, only describe: "onion, chopped". */
const DESCRIBING_WORDS = new Set([
  "chopped",
  "sliced",
  "peeled",
  "shredded",
  "divided",
  "and",
  "or",
]);

/** "optional", alone or leading a note ("optional, for serving"): the row's mark, not its note. */
const OPTIONAL = /^optional\b[\s,;:]*/i;

/**
 * The parts of one ingredient line. The quantity is as written (not scaled), the unit a name
 * from units.json, and `ingredientText` the words the matcher looks up. A line in another
 * shipped language is read by that language's words (languages/parse.ts); English by the rules
 * below.
 */
export function parseIngredientLine(original: string, language: Language = "en"): ParsedLine {
  if (language !== "en") return parseLocalLine(original, language);
  const note: string[] = [];
  let text = normalize(original);

  // Everything in parentheses or brackets describes: "(400 g)", "(optional)".
  text = text
    .replace(/\s*[([]([^)\]]*)[)\]]/g, (_match, inner: string) => {
      if (inner.trim()) note.push(inner.trim());
      return " ";
    })
    .replace(/\s+/g, " ")
    .trim();

  let toTaste = false;
  text = text
    .replace(/,?\s*\b(?:or |and )?(?:according )?to taste\b/i, () => {
      toTaste = true;
      return "";
    })
    .trim();

  // "Juice of 1 lemon", "zest of 2 limes": counted fruit, named by the part.
  const partOf =
    /^(juice|zest|grated zest|finely grated zest)(?: and (?:juice|zest))? of\s+(.*)$/i.exec(text);
  let partName: string | undefined;
  if (partOf?.[1] && partOf[2] !== undefined) {
    partName = partOf[1].toLowerCase().replace(/^(finely )?grated /, "");
    text = partOf[2];
  }

  const quantity = leadingQuantity(text);
  note.push(...quantity.note);
  text = quantity.rest;
  let value = quantity.value;
  const vague = quantity.note.includes("a few");
  let unit: string | null = null;

  // "2 x 400g tins", "2 x 200 g": a multiplier, then the size of each.
  const times = /^[x×*]\s*/i.exec(text);
  if (times && value !== null) {
    const each = leadingQuantity(text.slice(times[0].length));
    if (each.value !== null) {
      const eachUnit = findUnit(each.rest);
      const container = eachUnit ? findUnit(eachUnit.rest) : undefined;
      if (eachUnit && container && CONTAINERS.has(container.unit)) {
        note.push(`${each.value} ${eachUnit.unit} each`);
        unit = container.unit;
        text = container.rest;
      } else if (eachUnit) {
        value = round(value * each.value);
        unit = eachUnit.unit;
        text = eachUnit.rest;
      } else {
        text = text.slice(times[0].length);
      }
    }
  }

  // "400g can chickpeas": one can of that size.
  if (unit === null && value !== null) {
    const measure = findUnit(text);
    const container = measure && MEASURES.has(measure.unit) ? findUnit(measure.rest) : undefined;
    if (measure && container && CONTAINERS.has(container.unit) && container.rest !== "") {
      note.push(`${value} ${measure.unit}`);
      value = 1;
      unit = container.unit;
      text = container.rest;
    }
  }

  if (unit === null) {
    const leading = leadingUnit(text);
    // A unit word with nothing after it is the ingredient: "4 cloves", "2 cans".
    if (leading && leading.rest.trim() !== "") {
      note.push(...leading.note);
      unit = leading.unit;
      text = leading.rest;
    }
  }

  // "200g/7oz", "1 cup / 240 ml", "1kg/2lb 4oz": the same amount in other units.
  if (unit !== null && text.startsWith("/")) {
    let rest = text.slice(1).trim();
    const shown: string[] = [];
    for (;;) {
      const amount = leadingQuantity(rest);
      const other = amount.value === null ? undefined : findUnit(amount.rest);
      if (!other) break;
      shown.push(rest.slice(0, rest.length - other.rest.length).trim());
      rest = other.rest;
    }
    if (shown.length > 0) {
      note.push(shown.join(" "));
      text = rest;
    }
  }
  // "7g sachet yeast", "330ml bottle beer": the container of a measured amount.
  if (unit !== null && MEASURES.has(unit)) {
    const container = findUnit(text);
    if (container && CONTAINERS.has(container.unit) && container.rest !== "") {
      note.push(text.slice(0, text.length - container.rest.length).trim());
      text = container.rest;
    }
  }
  // "1-inch piece of ginger": the piece is the inch.
  if (unit === "inch" || unit === "cm") text = text.replace(/^pieces?\s+/i, "");
  text = text.replace(/^of\s+/i, "");

  const described = splitDescription(text);
  note.push(...described.note);
  // A preparation word that is part of a product's known name ("crushed tomatoes" are Canned
  // tomatoes, "diced tomatoes" Chopped tomatoes) stays for the matcher; the note says it too.
  const keepPreparation = isKnownOtherName(described.name);
  const words: string[] = [];
  for (const word of described.name.split(" ")) {
    const lower = word.toLowerCase().replace(/[.,;:!*]+$/, "");
    if (lower === "") continue;
    if (PREPARATION_WORDS.has(lower) || SIZE_WORDS.has(lower) || /^\d+%$/.test(lower)) {
      note.push(lower);
      if (keepPreparation) words.push(lower);
    } else if (/^\d+(?:\.\d+)?-?(?:inch|in|cm)$/.test(lower)) {
      note.push(lower);
    } else words.push(lower);
  }
  // "and" left dangling by a removed word ("peeled and diced onion").
  while (words[0] === "and" || words[0] === "of") words.shift();

  // "2 garlic cloves", "3 celery stalks": the unit came after the ingredient.
  const last = words.at(-1);
  const beforeLast = words.slice(0, -1).join(" ");
  if (unit === null && value !== null && words.length > 1 && last && !NOT_A_NAME.has(beforeLast)) {
    // By the word, not the unit: "ribs" is a stalk of celery but not of "spare ribs".
    const trailing = findUnit(last);
    if (trailing && TRAILING_UNIT_WORDS.has(last) && trailing.rest === "") {
      unit = trailing.unit;
      words.pop();
    }
  }

  let ingredientText = words.join(" ").trim();
  if (partName) ingredientText = `${ingredientText} ${partName}`.trim();

  if (toTaste) {
    if (value === null) unit = "to taste";
    else note.push("to taste");
  } else if (value !== null && unit === null) {
    unit = "piece";
  } else if (value === null && unit !== null && !vague) {
    // "pinch of salt", "handful of basil": one of them.
    value = 1;
  }

  // "(optional)", "optional": the row's mark of its own.
  let optional = false;
  const noteParts = note.flatMap((part) => {
    if (!OPTIONAL.test(part)) return [part];
    optional = true;
    const rest = part.replace(OPTIONAL, "").trim();
    return rest === "" ? [] : [rest];
  });

  return {
    original,
    quantity: value === null || !Number.isFinite(value) ? null : round(value),
    unit,
    ingredientText,
    note: noteParts.join(", "),
    optional,
  };
}
