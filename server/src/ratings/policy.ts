import { type SQL, sql } from "drizzle-orm";
import type { Viewer } from "../auth/policy.js";
import { forbidden, notFound } from "../http/errors.js";
import { mayActOnRecipe } from "../recipes/policy.js";
import { notBlockedBetween } from "../users/policy.js";

// THE ONE HOME of who may do what with a rating. Reading is open to everyone, signed in or
// not, except between two cooks a block stands between (decision 0032): neither sees the
// other's reviews (visibleReview), nor rates the other's recipes (mayRateRecipe).

/**
 * On the `recipes` row aliased `r`: the viewer may rate it, or change their rating of it: a
 * right of their own to the recipe (a list's grant is read only), and no block between them
 * and its author. Refused, the routes answer as for a recipe they may not act on.
 */
export const mayRateRecipe = (viewer: NonNullable<Viewer>): SQL =>
  sql`(${mayActOnRecipe(viewer)} and ${notBlockedBetween(viewer.id, sql`r.author_id`)})`;

/**
 * On a rating's author (a column): a reader sees that review unless a block stands between
 * them, either way. Everyone signed out sees every review.
 */
export const visibleReview = (readerId: number | undefined, authorId: SQL): SQL | undefined =>
  readerId === undefined ? undefined : notBlockedBetween(readerId, authorId);

/** The rating fields the rules look at. */
export interface RatingForPolicy {
  authorId: number;
}

/**
 * Changing and deleting: its author only. A superuser may not: a rating is one cook's opinion,
 * and the recipe's totals are the sum of them.
 */
export function canEditRating(viewer: Viewer, rating: RatingForPolicy): boolean {
  return viewer !== null && viewer.id === rating.authorId;
}

/** For a change or delete: 404 when there is no such rating, 403 when it is someone else's. */
export function authorizeRatingEdit(
  viewer: Viewer,
  rating: RatingForPolicy | undefined,
): asserts rating is RatingForPolicy {
  if (!rating) throw notFound();
  if (!canEditRating(viewer, rating)) throw forbidden();
}
