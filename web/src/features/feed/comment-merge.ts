import type { FeedComment } from "@potluck/contract";

/** A comment shown before the server has saved it carries a negative id. */
export const isPending = (comment: FeedComment) => comment.id < 0;

/**
 * The comments the server listed, followed by those still on their way to it: a list that
 * arrives after the cook posted (the first load of the comments, say) must not hide what they
 * just wrote.
 */
export function withPendingComments(
  listed: FeedComment[],
  shown: FeedComment[] | undefined,
): FeedComment[] {
  const pending = (shown ?? []).filter(isPending);
  return pending.length > 0 ? [...listed, ...pending] : listed;
}

/**
 * The comments with the saved one in the place of its pending copy; added at the end when that
 * copy is gone (a list loaded meanwhile replaced it), and never twice.
 */
export function withSavedComment(
  comments: FeedComment[],
  pendingId: number,
  saved: FeedComment,
): FeedComment[] {
  const others = comments.filter((comment) => comment.id !== saved.id);
  if (!others.some((comment) => comment.id === pendingId)) return [...others, saved];
  return others.map((comment) => (comment.id === pendingId ? saved : comment));
}
