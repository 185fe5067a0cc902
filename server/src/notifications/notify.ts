import type { NotificationKind } from "@potluck/contract";
import { type SQL, sql } from "drizzle-orm";
import { executePrepared, type Tx } from "../db/client.js";
import { mayNotify } from "./policy.js";

// The one way an action tells cooks about itself (issue 27 §1, decision 0031): `notify` is
// called inside the action's own transaction and is ONE statement, which works out the
// recipients, leaves out who may not be told (mayNotify: not oneself, not a cook who blocked
// the actor, not a kind the cook turned off in app), upserts the notification rows and their
// actor, and NOTIFYs each recipient's unread count at commit (live-streams.ts). A rollback of
// the action takes its notifications with it; the statement reads and writes only rows of the
// recipients and the item the action has just touched, so it adds a few index probes to it.

/** The NOTIFY channel of unread counts; a payload is the recipient's user id. */
export const NOTIFICATION_EVENTS_CHANNEL = "notification_events";

/** What happened, by kind; `actorId` is who did it. */
export type NotificationEvent =
  | { kind: "follow"; actorId: number; followeeId: number }
  /** A rating created or changed: its recipe's author is told. */
  | { kind: "rating"; actorId: number; recipeId: number }
  /** A comment on a feed item: its owner and every other cook who commented on it. */
  | { kind: "comment"; actorId: number; feedItemId: number; commentId: number }
  /** A like of a feed item: its owner, grouped in one unread row per item. */
  | { kind: "like"; actorId: number; feedItemId: number }
  | { kind: "list_shared"; actorId: number; recipientId: number; groceryListId: number }
  /** `actorId` is the planner's owner, who shared it. */
  | { kind: "planner_shared"; actorId: number; recipientId: number }
  /** A system event: the importer is told, with no actor. */
  | { kind: "import_done"; userId: number; importId: number }
  /**
   * A system event: a recipe planned on these cooks' planners or lists is no longer available
   * (its cook deleted their account); its title is kept, as the recipe is gone.
   */
  | {
      kind: "recipe_unavailable";
      recipientIds: number[];
      recipeId: number;
      recipeTitle: string;
    };

interface Shape {
  /** A query of `user_id`s: who would be told, before mayNotify. */
  recipients: SQL;
  actorId: number | null;
  /**
   * What groups: while a row with this key is unread, the same event adds its actor to that
   * row (and makes it the newest) instead of making another (notifications_unread_group_key).
   * Only likes group several cooks; the other keys name one actor's one thing, so that
   * following twice or re-rating while the first is unread tells the cook once.
   */
  groupKey: string;
  recipeId: SQL;
  feedItemId: number | null;
  groceryListId: number | null;
  importId: number | null;
  recipeTitle: string | null;
}

const itemRecipe = (feedItemId: number) =>
  sql`(select recipe_id from feed_items where id = ${feedItemId})`;

