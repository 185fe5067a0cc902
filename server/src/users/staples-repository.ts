import { and, asc, eq, inArray, notInArray, sql } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import { lockCookSettings } from "../db/locks.js";
import { ingredients, userStaples } from "../db/schema.js";

// A cook's staples: what they always have at home. Their shopping lines of these still show,
// last ("Probably at home"), for the cook alone: another member of a shared list has their own.

/** The cook's staples by name (the primary key (user_id, ingredient_id) finds them). */
export async function staplesOf(tx: Tx, userId: number) {
  return tx
    .select({ id: ingredients.id, name: ingredients.name })
    .from(userStaples)
    .innerJoin(ingredients, eq(ingredients.id, userStaples.ingredientId))
    .where(eq(userStaples.userId, userId))
    .orderBy(asc(sql`lower(${ingredients.name})`), asc(ingredients.id));
}

/** The ids that are no ingredient, in the order given. */
export async function unknownIngredients(tx: Tx, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const found = await tx
    .select({ id: ingredients.id })
    .from(ingredients)
    .where(inArray(ingredients.id, [...ids]));
  const known = new Set(found.map((row) => row.id));
  return ids.filter((id) => !known.has(id));
}

/** Makes the cook's staples exactly these ingredients (checked to exist). */
export async function replaceStaples(
  tx: Tx,
  userId: number,
  ingredientIds: readonly number[],
): Promise<void> {
  await lockCookSettings(tx, userId);
  const ids = [...ingredientIds];
  await tx
    .delete(userStaples)
    .where(
      ids.length === 0
        ? eq(userStaples.userId, userId)
        : and(eq(userStaples.userId, userId), notInArray(userStaples.ingredientId, ids)),
    );
  if (ids.length > 0) {
    await tx
      .insert(userStaples)
      .values(ids.map((ingredientId) => ({ userId, ingredientId })))
      .onConflictDoNothing();
  }
}
