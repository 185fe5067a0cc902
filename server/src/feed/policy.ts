import { type SQL, sql } from "drizzle-orm";
import { isSelfOrSuperuser, type Viewer } from "../auth/policy.js";
import { feedItems, follows } from "../db/schema.js";
import { forbidden, notFound } from "../http/errors.js";
import { mayReadRecipe } from "../recipes/policy.js";
import { notBlockedBetween } from "../users/policy.js";

// THE ONE HOME of who may see a feed item and write its comments. A cook sees their own items
// and those of the cooks they follow, about recipes they may read (recipes/policy.ts); likes
// and comments are read and written only there (mayReadItem). The feed page query (feedPage,
// repository.ts) has the same rule built into its plan: it reads the items of the reader and
// their followees only, and keeps those whose recipe passes itemRecipeReadable.

/**
 * A condition on an item's recipe id (a column or expression): the viewer may read that
 * recipe. A constant true for a superuser, who reads every recipe.
 */
export const itemRecipeReadable = (viewer: NonNullable<Viewer>, recipeId: SQL): SQL =>
  viewer.isSuperuser
    ? sql`true`
    : sql`exists (select 1 from recipes r where r.id = ${recipeId} and ${mayReadRecipe(viewer)})`;

/**
 * A condition on `feed_items`: the item is the viewer's own, or by someone they follow who is
 * not disabled, and its recipe is one they may read.
 */
export const mayReadItem = (viewer: NonNullable<Viewer>): SQL<boolean> =>
  sql<boolean>`((${feedItems.userId} = ${viewer.id} or exists (
    select 1 from ${follows}
    where ${follows.followerId} = ${viewer.id} and ${follows.followeeId} = ${feedItems.userId}))
    and ${itemRecipeReadable(viewer, sql`${feedItems.recipeId}`)}
    and ${itemAuthorShown(viewer, sql`${feedItems.userId}`)})`;

/** The item's cook (a user id) is not disabled (decision 0033); anyone's for a superuser. */
const itemAuthorShown = (viewer: NonNullable<Viewer>, userId: SQL): SQL =>
  viewer.isSuperuser
    ? sql`true`
    : sql`(select iu.disabled_at from users iu where iu.id = ${userId}) is null`;

/**
 * A condition on a comment (`comment`: its feed_comments row; `author`: its author's users
 * row): shown unless a moderator hid it or its author is disabled (decision 0033), which
 * leaves it to its author and superusers.
 */
export const mayReadComment = (viewer: NonNullable<Viewer>, comment = "c", author = "cu"): SQL =>
  viewer.isSuperuser
    ? sql`true`
    : sql`(${sql.raw(comment)}.user_id = ${viewer.id} or (${sql.raw(comment)}.hidden_at is null
      and ${sql.raw(author)}.disabled_at is null))`;

/**
 * A condition on a comment's author (a column): no block stands between them and the viewer,
 * either way (decision 0032, users/policy.ts). Over a list of comments PostgreSQL reads the
 * viewer's blocks once and hashes them (decision 0032's EXPLAIN); the viewer's own comments
 * pass (nobody blocks themselves).
 */
export const commentAuthorNotBlocked = (viewer: NonNullable<Viewer>, authorId: SQL): SQL =>
  notBlockedBetween(viewer.id, authorId);

/** Editing and deleting a comment: its author, or a superuser (who moderates). */
export function canEditComment(viewer: Viewer, comment: { userId: number }): boolean {
  return isSelfOrSuperuser(viewer, comment.userId);
}

/**
 * For an edit or delete of a comment (loaded with whether the viewer sees its item): 404 when
 * there is none; someone who may not edit it gets 403 when they see the item and 404 when they
 * don't, so the comment's existence stays hidden from them.
 */
export function authorizeCommentEdit(
  viewer: Viewer,
  comment: { userId: number; itemVisible: boolean } | undefined,
): void {
  if (!comment) throw notFound();
  if (canEditComment(viewer, comment)) return;
  if (!comment.itemVisible) throw notFound();
  throw forbidden();
}
