import { FEED_EVENT_TYPES, type FeedEventType } from "@potluck/contract";
import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import type { Viewer } from "../auth/policy.js";
import { executePrepared, literalLimit, type Tx } from "../db/client.js";
import { feedComments, feedItems, feedLikes, users } from "../db/schema.js";
import { type CursorValues, decodeCursor } from "../http/pagination.js";
import {
  commentAuthorNotBlocked,
  itemRecipeReadable,
  mayReadComment,
  mayReadItem,
} from "./policy.js";

/** Raw queries get timestamps as PostgreSQL text; the API speaks ISO 8601 in UTC. */
const isoTime = (column: SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export interface FeedRow {
  id: number;
  eventType: string;
  userUsername: string;
  /** ISO 8601 in UTC, to the millisecond. */
  createdOn: string;
  /** createdOn to the microsecond: the cursor must not round it, or rows would repeat. */
  cursorTime: string;
  recipeId: number;
  recipeSlug: string;
  recipeTitle: string;
  recipeImageKey: string | null;
  recipeVisibility: "public" | "followers" | "private";
  rating: number | null;
  ratingComment: string | null;
  ratingAuthor: string | null;
  likeCount: number;
  isLikedByUser: boolean;
  commentCount: number;
}

export const feedCursorOf = (row: FeedRow): CursorValues => [row.cursorTime, row.id];

function decodeFeedCursor(cursor: string | undefined) {
  const values = decodeCursor(cursor, ["timestamp", "bigId"]);
  if (!values) return undefined;
  const [time, id] = values;
  return { time, id };
}

/** Following at least this many cooks, a feed page is first looked for by the walk (below). */
export const FEED_WALK_MIN_FOLLOWING = 100;
/** How many of the newest items of everyone the walk looks at before it gives up. */
export const FEED_WALK_WINDOW = 4000;

/**
 * The page sizes the feed query is prepared for: a requested limit (1–100, feedItemsQuery) is
 * fetched as the smallest of these that holds it and cut to size. So each connection keeps at
 * most this many statements per shape, however callers vary the limit, and each statement
 * keeps PostgreSQL's generic plan (see feedPage). 20 is the size the web app asks for.
 */
export const FEED_FETCH_SIZES = [20, 50, 100] as const;

/**
 * One page of `me`'s feed: their own items and those of everyone they follow, newest first,
 * ties broken by id, in ONE query that reads about a page of rows however many people `me`
 * follows and however deep the page is. There are two ways to find the page's items:
 *
 * - The walk, for cooks who follow many others (FEED_WALK_MIN_FOLLOWING): read everyone's
 *   items below the cursor newest first (feed_items_created_idx, index only) and keep those
 *   by `me` and their followees, checked against a hash of the followees. Following 500 of
 *   10,000 cooks, 21 items take about 420 index entries. The walk gives up after
 *   FEED_WALK_WINDOW entries; whatever it found by then is the right page only if it is a
 *   full page (any item it didn't reach is older than all it read).
 * - Otherwise, or when the walk found less than a page, the heads: for every source (me + followees) the newest visible item below the
 *   cursor, one probe of feed_items_user_created_idx each. Only the `limit + 1` sources with
 *   the newest heads can contribute to the page: those heads are `limit + 1` distinct items,
 *   so the page's last item is at least as new as the smallest of them, and every other
 *   source's items are all older than that. For the same reason, when there are `limit + 1`
 *   heads the merge reads no item older than the oldest of them (the floor): each item it
 *   reads is checked against the recipe policy (a recipe probe), so it reads only those that
 *   can be on the page. For those few sources, up to `limit + 1` items
 *   each from the same index, merged. The heads cost a probe per followee, which is cheap for
 *   a few dozen and the main cost for hundreds; the walk's cost depends on how much of all
 *   activity comes from the followees instead.
 *
 * Raw SQL, the one tuned query of the feed (decision 0008 names it and its prepared shapes).
 * Who sees an item (feed/policy.ts, mayReadItem) is built into its sources: `me` and the cooks
 * `me` follows.
 *
 * Counts and joins are made for the page's rows only. The ORDER BYs spell out NULLS LAST to
 * match the indexes exactly (the columns are NOT NULL, but the planner still compares the
 * null ordering).
 */
export async function feedPage(
  db: Tx,
  viewer: NonNullable<Viewer>,
  options: { exclude: FeedEventType[]; cursor: string | undefined; limit: number },
): Promise<FeedRow[]> {
  const after = decodeFeedCursor(options.cursor);
  const me = viewer.id;
  // Who may read the item's recipe (feed/policy.ts): checked for the items that could be on
  // the page only, each a primary-key probe of recipes (and of feed_items for the walk).
  const readable = (recipeId: string) => itemRecipeReadable(viewer, sql.raw(recipeId));
  // The fetch size and the excluded types go in as literals, not parameters, so that the
  // prepared statement's generic plan is used: with a parameter for the LIMITs, PostgreSQL
  // estimates a far costlier generic plan and plans every call anew (about 2 ms, more than the
  // query takes), and with parameters for the types it can't use the partial indexes of items
  // without recipe updates. One of FEED_FETCH_SIZES and known type names, once each and in
  // one order, so there are few statement shapes (the web app uses two: with and without a
  // cursor).
  const size = FEED_FETCH_SIZES.find((fetched) => fetched >= options.limit);
  if (size === undefined) throw new Error(`feed limit ${options.limit} is above 100`);
  const take = literalLimit(size + 1);
  const exclude = FEED_EVENT_TYPES.filter((type) => options.exclude.includes(type));
  const excluded: SQL =
    exclude.length > 0
      ? sql`and fi.event_type not in (${sql.raw(exclude.map((type) => `'${type}'`).join(", "))})`
      : sql``;
  const belowCursor: SQL = after
    ? sql`and (fi.created_on, fi.id) < (${after.time}::timestamptz, ${after.id}::bigint)`
    : sql``;
  const newestFirst = (alias: string) =>
    sql.raw(`order by ${alias}.created_on desc nulls last, ${alias}.id desc nulls last`);
  const query = sql`
    with followees as (
      -- A disabled cook's items are shown to nobody (decision 0033). Probed per followee by
      -- primary key: a join let PostgreSQL hash every user (8 of the page's 13 ms at 100k).
      select f.followee_id from follows f
      where f.follower_id = ${me}
        and (select fu.disabled_at from users fu where fu.id = f.followee_id) is null
    ),
    walked as (
      select w.id, w.created_on from (
        select fi.id, fi.user_id, fi.created_on from feed_items fi
        where exists (select from followees offset ${literalLimit(FEED_WALK_MIN_FOLLOWING - 1)})
          ${belowCursor} ${excluded}
        ${newestFirst("fi")}
        limit ${literalLimit(FEED_WALK_WINDOW)}
      ) w
      where (w.user_id = ${me} or w.user_id in (select followee_id from followees))
        and ${readable("(select wi.recipe_id from feed_items wi where wi.id = w.id)")}
      ${newestFirst("w")}
      limit ${take}
    ),
    walk_found_page as (
      select count(*) = ${take} as yes from walked
    ),
    heads as (
      select s.user_id, head.created_on, head.id
      from (select ${me}::int as user_id union all select followee_id from followees) s
      cross join lateral (
        select fi.created_on, fi.id from feed_items fi
        where fi.user_id = s.user_id ${belowCursor} ${excluded}
          and ${readable("fi.recipe_id")}
        ${newestFirst("fi")}
        limit 1
      ) head
      where not (select yes from walk_found_page)
      order by head.created_on desc, head.id desc
      limit ${take}
    ),
    floor as (
      select h.created_on, h.id from heads h
      where (select count(*) from heads) = ${take}
      order by h.created_on, h.id
      limit 1
    ),
    merged as (
      select item.id, item.created_on from heads
      cross join lateral (
        select fi.id, fi.created_on from feed_items fi
        where fi.user_id = heads.user_id
          and (fi.created_on, fi.id) <= (heads.created_on, heads.id) ${excluded}
          and (fi.created_on, fi.id) >= (
            coalesce((select created_on from floor), '-infinity'::timestamptz),
            coalesce((select id from floor), 0))
          and ${readable("fi.recipe_id")}
        ${newestFirst("fi")}
        limit ${take}
      ) item
      order by item.created_on desc, item.id desc
      limit ${take}
    ),
    page as (
      select id from walked where (select yes from walk_found_page)
      union all
      select id from merged
    )
    select fi.id, fi.event_type as "eventType", author.username as "userUsername",
      ${isoTime(sql`fi.created_on`)} as "createdOn",
      to_char(fi.created_on at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "cursorTime",
      r.id as "recipeId", r.slug as "recipeSlug", r.title as "recipeTitle",
      r.image_key as "recipeImageKey", r.visibility as "recipeVisibility",
      rt.rating, rt.comment as "ratingComment", rater.username as "ratingAuthor",
      likes.like_count as "likeCount", likes.is_liked_by_user as "isLikedByUser",
      (select count(*) from feed_comments c join users cu on cu.id = c.user_id
        where c.feed_item_id = fi.id and ${mayReadComment(viewer)}
          and ${commentAuthorNotBlocked(viewer, sql`c.user_id`)})::int as "commentCount"
    from page
    join feed_items fi on fi.id = page.id
    cross join lateral (
      select count(*)::int as like_count, coalesce(bool_or(l.user_id = ${me}), false)
        as is_liked_by_user
      from feed_likes l where l.feed_item_id = fi.id
    ) likes
    join users author on author.id = fi.user_id
    join recipes r on r.id = fi.recipe_id
    left join ratings rt on rt.id = fi.rating_id
    left join users rater on rater.id = rt.author_id
    order by fi.created_on desc, fi.id desc`;
  // The newest limit + 1 of the newest size + 1 items: the page and whether more follow.
  const rows = await executePrepared<FeedRow>(db, "feed_page", query);
  return rows.slice(0, options.limit + 1);
}

/** Whether `me` sees the item (feed/policy.ts, mayReadItem). */
export async function isVisibleItem(
  db: Tx,
  me: NonNullable<Viewer>,
  itemId: number,
): Promise<boolean> {
  const rows = await db
    .select({ id: feedItems.id })
    .from(feedItems)
    .where(and(eq(feedItems.id, itemId), mayReadItem(me)));
  return rows.length > 0;
}

/**
 * Likes an item `me` may read (mayReadItem), in one statement: undefined when they may not
 * read it (or it doesn't exist); otherwise whether the like is new and the item's like count
 * with it.
 */
export async function like(
  db: Tx,
  me: NonNullable<Viewer>,
  itemId: number,
): Promise<{ created: boolean; likeCount: number } | undefined> {
  const result = await db.execute<{ visible: boolean; created: boolean; likeCount: number }>(sql`
    with visible as (
      select ${feedItems.id} as id from ${feedItems}
      where ${feedItems.id} = ${itemId} and ${mayReadItem(me)}
    ), added as (
      insert into ${feedLikes} (feed_item_id, user_id) select id, ${me.id}::int from visible
      on conflict do nothing
      returning 1
    )
    select exists (select 1 from visible) as visible, exists (select 1 from added) as created,
      -- The count reads the rows from before this statement's insert: add it.
      ((select count(*) from ${feedLikes} where ${feedLikes.feedItemId} = ${itemId})
        + (select count(*) from added))::int as "likeCount"`);
  const [row] = result.rows;
  return row?.visible ? { created: row.created, likeCount: row.likeCount } : undefined;
}

export async function unlike(db: Tx, me: number, itemId: number): Promise<void> {
  await db.delete(feedLikes).where(and(eq(feedLikes.feedItemId, itemId), eq(feedLikes.userId, me)));
}

export interface CommentRow {
  id: number;
  text: string;
  userId: number;
  userUsername: string;
  createdAt: Date;
  /** A moderator hid it (only its author and superusers get it). */
  hidden: boolean;
}

const commentColumns = {
  id: feedComments.id,
  text: feedComments.text,
  userId: feedComments.userId,
  userUsername: users.username,
  createdAt: feedComments.createdAt,
  hidden: sql<boolean>`${feedComments.hiddenAt} is not null`,
};

/** A cursor of `?before=`: the created_at key and id of the oldest comment of a page. */
export type CommentCursor = [createdKey: number, id: number];

/**
 * A page of the item's comments, oldest first: the newest `limit` before `before`, or the
 * newest of all, so a card shows the latest of a long conversation, ending with what was just
 * posted (feed_comments_item_idx, backwards). `older` is the cursor of the page before it,
 * undefined when there is none.
 */
export async function listComments(
  db: Tx,
  viewer: NonNullable<Viewer>,
  itemId: number,
  { limit, before }: { limit: number; before?: CommentCursor },
): Promise<{ rows: CommentRow[]; older: CommentCursor | undefined }> {
  const conditions = [
    eq(feedComments.feedItemId, itemId),
    mayReadComment(viewer, "feed_comments", "users"),
    commentAuthorNotBlocked(viewer, sql`${feedComments.userId}`),
  ];
  if (before) {
    const [key, id] = before;
    conditions.push(
      sql`(${feedComments.createdAt}, ${feedComments.id}) < ('epoch'::timestamptz + ${key}::bigint * interval '1 microsecond', ${id}::int)`,
    );
  }
  const newestFirst = await db
    .select({
      ...commentColumns,
      // created_at in microseconds: exact, unlike a JS Date (milliseconds).
      createdKey: sql<number>`(extract(epoch from ${feedComments.createdAt}) * 1000000)::bigint`,
    })
    .from(feedComments)
    .innerJoin(users, eq(users.id, feedComments.userId))
    .where(and(...conditions))
    .orderBy(desc(feedComments.createdAt), desc(feedComments.id))
    .limit(limit + 1);
  const page = newestFirst.slice(0, limit);
  const oldest = page[page.length - 1];
  const older: CommentCursor | undefined =
    newestFirst.length > limit && oldest ? [oldest.createdKey, oldest.id] : undefined;
  return { rows: page.reverse(), older };
}

export async function findComment(db: Tx, commentId: number): Promise<CommentRow | undefined> {
  const [row] = await db
    .select(commentColumns)
    .from(feedComments)
    .innerJoin(users, eq(users.id, feedComments.userId))
    .where(eq(feedComments.id, commentId));
  return row;
}

/**
 * Adds `me`'s comment to an item they may read (mayReadItem); the comment as the API shows it,
 * or undefined when they may not read the item (or it doesn't exist). One statement: the check
 * and the insert are one round trip, and the author is `me`.
 */
export async function addComment(
  db: Tx,
  me: NonNullable<Viewer> & { username: string },
  itemId: number,
  text: string,
): Promise<CommentRow | undefined> {
  // Raw rows: drizzle leaves timestamps as text.
  const result = await db.execute<
    Omit<CommentRow, "userUsername" | "createdAt"> & { createdAt: string }
  >(sql`
    insert into ${feedComments} (feed_item_id, user_id, text)
    select ${feedItems.id}, ${me.id}::int, ${text} from ${feedItems}
    where ${feedItems.id} = ${itemId} and ${mayReadItem(me)}
    returning id, text, user_id as "userId", created_at as "createdAt", hidden_at is not null as hidden`);
  const [row] = result.rows;
  return row && { ...row, createdAt: new Date(row.createdAt), userUsername: me.username };
}

/** Replaces the comment's text; the comment as the API shows it. */
export async function updateComment(db: Tx, commentId: number, text: string): Promise<CommentRow> {
  await db.update(feedComments).set({ text }).where(eq(feedComments.id, commentId));
  const row = await findComment(db, commentId);
  if (!row) throw new Error("comment not updated");
  return row;
}

export async function deleteComment(db: Tx, commentId: number): Promise<void> {
  await db.delete(feedComments).where(eq(feedComments.id, commentId));
}
