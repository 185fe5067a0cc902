import { and, desc, eq, isNull, ne, type SQL, sql } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import { ratings, recipes, users } from "../db/schema.js";
import { visibleReview } from "./policy.js";

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

/** created_at in microseconds since the epoch: exact, unlike a JS Date (milliseconds). */
const createdKey = sql<number>`(extract(epoch from ${ratings.createdAt}) * 1000000)::bigint`;

/** A cursor of `?before=`: the created_at key and id of the oldest rating of a page. */
export type RatingCursor = [createdKey: number, id: number];

/**
 * A page of a recipe's ratings, newest first (ratings_recipe_created_idx, backwards): the
 * newest `limit` before `before`, or the newest of all. The first page also brings the
 * reader's own rating after them when it is older than those (the web app's rating form looks
 * for it there), so the later pages leave it out: each rating comes once in a walk. `older` is
 * the cursor of the next page, undefined at the end.
 */
export async function ratingsOfRecipe(
  db: Tx,
  recipeId: number,
  readerId: number | undefined,
  {
    limit,
    before,
    superuser = false,
  }: { limit: number; before?: RatingCursor; superuser?: boolean },
): Promise<{ rows: RatingRow[]; older: RatingCursor | undefined }> {
  const conditions = [eq(ratings.recipeId, recipeId)];
  // A disabled cook's ratings are shown to superusers only (decision 0033).
  if (!superuser) conditions.push(isNull(users.disabledAt));
  // Not the reviews of a cook a block stands between, either way (ratings/policy.ts).
  const visible = visibleReview(readerId, sql`${ratings.authorId}`);
  if (visible) conditions.push(visible);
  if (before) {
    const [key, id] = before;
    conditions.push(
      sql`(${ratings.createdAt}, ${ratings.id}) < ('epoch'::timestamptz + ${key}::bigint * interval '1 microsecond', ${id}::int)`,
    );
    if (readerId !== undefined) conditions.push(ne(ratings.authorId, readerId));
  }
  const fetched = await db
    .select({ ...ratingColumns, createdKey })
    .from(ratings)
    .innerJoin(users, eq(users.id, ratings.authorId))
    .where(and(...conditions))
    .orderBy(desc(ratings.createdAt), desc(ratings.id))
    .limit(limit + 1);
  const page = fetched.slice(0, limit);
  const last = page[page.length - 1];
  const older: RatingCursor | undefined =
    fetched.length > limit && last ? [last.createdKey, last.id] : undefined;
  if (
    before !== undefined ||
    readerId === undefined ||
    older === undefined ||
    page.some((row) => row.authorId === readerId)
  ) {
    return { rows: page, older };
  }
  const own = await db
    .select({ ...ratingColumns, createdKey })
    .from(ratings)
    .innerJoin(users, eq(users.id, ratings.authorId))
    .where(and(eq(ratings.recipeId, recipeId), eq(ratings.authorId, readerId)));
  return { rows: [...page, ...own], older };
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
 * Takes a cook's ratings out of the totals of the recipes they rated (`sign` -1: they were
 * disabled, so their ratings no longer count) or puts them back (+1: enabled again). The
 * recipes are locked in id order first, as a rating's own writes and an account deletion lock
 * them (db/locks.ts step 1), so it waits rather than deadlocks.
 */
export async function countRatingsOf(tx: Tx, userId: number, sign: 1 | -1): Promise<void> {
  await tx.execute(sql`
    with mine as (
      select recipe_id, sum(rating)::int as stars, count(*)::int as n
      from ${ratings} where author_id = ${userId} group by recipe_id
    ), locked as (
      select r.id from ${recipes} r where r.id in (select recipe_id from mine)
      order by r.id for update
    )
    update ${recipes} r
    set rating_sum = r.rating_sum + ${sign}::int * mine.stars,
        rating_count = r.rating_count + ${sign}::int * mine.n
    from mine where r.id = mine.recipe_id and r.id in (select id from locked)`);
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

/**
 * Takes the cook's ratings out of the totals of others' recipes (their own recipes go with
 * their account). Under the recipes' locks (db/locks.ts lockRecipesOfCook).
 */
export async function withdrawRatingsOf(tx: Tx, userId: number): Promise<void> {
  await tx.execute(sql`
    update ${recipes} r
    set rating_sum = r.rating_sum - mine.stars, rating_count = r.rating_count - mine.count
    from (select recipe_id, sum(rating)::int as stars, count(*)::int as count
          from ${ratings} where author_id = ${userId} group by recipe_id) mine
    where r.id = mine.recipe_id and r.author_id <> ${userId}`);
}
