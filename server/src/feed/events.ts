import type { Tx } from "../db/client.js";
import { feedItems } from "../db/schema.js";

export type FeedEventType = "new_recipe" | "update_recipe" | "new_rating" | "update_rating";

/**
 * Writes one feed item. Call it inside the transaction of the event itself (recipe create or
 * update, rating create or update), so an event and its feed item exist together or not at all.
 */
export async function recordFeedEvent(
  tx: Tx,
  event: { userId: number; eventType: FeedEventType; recipeId: number; ratingId?: number },
): Promise<void> {
  await tx.insert(feedItems).values({
    userId: event.userId,
    eventType: event.eventType,
    recipeId: event.recipeId,
    ratingId: event.ratingId ?? null,
  });
}
