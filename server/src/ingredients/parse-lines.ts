import type { ParsedIngredientLine } from "@potluck/contract";
import type { Db } from "../db/client.js";
import { keptAsWritten } from "./as-written.js";
import { matchIngredientTexts, wordsBeyondMatch } from "./match-lines.js";
import { parseIngredientLine } from "./parse-line.js";
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

export async function parseIngredientLines(
  db: Db,
  userId: number,
  lines: string[],
): Promise<ParsedIngredientLine[]> {
  const parsed = lines.map(parseIngredientLine);
  const [units, matches] = await Promise.all([
    listUnits(db),
    matchIngredientTexts(
      db,
      userId,
      parsed.map((line) => line.ingredientText),
    ),
  ]);
  const unitByName = new Map(units.map((unit) => [unit.name.toLowerCase(), unit]));
  const unitOf = (name: string | null) => (name === null ? null : (unitByName.get(name) ?? null));
  return parsed.map((line, index) => {
    const ingredient = matches[index] ?? null;
    // A line that matched nothing, or less than it says, is kept as written rather than lost:
    // so is one naming two foods ("Salt and pepper to taste" is not just Salt).
    const partial = ingredient !== null && wordsBeyondMatch(line.ingredientText, ingredient.name);
    const kept =
      ingredient === null ||
      (partial && partial.length > 0) ||
      namesTwo(line.ingredientText, ingredient.name)
        ? keptAsWritten(line.original, line)
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
