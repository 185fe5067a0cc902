// Aisles of the shop: every ingredient is in one, per cook (the catalogue's unless the cook
// moved it), and each cook walks the aisles in their own order.
import { z } from "zod";
import { idField, idListField } from "./common.js";

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
