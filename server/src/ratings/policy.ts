import type { Viewer } from "../auth/policy.js";
import { forbidden, notFound } from "../http/errors.js";

// THE ONE HOME of who may do what with a rating. Reading is open to everyone, signed in or
// not, so there is no read rule and no list condition.

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
