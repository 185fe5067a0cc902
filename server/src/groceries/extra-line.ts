import type { Language } from "@potluck/contract/languages";
import type { Db } from "../db/client.js";
import { textAfterAmount } from "../ingredients/as-written.js";
import { matchLocalName } from "../ingredients/languages/names.js";
import { lookupText, matchIngredientTexts } from "../ingredients/match-lines.js";
import { parseIngredientLine } from "../ingredients/parse-line.js";
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
 * Reads a line for `userId` (whose own catalogue entries count), in the cook's `language` (a
 * line that names nothing in it is read as English too, as the recipe parser does):
 * - naming a catalogue ingredient (by its name or a known other name, singular or plural:
 *   namesIngredient), it is that ingredient with the line's amount, as planning it from the
 *   picker would be; a line without an amount is one of it (1 piece: "lemons"), and a unit
 *   without a number is one of that unit ("salt to taste").
 * - otherwise a free-text line: with an amount the parser found at its start (a number, and
 *   a unit of the units table or else pieces), the rest of the line as typed is its text
 *   ("500 g mystery flour" is 500 g of "mystery flour"); without one, the whole line.
 *   Nothing the cook typed is dropped but the amount.
 */
export async function readExtraLine(
  db: Db,
  userId: number,
  line: string,
  language: Language = "en",
): Promise<ExtraFromLine> {
  const typed = tidyLine(line);
  const parsed = parseIngredientLine(typed, language);
  const [units, [ingredient]] = await Promise.all([
    listUnits(db),
    matchIngredientTexts(db, userId, [parsed.ingredientText], language),
  ]);
  const unitIdOf = (name: string | null) =>
    name === null ? undefined : units.find((unit) => unit.name.toLowerCase() === name)?.id;
  const unitId = unitIdOf(parsed.unit);
  if (ingredient && namesIngredient(parsed.ingredientText, ingredient.name, language)) {
    const pieceId = unitIdOf("piece");
    if (pieceId === undefined) throw new Error("the units table has no piece");
    return {
      ingredientId: ingredient.id,
      unitId: unitId ?? pieceId,
      quantity: parsed.quantity ?? 1,
    };
  }
  const rest = parsed.quantity === null ? undefined : textAfterAmount(typed, language);
  if (rest === undefined || unitId === undefined || parsed.quantity === null) {
    return { text: typed, unitId: null, quantity: null };
  }
  return { text: rest, unitId, quantity: parsed.quantity };
}

/**
 * Whether the words name the catalogue ingredient itself. The matcher is made for recipes,
 * where nearly every line is food: it takes the closest name ("mystery flour" is Rye flour,
 * "batteries" Batter mix, "sponges" Sponge cake). A shopping list also holds what is not
 * food, and a line left as typed costs less than a wrong ingredient, so only the name itself
 * counts here: the same words once folded (case, accents, a known other name), singular or
 * plural ("2 lemons" is Lemon, "flour" All-purpose flour, "2 Zitronen" Lemon in German).
 */
export function namesIngredient(
  ingredientText: string,
  catalogueName: string,
  language: Language = "en",
): boolean {
  // In the cook's language: the words are one of its names ("Kartoffeln"), nothing more.
  const local = matchLocalName(ingredientText, language);
  if (local) return local.name === catalogueName && local.extra.length === 0;
  const typed = lookupText(ingredientText);
  const name = lookupText(catalogueName);
  return typed.text === name.text || typed.singularText === name.singularText;
}
