import type { ParsedIngredientLine } from "@potluck/contract";
import type { Language } from "@potluck/contract/languages";
import type { Db } from "../db/client.js";
import { keptAsWritten } from "./as-written.js";
import { LANGUAGE_WORDS } from "./languages/index.js";
import { matchLocalName } from "./languages/names.js";
import { type CatalogueMatch, matchIngredientTexts, wordsBeyondMatch } from "./match-lines.js";
import { type ParsedLine, parseIngredientLine } from "./parse-line.js";
import { listUnits } from "./repository.js";

/**
 * Parses ingredient lines and matches them to the units table and the ingredient catalogue
 * (shared entries and the ones `userId` added): one query for the units, one for all the
 * lines' ingredients. Used by the parse route and by recipe import. A line that matches no
 * ingredient says how it is kept as written (keptAsWritten); so does one whose ingredient
 * matches only part of its words ("2 lb beef stew meat" is not just Beef: the cut is what to
 * buy), with that ingredient as the nearest suggestion.
 */
/** Words joining two foods ("salt and pepper", "salt & pepper") that one name does not. */
const AND = /(?:^|\s)(?:and|&)(?:\s|$)/i;
const namesTwo = (ingredientText: string, name: string) =>
  AND.test(ingredientText) && !AND.test(name);

/** The same in another language: "Salz und Pfeffer", "sel et poivre", "塩と胡椒". */
function namesTwoIn(language: Exclude<Language, "en">, ingredientText: string): boolean {
  const and = LANGUAGE_WORDS[language].andWords;
  if (language === "ja") return and.some((word) => ingredientText.slice(1, -1).includes(word));
  const words = ingredientText.split(/\s+/);
  return (
    words.slice(1, -1).some((word) => and.includes(word)) ||
    (language === "ar" && words.slice(1).some((word) => /^وال/.test(word)))
  );
}

/**
 * The words of a line that the matched ingredient leaves out, in the line's language: for a
 * name found in that language (languages/names.ts), the words beside it; else, as in English,
 * those the catalogue name does not hold.
 */
function wordsBeyond(ingredientText: string, matchedName: string, language: Language): string[] {
  if (language !== "en") {
    const local = matchLocalName(ingredientText, language);
    if (local) return local.extra;
  }
  return wordsBeyondMatch(ingredientText, matchedName);
}

export async function parseIngredientLines(
  db: Db,
  userId: number,
  lines: string[],
  language: Language = "en",
): Promise<ParsedIngredientLine[]> {
  const parsed = lines.map((line) => parseIngredientLine(line, language));
  // A line whose words name nothing in its language may be English, pasted by a cook who reads
  // another ("2 large eggs, beaten"): it is also read in English, in the same one query, and
  // taken so when that names an ingredient wholly and the line's own reading does not.
  const alternatives =
    language === "en"
      ? []
      : parsed.flatMap((line, index) =>
          matchLocalName(line.ingredientText, language)
            ? []
            : [{ index, line: parseIngredientLine(lines[index] ?? "", "en") }],
        );
  const [units, matches] = await Promise.all([
    listUnits(db),
    matchIngredientTexts(
      db,
      userId,
      [
        ...parsed.map((line) => line.ingredientText),
        ...alternatives.map(({ line }) => line.ingredientText),
      ],
      [...parsed.map(() => language), ...alternatives.map((): Language => "en")],
    ),
  ]);
  const unitByName = new Map(units.map((unit) => [unit.name.toLowerCase(), unit]));
  const unitOf = (name: string | null) => (name === null ? null : (unitByName.get(name) ?? null));
  /** Whether the match names the line's words wholly, one food. */
  const names = (line: ParsedLine, match: CatalogueMatch | null, read: Language) =>
    match !== null &&
    wordsBeyond(line.ingredientText, match.name, read).length === 0 &&
    !(read === "en"
      ? namesTwo(line.ingredientText, match.name)
      : namesTwoIn(read, line.ingredientText));
  const english = new Map(
    alternatives.map(({ index, line }, at) => [
      index,
      { line, match: matches[parsed.length + at] ?? null },
    ]),
  );
  return parsed.map((own, index) => {
    const alternative = english.get(index);
    const useEnglish =
      alternative !== undefined &&
      names(alternative.line, alternative.match, "en") &&
      !names(own, matches[index] ?? null, language);
    const line = useEnglish && alternative ? alternative.line : own;
    const read: Language = useEnglish ? "en" : language;
    const ingredient = (useEnglish ? alternative?.match : matches[index]) ?? null;
    // A line that matched nothing, or less than it says, is kept as written rather than lost:
    // so is one naming two foods ("Salt and pepper to taste" is not just Salt).
    const kept =
      ingredient === null || !names(line, ingredient, read)
        ? keptAsWritten(line.original, line, read)
        : null;
    return {
      original: line.original,
      quantity: line.quantity,
      unit: unitOf(line.unit),
      ingredient,
      note: line.note,
      optional: line.optional,
      as_written: kept && {
        text: kept.text,
        quantity: kept.quantity,
        unit: unitOf(kept.unit),
        note: kept.note,
      },
    };
  });
}
