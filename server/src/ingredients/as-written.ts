import { RECIPE_INGREDIENT_TEXT_MAX } from "@potluck/contract";
import type { Language } from "@potluck/contract/languages";
import { LANGUAGE_WORDS } from "./languages/index.js";
import { isPreparationWord, type ParsedLine, parseIngredientLine } from "./parse-line.js";

// A line no catalogue ingredient matched, kept as written: what a recipe's row kept as written
// (or a free shopping line) holds. Pure: the units table turns `unit` into an id.

/** A name no unit or size word is: it stands for the rest of a line. */
const PLACEHOLDER = "zorblax";

/** A line kept as written: its words, and the amount at its start when it has one. */
export interface AsWritten {
  text: string;
  quantity: number | null;
  /** A name of the units table, as the parser gives it. */
  unit: string | null;
  /** A description of preparation cut off the words after a comma ("sifted"), or null. */
  note: string | null;
}

/**
 * The line after its amount, as typed: the fewest leading words whose removal leaves a line
 * the parser finds no amount in ("500 g Mystery flour" → "Mystery flour", "3 large bin bags"
 * → "large bin bags"); undefined when no such rest is found, so the whole line is kept.
 */
export function textAfterAmount(typed: string, language: Language = "en"): string | undefined {
  const words = typed.split(" ");
  for (let dropped = 1; dropped < words.length; dropped += 1) {
    const rest = words.slice(dropped).join(" ");
    const parsed = parseIngredientLine(rest, language);
    if (parsed.quantity === null && parsed.unit === null) return rest;
  }
  return undefined;
}

/**
 * How an unmatched line is kept: its words after its amount ("2 cups mystery flour" → 2 cup
 * "mystery flour"; "a handful of fresh herbs" → 1 handful "fresh herbs", the "of" that joined
 * them dropped), when the words before are exactly that amount and nothing more. Otherwise
 * the whole line without an amount, so that no word is lost: an amount that is not at the
 * start ("zest of 1 lemon"), or one that says more ("1 (400 g) can zorblax": the 400 g would
 * be lost). At most RECIPE_INGREDIENT_TEXT_MAX characters: a longer line is cut at a word.
 */
export function keptAsWritten(
  line: string,
  parsed: ParsedLine = parseIngredientLine(line),
  language: Language = "en",
): AsWritten {
  // "(optional)" is the row's mark (parsed.optional), not its words.
  const typed = withoutOptional(line, language).replace(/\s+/g, " ").trim();
  const whole: Omit<AsWritten, "note"> = { text: typed, quantity: null, unit: null };
  let kept = whole;
  if (language === "ja" && parsed.quantity !== null && parsed.unit !== null) {
    // Japanese writes the amount after the name ("謎の粉 大さじ2"): the name is the words.
    if (parsed.note === "" && parsed.ingredientText !== "") {
      kept = { text: parsed.ingredientText, quantity: parsed.quantity, unit: parsed.unit };
    }
  } else if (parsed.quantity !== null && parsed.unit !== null) {
    const rest = textAfterAmount(typed, language);
    const amount = rest === undefined ? undefined : typed.slice(0, typed.length - rest.length);
    // The parser reads a unit only before a name: the words dropped are read before one.
    const before =
      amount === undefined
        ? undefined
        : parseIngredientLine(`${amount.trim()} ${PLACEHOLDER}`, language);
    const words = rest === undefined ? undefined : dropJoiningWord(rest, language);
    if (
      words &&
      before?.quantity === parsed.quantity &&
      before.unit === parsed.unit &&
      before.ingredientText === PLACEHOLDER &&
      before.note === ""
    ) {
      kept = { text: words, quantity: parsed.quantity, unit: parsed.unit };
    }
  }
  const { words, note } = splitPreparation(kept.text, language);
  return { ...kept, text: cutAtWord(words, RECIPE_INGREDIENT_TEXT_MAX), note };
}

/** The line without its "(optional)" or ", optional", in the line's language. */
function withoutOptional(line: string, language: Language): string {
  if (language === "en") {
    return line.replace(/\s*[([]\s*optional\s*[)\]]/gi, "").replace(/,\s*optional\s*$/i, "");
  }
  const optional = ["optional", ...LANGUAGE_WORDS[language].optional]
    .map((word) => word.replace(/[\\^$.*+?()[\]{}|]/g, "\\$&"))
    .join("|");
  return line
    .replace(new RegExp(`\\s*[([（]\\s*(?:${optional})\\s*[)\\]）]`, "giu"), "")
    .replace(new RegExp(`[,、]\\s*(?:${optional})\\s*$`, "iu"), "");
}

/** The word joining an amount to what it measures, at the start: "of", "de", "d'", "di", "van". */
function dropJoiningWord(text: string, language: Language): string {
  if (language === "en") return text.replace(/^of\s+/i, "");
  for (const joiner of [...LANGUAGE_WORDS[language].joiners].sort((a, b) => b.length - a.length)) {
    const lower = text.toLowerCase();
    if (joiner.endsWith("'") && lower.startsWith(joiner)) return text.slice(joiner.length).trim();
    if (lower.startsWith(`${joiner} `)) return text.slice(joiner.length + 1).trim();
  }
  return text;
}

/**
 * Words and a note: what follows the first comma goes to the note when it only says how the
 * food is prepared ("mystery flour, sifted", "zest of 1 lemon, finely grated"); anything else
 * stays in the words ("Salt, pepper and oil"), which the shopping list reads.
 */
export function splitPreparation(
  text: string,
  language: Language = "en",
): { words: string; note: string | null } {
  const comma = text.indexOf(",");
  if (comma <= 0) return { words: text, note: null };
  const after = text.slice(comma + 1).trim();
  const local =
    language === "en"
      ? new Set<string>()
      : new Set(
          [...LANGUAGE_WORDS[language].preparationWords, ...LANGUAGE_WORDS[language].sizeWords]
            .flatMap((word) => word.split(" "))
            .map((word) => word.toLowerCase()),
        );
  const described = after
    .split(/[\s,]+/)
    .filter((word) => word !== "")
    .every((word) => {
      const bare = word.replace(/[.;:!]+$/, "");
      return isPreparationWord(bare) || local.has(bare.toLowerCase());
    });
  if (after === "" || !described) return { words: text, note: null };
  return {
    words: text.slice(0, comma).trim(),
    note: cutAtWord(after, RECIPE_INGREDIENT_TEXT_MAX),
  };
}

/** `text` if it is at most `max` characters; else cut at the last space that fits, with "…". */
export function cutAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const room = text.slice(0, max - 1);
  const space = room.lastIndexOf(" ");
  return `${(space > 0 ? room.slice(0, space) : room).trimEnd()}…`;
}
