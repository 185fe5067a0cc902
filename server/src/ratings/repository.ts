import { RECIPE_RATINGS_LIMIT } from "@potluck/contract";
import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import { ratings, recipes, users } from "../db/schema.js";

const ratingColumns = {
  id: ratings.id,
  rating: ratings.rating,
  comment: ratings.comment,
  recipeId: ratings.recipeId,
  authorId: ratings.authorId,
  authorUsername: users.username,
  createdAt: ratings.createdAt,
  updatedAt: ratings.updatedAt,
};

export type RatingRow = {
  id: number;
  rating: number;
  comment: string;
  recipeId: number;
  authorId: number;
  authorUsername: string;
  createdAt: Date;
  updatedAt: Date;
};

/** Whether the recipe exists and meets `condition`, a recipes policy condition on `r`. */
export const recipeExists = async (db: Tx, recipeId: number, condition: SQL) =>
  (await db.execute(sql`select 1 from ${recipes} r where r.id = ${recipeId} and ${condition}`)).rows
    .length > 0;

/**
 * A recipe's newest ratings, newest first (ratings_recipe_created_idx), and the reader's own
 * after them when it is older than those: the web app's rating form looks for it here.
 */
export async function ratingsOfRecipe(
  db: Tx,
  recipeId: number,
  readerId: number | undefined,
): Promise<RatingRow[]> {
  const newest = await db
    .select(ratingColumns)
    .from(ratings)
    .innerJoin(users, eq(users.id, ratings.authorId))
    .where(eq(ratings.recipeId, recipeId))
    .orderBy(desc(ratings.createdAt), desc(ratings.id))
    .limit(RECIPE_RATINGS_LIMIT);
  if (
    readerId === undefined ||
    newest.length < RECIPE_RATINGS_LIMIT ||
    newest.some((row) => row.authorId === readerId)
  ) {
    return newest;
  }
  const own = await db
    .select(ratingColumns)
    .from(ratings)
    .innerJoin(users, eq(users.id, ratings.authorId))
    .where(and(eq(ratings.recipeId, recipeId), eq(ratings.authorId, readerId)));
  return [...newest, ...own];
}

export async function findRating(db: Tx, id: number): Promise<RatingRow | undefined> {
  const [row] = await db
    .select(ratingColumns)
    .from(ratings)
    .innerJoin(users, eq(users.id, ratings.authorId))
    .where(eq(ratings.id, id));
  return row;
}

/**
 * Adds `sumDelta` to the recipe's rating_sum and `countDelta` to its rating_count in SQL, so
 * concurrent ratings of one recipe never overwrite each other's totals.
 */
export async function adjustRecipeTotals(
  tx: Tx,
  recipeId: number,
  sumDelta: number,
  countDelta: number,
): Promise<void> {
  await tx
    .update(recipes)
    .set({
      ratingSum: sql`${recipes.ratingSum} + ${sumDelta}`,
      ratingCount: sql`${recipes.ratingCount} + ${countDelta}`,
    })
    .where(eq(recipes.id, recipeId));
}

/**
 * Inserts the user's rating of a recipe; undefined when they already have one. The unique
 * index ratings_one_per_user_key decides, so two racing requests still make one rating.
 */
export async function insertRating(
  tx: Tx,
  values: { recipeId: number; authorId: number; rating: number; comment: string },
): Promise<number | undefined> {
  const [row] = await tx
    .insert(ratings)
    .values(values)
    .onConflictDoNothing({ target: [ratings.recipeId, ratings.authorId] })
    .returning({ id: ratings.id });
  return row?.id;
}

/** Sets the rating's stars and comment; updated_at says when. */
export async function updateRating(
  tx: Tx,
  id: number,
  values: { rating: number; comment: string },
): Promise<void> {
  await tx
    .update(ratings)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(ratings.id, id));
}

/** Deletes the rating; its feed items go with it (feed_items.rating_id ON DELETE CASCADE). */
export async function deleteRating(tx: Tx, id: number): Promise<void> {
  await tx.delete(ratings).where(eq(ratings.id, id));
}
