import type { Viewer } from "../auth/policy.js";
import type { Tx } from "../db/client.js";
import { addComment, like } from "../feed/repository.js";
import { notify } from "../notifications/notify.js";

// A like or a comment on a feed item (feed) tells the item's cook (notifications).

/**
 * `me` likes feed item `itemId` (one they may read), in the caller's transaction; its cook is
 * told of a new like. Undefined when there is no such item for them.
 */
export async function likeFeedItem(tx: Tx, me: NonNullable<Viewer>, itemId: number) {
  const liked = await like(tx, me, itemId);
  if (liked?.created) await notify(tx, { kind: "like", actorId: me.id, feedItemId: itemId });
  return liked;
}

/**
 * `me` comments on feed item `itemId` (one they may read), in the caller's transaction; its
 * cook is told. Undefined when there is no such item for them.
 */
export async function commentOnFeedItem(
  tx: Tx,
  me: NonNullable<Viewer> & { username: string },
  itemId: number,
  text: string,
) {
  const comment = await addComment(tx, me, itemId, text);
  if (comment) {
    await notify(tx, {
      kind: "comment",
      actorId: me.id,
      feedItemId: itemId,
      commentId: comment.id,
    });
  }
  return comment;
}