function shapeOf(event: NotificationEvent): Shape {
  const none = {
    recipeId: sql`null::int`,
    feedItemId: null,
    groceryListId: null,
    importId: null,
    recipeTitle: null,
  };
  switch (event.kind) {
    case "follow":
      return {
        ...none,
        recipients: sql`select ${event.followeeId}::int as user_id`,
        actorId: event.actorId,
        groupKey: `follow:${event.actorId}`,
      };
    case "rating":
      return {
        ...none,
        recipients: sql`select author_id as user_id from recipes where id = ${event.recipeId}`,
        actorId: event.actorId,
        groupKey: `rating:${event.recipeId}:${event.actorId}`,
        recipeId: sql`${event.recipeId}::int`,
      };
    case "comment":
      return {
        ...none,
        // The item's owner and its commenters, each once: a loose index scan of
        // feed_comments_item_user_idx (the next commenter after the last, one probe each), so
        // the cost is that of the distinct commenters, not of every comment on the item.
        recipients: sql`select user_id from feed_items where id = ${event.feedItemId}
          union select user_id from (
            with recursive commenters(user_id) as (
              (select user_id from feed_comments where feed_item_id = ${event.feedItemId}
                order by user_id limit 1)
              union all
              select (select c.user_id from feed_comments c
                  where c.feed_item_id = ${event.feedItemId} and c.user_id > commenters.user_id
                  order by c.user_id limit 1)
                from commenters where commenters.user_id is not null
            )
            select user_id from commenters where user_id is not null
          ) distinct_commenters`,
        actorId: event.actorId,
        groupKey: `comment:${event.commentId}`,
        recipeId: itemRecipe(event.feedItemId),
        feedItemId: event.feedItemId,
      };
    case "like":
      return {
        ...none,
        recipients: sql`select user_id from feed_items where id = ${event.feedItemId}`,
        actorId: event.actorId,
        groupKey: `like:${event.feedItemId}`,
        recipeId: itemRecipe(event.feedItemId),
        feedItemId: event.feedItemId,
      };
    case "list_shared":
      return {
        ...none,
        recipients: sql`select ${event.recipientId}::int as user_id`,
        actorId: event.actorId,
        groupKey: `list_shared:${event.groceryListId}`,
        groceryListId: event.groceryListId,
      };
    case "planner_shared":
      return {
        ...none,
        recipients: sql`select ${event.recipientId}::int as user_id`,
        actorId: event.actorId,
        groupKey: `planner_shared:${event.actorId}`,
      };
    case "import_done":
      return {
        ...none,
        recipients: sql`select ${event.userId}::int as user_id`,
        actorId: null,
        groupKey: `import_done:${event.importId}`,
        importId: event.importId,
      };
    case "recipe_unavailable":
      return {
        ...none,
        recipients: sql`select unnest(${sql.param(event.recipientIds)}::int[]) as user_id`,
        actorId: null,
        groupKey: `recipe_unavailable:${event.recipeId}`,
        recipeTitle: event.recipeTitle,
      };
  }
}

/**
 * Tells the cooks an event concerns, in the caller's transaction: one statement, which never
 * fails on its own (every row it names was written or checked by the action just before, in
 * the same transaction; the upsert waits for a concurrent one instead of conflicting).
 */
export async function notify(tx: Tx, event: NotificationEvent): Promise<void> {
  const shape = shapeOf(event);
  const kind: NotificationKind = event.kind;
  const actors =
    shape.actorId === null
      ? sql``
      : sql`, actors as (
          insert into notification_actors (notification_id, actor_id)
          select id, ${shape.actorId}::int from upserted
          on conflict (notification_id, actor_id) do update set created_at = excluded.created_at)`;
  // Prepared once per connection and kind: planning the statement cost about as much as
  // running it.
  await executePrepared(
    tx,
    `notify_${kind}`,
    sql`
    with recipients as (${shape.recipients}),
    eligible as (
      select distinct rc.user_id from recipients rc
      where rc.user_id is not null and ${mayNotify(sql`rc.user_id`, kind, shape.actorId)}
    ),
    upserted as (
      insert into notifications (user_id, kind, group_key, recipe_id, feed_item_id,
        grocery_list_id, import_id, recipe_title)
      select user_id, ${kind}, ${shape.groupKey}, ${shape.recipeId},
        ${shape.feedItemId}::bigint, ${shape.groceryListId}::int, ${shape.importId}::int,
        ${shape.recipeTitle}::text
      from eligible
      on conflict (user_id, group_key) where read_at is null
      do update set created_on = excluded.created_on
      returning id, user_id, (xmax = 0) as inserted
    )${actors}
    select pg_notify(${NOTIFICATION_EVENTS_CHANNEL}, user_id::text) from upserted where inserted`,
  );
}

/** Announces, at commit, that the unread count of these cooks changed (read, or deleted). */
export async function announceUnread(tx: Tx, userId: number): Promise<void> {
  await tx.execute(sql`select pg_notify(${NOTIFICATION_EVENTS_CHANNEL}, ${String(userId)})`);
}
