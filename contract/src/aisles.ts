// Aisles of the shop: every ingredient is in one, per cook (the catalogue's unless the cook
// moved it), and each cook walks the aisles in their own order.
import { z } from "zod";
import { idField, idListField, missingOr, text } from "./common.js";
import { SHOPPING_TEXT_MAX } from "./limits.js";

export const aisle = z.object({ id: z.number(), name: z.string() });
export type Aisle = z.infer<typeof aisle>;

/** `GET /api/groceries/aisles/`: every aisle, in the cook's own order (default: the shop's). */
export const aislesResponse = z.array(aisle);

/**
 * `PUT /api/groceries/aisle-order/` (JSON): every aisle id exactly once, in the order the cook
 * walks them; answers the aisles in that order (as `GET /api/groceries/aisles/`).
 */
export const aisleOrderBody = z.object({ aisle_ids: idListField(100) });
export type AisleOrderBody = z.input<typeof aisleOrderBody>;

/**
 * `PUT /api/ingredients/ingredients/{id}/aisle/` (JSON): puts the ingredient in this aisle for
 * the signed-in cook only (other cooks, and shared lists' other members, keep theirs).
 */
export const moveIngredientAisleBody = z.object({ aisle_id: idField() });
export type MoveIngredientAisleBody = z.input<typeof moveIngredientAisleBody>;

/** The answer of the move: the ingredient and its aisle for this cook. */
export const ingredientAisle = z.object({ id: z.number(), name: z.string(), aisle });
export type IngredientAisle = z.infer<typeof ingredientAisle>;

/**
 * `PUT /api/groceries/aisles/text/` (JSON): puts free-text lines of this text (in any case,
 * on every list) in this aisle for the signed-in cook only; "Other" is where they start.
 */
export const moveTextAisleBody = z.object({
  text: text({ error: missingOr("Not a valid string.") })
    .trim()
    .min(1, "This field may not be blank.")
    .max(SHOPPING_TEXT_MAX, `Ensure this field has no more than ${SHOPPING_TEXT_MAX} characters.`),
  aisle_id: idField(),
});
export type MoveTextAisleBody = z.input<typeof moveTextAisleBody>;

/** The answer of the move: the text as given and its aisle for this cook. */
export const textAisle = z.object({ text: z.string(), aisle });
export type TextAisle = z.infer<typeof textAisle>;
