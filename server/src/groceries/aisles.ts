import { asc, eq, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Tx } from "../db/client.js";
import { lockCookSettings } from "../db/locks.js";
import {
  aisles,
  ingredients,
  userAisleOrder,
  userIngredientAisles,
  userTextAisles,
} from "../db/schema.js";
import { doesNotExist } from "../http/errors.js";

// Aisles are resolved per cook when read, never stored on shopping lines: the members of a
// shared list each see the list under their own aisles, in their own order. An ingredient's
// aisle for a cook is theirs (user_ingredient_aisles) if they moved it, else the catalogue's
// (ingredients.aisle_id), else "Other" (an ingredient a cook added to the catalogue). A
// free-text line's is theirs for its text (user_text_aisles, by lower-cased text) if they
// moved that text, else "Other".

/** Where an ingredient nobody sorted goes; one of the aisles of aisles.json. */
export const OTHER_AISLE = "Other";

const otherAisleId = sql`(select ${aisles.id} from ${aisles} where ${aisles.name} = ${OTHER_AISLE})`;

/**
 * The aisle id of the ingredient in `ingredients` for the cook, given a join of their
 * user_ingredient_aisles row (see cookAisleJoin).
 */
export const cookAisleId: SQL = sql`coalesce(${userIngredientAisles.aisleId}, ${ingredients.aisleId}, ${otherAisleId})`;

/**
 * The aisle id of a shopping line for the cook: cookAisleId for a catalogue line; for a
 * free-text line (no ingredient), theirs for its text given a join of their user_text_aisles
 * row (see cookTextAisleJoin), else "Other".
 */
export const cookLineAisleId: SQL = sql`coalesce(${userIngredientAisles.aisleId}, ${userTextAisles.aisleId}, ${ingredients.aisleId}, ${otherAisleId})`;

/** A cook's id, or a placeholder for it in a query prepared once (listItems). */
export type CookId = number | Placeholder;

/** The ON of a left join of the cook's own aisle for `ingredientId` (a primary-key probe). */
export const cookAisleJoin = (userId: CookId, ingredientId: AnyPgColumn | number): SQL =>
  sql`${userIngredientAisles.userId} = ${userId} and ${userIngredientAisles.ingredientId} = ${ingredientId}`;

/** The key a free-text line's aisle is remembered by: its text, lower-cased, as SQL says it. */
export const textKey = (text: AnyPgColumn | string): SQL => sql`lower(btrim(${text}))`;

/** The ON of a left join of the cook's own aisle for a free-text line's `text` (a primary-key probe). */
export const cookTextAisleJoin = (userId: CookId, text: AnyPgColumn): SQL =>
  sql`${userTextAisles.userId} = ${userId} and ${userTextAisles.textKey} = ${textKey(text)}`;

/** The ON of a left join of the cook's position for `aisles` (a primary-key probe). */
export const cookAisleOrderJoin = (userId: CookId): SQL =>
  sql`${userAisleOrder.userId} = ${userId} and ${userAisleOrder.aisleId} = ${aisles.id}`;

/**
 * The sort key of an aisle for the cook: their position, or (none set, or an aisle added
 * since) after their aisles in the shop's default order.
 */
export const cookAislePosition: SQL = sql`coalesce(${userAisleOrder.position}, 1000 + ${aisles.position})`;

/** Every aisle in the cook's order. */
export async function aislesOf(tx: Tx, userId: number) {
  return tx
    .select({ id: aisles.id, name: aisles.name })
    .from(aisles)
    .leftJoin(userAisleOrder, cookAisleOrderJoin(userId))
    .orderBy(cookAislePosition, asc(aisles.id));
}

/**
 * What is wrong with an aisle order, or undefined when it gives every aisle exactly once
 * (unknown ids, repeated ones, missing ones, each said).
 */
export async function aisleOrderProblems(
  tx: Tx,
  aisleIds: readonly number[],
): Promise<string[] | undefined> {
  const all = await tx.select({ id: aisles.id }).from(aisles);
  const known = new Set(all.map((row) => row.id));
  const problems: string[] = [];
  const seen = new Set<number>();
  for (const id of aisleIds) {
    if (!known.has(id)) problems.push(doesNotExist(id));
    else if (seen.has(id)) problems.push(`Aisle ${id} is given more than once.`);
    seen.add(id);
  }
  const missing = [...known].filter((id) => !seen.has(id)).sort((a, b) => a - b);
  if (missing.length > 0)
    problems.push(`Every aisle must be given; missing: ${missing.join(", ")}.`);
  return problems.length > 0 ? [...new Set(problems)] : undefined;
}

/** Replaces the cook's aisle order (checked by aisleOrderProblems). */
export async function setAisleOrder(tx: Tx, userId: number, aisleIds: readonly number[]) {
  await lockCookSettings(tx, userId);
  await tx.delete(userAisleOrder).where(eq(userAisleOrder.userId, userId));
  await tx
    .insert(userAisleOrder)
    .values(aisleIds.map((aisleId, position) => ({ userId, aisleId, position })));
}

export async function aisleById(tx: Tx, id: number) {
  const [row] = await tx
    .select({ id: aisles.id, name: aisles.name })
    .from(aisles)
    .where(eq(aisles.id, id));
  return row;
}

/** An ingredient with its aisle for the cook; undefined when there is no such ingredient. */
export async function ingredientAisleOf(tx: Tx, userId: number, ingredientId: number) {
  const [row] = await tx
    .select({
      id: ingredients.id,
      name: ingredients.name,
      catalogueAisleId: sql<number>`coalesce(${ingredients.aisleId}, ${otherAisleId})`,
      aisle: { id: aisles.id, name: aisles.name },
    })
    .from(ingredients)
    .leftJoin(userIngredientAisles, cookAisleJoin(userId, ingredients.id))
    .innerJoin(aisles, eq(aisles.id, cookAisleId))
    .where(eq(ingredients.id, ingredientId));
  return row;
}

/**
 * Puts the ingredient in `aisleId` for this cook only. Back in its catalogue aisle, the cook's
 * own row goes: they follow the catalogue again (and its corrections).
 */
export async function moveIngredient(
  tx: Tx,
  userId: number,
  ingredient: { id: number; catalogueAisleId: number },
  aisleId: number,
): Promise<void> {
  if (aisleId === ingredient.catalogueAisleId) {
    await tx.delete(userIngredientAisles).where(cookAisleJoin(userId, ingredient.id));
    return;
  }
  await tx
    .insert(userIngredientAisles)
    .values({ userId, ingredientId: ingredient.id, aisleId })
    .onConflictDoUpdate({
      target: [userIngredientAisles.userId, userIngredientAisles.ingredientId],
      set: { aisleId },
    });
}

/**
 * Puts free-text lines of this text in `aisleId` for this cook, on every list; back in
 * "Other", the cook's row goes. Answers the text's key and its aisle.
 */
export async function moveText(tx: Tx, userId: number, text: string, aisleId: number) {
  const [other] = await tx
    .select({ id: aisles.id })
    .from(aisles)
    .where(eq(aisles.name, OTHER_AISLE));
  if (aisleId === other?.id) {
    await tx
      .delete(userTextAisles)
      .where(
        sql`${userTextAisles.userId} = ${userId} and ${userTextAisles.textKey} = ${textKey(text)}`,
      );
    return;
  }
  await tx
    .insert(userTextAisles)
    .values({ userId, textKey: textKey(text), aisleId })
    .onConflictDoUpdate({
      target: [userTextAisles.userId, userTextAisles.textKey],
      set: { aisleId },
    });
}
