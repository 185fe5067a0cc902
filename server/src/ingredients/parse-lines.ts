import type { ParsedIngredientLine } from "@potluck/contract";
import type { Db } from "../db/client.js";
import { matchIngredientTexts } from "./match-lines.js";
import { parseIngredientLine } from "./parse-line.js";
import { listUnits } from "./repository.js";

/**
 * Parses ingredient lines and matches them to the units table and the ingredient catalogue
 * (shared entries and the ones `userId` added): one query for the units, one for all the
 * lines' ingredients. Used by the parse route and by recipe import.
 */
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
  return parsed.map((line, index) => ({
    original: line.original,
    quantity: line.quantity,
    unit: line.unit === null ? null : (unitByName.get(line.unit) ?? null),
    ingredient: matches[index] ?? null,
    note: line.note,
  }));
}
