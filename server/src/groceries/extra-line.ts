import type { Db } from "../db/client.js";
import { matchIngredientTexts } from "../ingredients/match-lines.js";
import { type ParsedLine, parseIngredientLine } from "../ingredients/parse-line.js";
import { listUnits } from "../ingredients/repository.js";

// What a line typed into a list ("2 kg potatoes", "paper towels") plans: read by the same
// parser and catalogue matcher as recipe import (ingredients/parse-lines.ts).

/** The extra a typed line becomes: a catalogue ingredient, or a free-text line. */
export type ExtraFromLine =
  | { ingredientId: number; unitId: number; quantity: number }
  | { text: string; unitId: number | null; quantity: number | null };

/** A line as it is kept: trimmed, runs of spaces made one. */
export const tidyLine = (line: string) => line.replace(/\s+/g, " ").trim();

/**
 * Reads a line for `userId` (whose own catalogue entries count):
 * - naming a catalogue ingredient, it is that ingredient with the line's amount, as planning
 *   it from the picker would be; a line without an amount is one of it (1 piece: "lemons"),
 *   and a unit without a number is one of that unit ("salt to taste").
 * - otherwise a free-text line: with an amount the parser found at its start (a number, and
 *   a unit of the units table or else pieces), the rest of the line as typed is its text
 *   ("500 g mystery flour" is 500 g of "mystery flour"); without one, the whole line.
 */
export async function readExtraLine(db: Db, userId: number, line: string): Promise<ExtraFromLine> {
  const typed = tidyLine(line);
  const parsed = parseIngredientLine(typed);
  const [units, [ingredient]] = await Promise.all([
    listUnits(db),
    matchIngredientTexts(db, userId, [parsed.ingredientText]),
  ]);
  const unitIdOf = (name: string | null) =>
    name === null ? undefined : units.find((unit) => unit.name.toLowerCase() === name)?.id;
  const unitId = unitIdOf(parsed.unit);
  if (ingredient) {
    const pieceId = unitIdOf("piece");
    if (pieceId === undefined) throw new Error("the units table has no piece");
    return {
      ingredientId: ingredient.id,
      unitId: unitId ?? pieceId,
      quantity: parsed.quantity ?? 1,
    };
  }
  const rest = parsed.quantity === null ? undefined : textAfterAmount(typed, parsed);
  if (rest === undefined || unitId === undefined || parsed.quantity === null) {
    return { text: typed, unitId: null, quantity: null };
  }
  return { text: rest, unitId, quantity: parsed.quantity };
}

/**
 * The line from the first word of what it names on, as typed ("500 g Mystery flour" →
 * "Mystery flour"); undefined when that word is not found after the start of the line (the
 * parser rewrote it), so the whole line is kept rather than a guess.
 */
export function textAfterAmount(typed: string, parsed: ParsedLine): string | undefined {
  const firstWord = parsed.ingredientText.split(" ")[0];
  if (!firstWord) return undefined;
  const escaped = firstWord.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const found = new RegExp(`(?<![\\p{L}\\p{N}])${escaped}`, "iu").exec(typed.slice(1));
  if (!found) return undefined;
  const rest = typed.slice(1 + found.index).trim();
  return rest === "" ? undefined : rest;
}
