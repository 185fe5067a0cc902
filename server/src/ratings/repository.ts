import { type Rating, RECIPE_RATINGS_LIMIT } from "@potluck/contract";
import { and, desc, eq, sql } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import { lockRecipeOfOwnRating } from "../db/locks.js";
import { ratings, recipes, users } from "../db/schema.js";

const ratingColumns = {
  id: ratings.id,
  rating: ratings.rating,
  comment: ratings.comment,
  recipe: ratings.recipeId,
  authorId: ratings.authorId,
  author_username: users.username,
  createdAt: ratings.createdAt,
  updatedAt: ratings.updatedAt,
};

type RatingRow = {
  id: number;
  rating: number;
  comment: string;
  recipe: number;
  authorId: number;
  author_username: string;
  createdAt: Date;
  updatedAt: Date;
};

export const toRating = (row: RatingRow): Rating => ({
  id: row.id,
  rating: row.rating,
  comment: row.comment,
  recipe: row.recipe,
  author_username: row.author_username,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

export const recipeExists = async (db: Tx, recipeId: number) =>
  (await db.select({ id: recipes.id }).from(recipes).where(eq(recipes.id, recipeId))).length > 0;

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

/**
 * The author's rating, locked until the end of the transaction; undefined when not theirs.
 * Its recipe is locked first, as the lock order says (db/locks.ts).
 */
export async function lockOwnRating(tx: Tx, id: number, authorId: number) {
  await lockRecipeOfOwnRating(tx, id, authorId);
  const [row] = await tx
    .select({ rating: ratings.rating, comment: ratings.comment, recipeId: ratings.recipeId })
    .from(ratings)
    .where(and(eq(ratings.id, id), eq(ratings.authorId, authorId)))
    .for("update");
  return row;
}
