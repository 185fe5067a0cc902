import { sql } from "drizzle-orm";
import type { Viewer } from "../auth/policy.js";
import type { Tx } from "../db/client.js";
import { commentAuthorNotBlocked, mayReadComment, mayReadItem } from "../feed/policy.js";
import { visibleReview } from "../ratings/policy.js";

// One conversation per recipe (decision 0034): the recipe's reviews and the comments of its
// feed items, each under its own reading rule, in one time-ordered list. Raw SQL: a union of
// two index walks (ratings_recipe_created_idx; feed_items_recipe_idx then
// feed_comments_item_idx), each cut at the limit before they are merged.

export type ConversationRow = {
  kind: "review" | "comment";
  id: number;
  userId: number;
  authorUsername: string;
  text: string;
  createdAt: Date | string;
  rating: number | null;
  itemId: number | null;
  itemEventType: string | null;
  itemUsername: string | null;
  hidden: boolean;
};

/**
 * The newest `limit` entries of the recipe's conversation that `viewer` sees, oldest first.
 * Reviews: as the ratings list shows them (not a disabled cook's but to superusers, not across
 * a block: visibleReview). Comments: only under items the viewer sees in their feed
 * (mayReadItem: the item's cook is them or one they follow), so a comment reaches nobody it
 * didn't reach before; as the item's comment list shows them (mayReadComment,
 * commentAuthorNotBlocked). Signed out, reviews only. The caller has checked that the viewer
 * may read the recipe.
 */
export async function recipeConversation(
  db: Tx,
  viewer: Viewer,
  recipeId: number,
  limit: number,
): Promise<ConversationRow[]> {
  const reviewBlock = visibleReview(viewer?.id, sql`rt.author_id`);
  const reviews = sql`(select 'review' as kind, rt.id, rt.author_id as "userId",
      ru.username as "authorUsername", rt.comment as text, rt.created_at as "createdAt",
      rt.rating, null::int as "itemId", null::text as "itemEventType",
      null::text as "itemUsername", false as hidden
    from ratings rt join users ru on ru.id = rt.author_id
    where rt.recipe_id = ${recipeId}
      ${viewer?.isSuperuser ? sql`` : sql`and ru.disabled_at is null`}
      ${reviewBlock ? sql`and ${reviewBlock}` : sql``}
    order by rt.created_at desc, rt.id desc
    limit ${limit})`;
  const comments = viewer
    ? sql`union all
      (select 'comment' as kind, c.id, c.user_id as "userId", cu.username as "authorUsername",
        c.text, c.created_at as "createdAt", null::int as rating, feed_items.id as "itemId",
        feed_items.event_type as "itemEventType", iu.username as "itemUsername",
        c.hidden_at is not null as hidden
      from feed_items
      join feed_comments c on c.feed_item_id = feed_items.id
      join users cu on cu.id = c.user_id
      join users iu on iu.id = feed_items.user_id
      where feed_items.recipe_id = ${recipeId} and ${mayReadItem(viewer)}
        and ${mayReadComment(viewer)} and ${commentAuthorNotBlocked(viewer, sql`c.user_id`)}
      order by c.created_at desc, c.id desc
      limit ${limit})`
    : sql``;
  const result = await db.execute<ConversationRow>(sql`
    select * from (
      select * from (${reviews} ${comments}) entries
      order by "createdAt" desc, kind, id desc
      limit ${limit}
    ) newest
    order by "createdAt", kind, id`);
  return result.rows;
}
