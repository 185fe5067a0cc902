import type { Tx } from "../db/client.js";
import { recordFeedEvent } from "../feed/events.js";
import { badRequest } from "../http/errors.js";
import { notify } from "../notifications/notify.js";
import { adjustRecipeTotals, insertRating, updateRating } from "../ratings/repository.js";

// Rating a recipe spans features: the rating and its recipe's totals (ratings), the feed item
// that tells the rater's followers (feed), and the recipe's cook's notification.

const ALREADY_RATED = "You have already rated this recipe.";

/**
 * `user` rates `recipeId`, in the caller's transaction (the caller has found that they may
 * rate it): the rating, the recipe's totals, a feed item and the cook's notification. A second
 * rating of one recipe is a 400. Returns the rating's id.
 */
export async function rateRecipe(
  tx: Tx,
  user: { id: number },
  recipeId: number,
  review: { rating: number; comment: string },
): Promise<number> {
  const id = await insertRating(tx, {
    recipeId,
    authorId: user.id,
    rating: review.rating,
    comment: review.comment,
  });
  if (id === undefined) throw badRequest(ALREADY_RATED);
  await adjustRecipeTotals(tx, recipeId, review.rating, 1);
  await recordFeedEvent(tx, { userId: user.id, eventType: "new_rating", recipeId, ratingId: id });
  await notify(tx, { kind: "rating", actorId: user.id, recipeId });
  return id;
}

/**
 * `user` changes their rating `ratingId` of `recipeId` from `before`, in the caller's
 * transaction, which holds the rating's lock (db/locks.ts lockOwnRating): the rating, the
 * recipe's totals, a feed item and the cook's notification. No change, nothing written.
 */
export async function changeRating(
  tx: Tx,
  user: { id: number },
  ratingId: number,
  before: { recipeId: number; rating: number; comment: string },
  review: { rating: number; comment: string },
): Promise<void> {
  if (before.rating === review.rating && before.comment === review.comment) return;
  await updateRating(tx, ratingId, review);
  await adjustRecipeTotals(tx, before.recipeId, review.rating - before.rating, 0);
  await recordFeedEvent(tx, {
    userId: user.id,
    eventType: "update_rating",
    recipeId: before.recipeId,
    ratingId,
  });
  await notify(tx, { kind: "rating", actorId: user.id, recipeId: before.recipeId });
}
