import { FEED_EVENT_TYPES, type FeedEventType } from "@potluck/contract";
import { type SQL, sql } from "drizzle-orm";
import { executePrepared, type Tx } from "../db/client.js";
import { badRequest } from "../http/errors.js";
import { type CursorValues, decodeCursor } from "../http/pagination.js";

/** Raw queries get timestamps as PostgreSQL text; the API speaks ISO 8601 in UTC. */
const isoTime = (column: SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export interface FeedRow {
  id: number;
  event_type: string;
  user_username: string;
  /** ISO 8601 in UTC, to the millisecond. */
  created_on: string;
  /** created_on to the microsecond: the cursor must not round it, or rows would repeat. */
  cursor_time: string;
  recipe_id: number;
  recipe_slug: string;
  recipe_title: string;
  recipe_image_key: string | null;
  rating: number | null;
  rating_comment: string | null;
  rating_author: string | null;
  like_count: number;
  is_liked_by_user: boolean;
  comment_count: number;
  [key: string]: unknown;
}

export const feedCursorOf = (row: FeedRow): CursorValues => [row.cursor_time, row.id];

function decodeFeedCursor(cursor: string | undefined) {
  const values = decodeCursor(cursor, 2);
  if (!values) return undefined;
  const [time, id] = values;
  if (typeof time !== "string" || Number.isNaN(Date.parse(time)) || typeof id !== "number") {
    throw badRequest("Invalid cursor.");
  }
  return { time, id };
}

/**
 * One page of `me`'s feed: their own items and those of everyone they follow, newest first,
 * ties broken by id, in ONE query that reads about a page of rows however many people `me`
 * follows and however deep the page is:
 *
 * 1. heads: for every source (me + followees) the newest visible item below the cursor, one
 *    probe of feed_items_user_created_idx each. Only the `limit + 1` sources with the newest
 *    heads can contribute to the page: those heads are `limit + 1` distinct items, so the
 *    page's last item is at least as new as the smallest of them, and every other source's
 *    items are all older than that.
 * 2. page: for those few sources, up to `limit + 1` items each from the same index, merged.
 * 3. counts and joins for the page's rows only.
 *
 * The ORDER BYs inside the laterals spell out NULLS LAST to match the index exactly (the
 * columns are NOT NULL, but the planner still compares the null ordering).
 */
export async function feedPage(
  db: Tx,
  me: number,
  options: { exclude: FeedEventType[]; cursor: string | undefined; limit: number },
): Promise<FeedRow[]> {
  const after = decodeFeedCursor(options.cursor);
  const take = options.limit + 1;
  // The excluded types go in as literals, not parameters: the prepared plan then uses the
  // partial index of items without recipe updates (a parameter can't prove its predicate).
  // Only known type names, once each and in one order, so there are few statement shapes.
  const exclude = FEED_EVENT_TYPES.filter((type) => options.exclude.includes(type));
  const excluded: SQL =
    exclude.length > 0
      ? sql`and fi.event_type not in (${sql.raw(exclude.map((type) => `'${type}'`).join(", "))})`
      : sql``;
  const belowCursor: SQL = after
    ? sql`and (fi.created_on, fi.id) < (${after.time}::timestamptz, ${after.id}::bigint)`
    : sql``;
  const query = sql`
    with sources as (
      select ${me}::int as user_id
      union all
      select followee_id from follows where follower_id = ${me}
    ),
    heads as (
      select s.user_id, head.created_on, head.id
      from sources s
      cross join lateral (
        select fi.created_on, fi.id from feed_items fi
        where fi.user_id = s.user_id ${belowCursor} ${excluded}
        order by fi.created_on desc nulls last, fi.id desc nulls last
        limit 1
      ) head
      order by head.created_on desc, head.id desc
      limit ${take}
    ),
    page as (
      select item.* from heads
      cross join lateral (
        select fi.id, fi.user_id, fi.event_type, fi.recipe_id, fi.rating_id, fi.created_on
        from feed_items fi
        where fi.user_id = heads.user_id
          and (fi.created_on, fi.id) <= (heads.created_on, heads.id) ${excluded}
        order by fi.created_on desc nulls last, fi.id desc nulls last
        limit ${take}
      ) item
      order by item.created_on desc, item.id desc
      limit ${take}
    )
    select page.id, page.event_type, author.username as user_username,
      ${isoTime(sql`page.created_on`)} as created_on,
      to_char(page.created_on at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor_time,
      r.id as recipe_id, r.slug as recipe_slug, r.title as recipe_title,
      r.image_key as recipe_image_key,
      rt.rating, rt.comment as rating_comment, rater.username as rating_author,
      (select count(*) from feed_likes l where l.feed_item_id = page.id)::int as like_count,
      exists (select 1 from feed_likes l where l.feed_item_id = page.id and l.user_id = ${me})
        as is_liked_by_user,
      (select count(*) from feed_comments c where c.feed_item_id = page.id)::int as comment_count
    from page
    join users author on author.id = page.user_id
    join recipes r on r.id = page.recipe_id
    left join ratings rt on rt.id = page.rating_id
    left join users rater on rater.id = rt.author_id
    order by page.created_on desc, page.id desc`;
  return executePrepared<FeedRow>(db, "feed_page", query);
}

/**
 * The feed's visibility rule for the item aliased `fi`: it is `me`'s own, or by someone `me`
 * follows. Likes and comments are allowed exactly where this holds.
 */
const inFeedOf = (me: number): SQL => sql`(fi.user_id = ${me} or exists (
  select 1 from follows f where f.follower_id = ${me} and f.followee_id = fi.user_id))`;

/** Whether `me` sees the item in their feed: it is theirs or by someone they follow. */
export async function isVisibleItem(db: Tx, me: number, itemId: number): Promise<boolean> {
  const result = await db.execute(sql`
    select 1 from feed_items fi where fi.id = ${itemId} and ${inFeedOf(me)}`);
  return result.rows.length > 0;
}

/** Likes the item; false when it was liked already. */
export async function like(db: Tx, me: number, itemId: number): Promise<boolean> {
  const result = await db.execute(sql`
    insert into feed_likes (feed_item_id, user_id) values (${itemId}, ${me})
    on conflict do nothing
    returning 1`);
  return result.rows.length > 0;
}

export async function unlike(db: Tx, me: number, itemId: number): Promise<void> {
  await db.execute(sql`delete from feed_likes where feed_item_id = ${itemId} and user_id = ${me}`);
}

export async function likeCount(db: Tx, itemId: number): Promise<number> {
  const result = await db.execute<{ count: number }>(
    sql`select count(*)::int as count from feed_likes where feed_item_id = ${itemId}`,
  );
  return result.rows[0]?.count ?? 0;
}

export interface CommentRow {
  id: number;
  text: string;
  user_username: string;
  /** ISO 8601 in UTC. */
  created_at: string;
  [key: string]: unknown;
}

const commentColumns = sql`c.id, c.text, u.username as user_username,
  ${isoTime(sql`c.created_at`)} as created_at`;

export async function listComments(db: Tx, itemId: number): Promise<CommentRow[]> {
  const result = await db.execute<CommentRow>(sql`
    select ${commentColumns}
    from feed_comments c join users u on u.id = c.user_id
    where c.feed_item_id = ${itemId}
    order by c.created_at, c.id`);
  return result.rows;
}

export async function addComment(
  db: Tx,
  me: number,
  itemId: number,
  text: string,
): Promise<CommentRow> {
  const result = await db.execute<CommentRow>(sql`
    with inserted as (
      insert into feed_comments (feed_item_id, user_id, text)
      values (${itemId}, ${me}, ${text})
      returning *
    )
    select ${commentColumns} from inserted c join users u on u.id = c.user_id`);
  const row = result.rows[0];
  if (!row) throw new Error("comment not inserted");
  return row;
}

/** A comment with what the ownership rules need: its author, and whether `me` sees its item. */
export async function findCommentForWrite(db: Tx, me: number, commentId: number) {
  const result = await db.execute<{ user_id: number; item_visible: boolean }>(sql`
    select c.user_id, ${inFeedOf(me)} as item_visible
    from feed_comments c join feed_items fi on fi.id = c.feed_item_id
    where c.id = ${commentId}
    for update of c`);
  return result.rows[0];
}

export async function updateComment(db: Tx, commentId: number, text: string): Promise<CommentRow> {
  const result = await db.execute<CommentRow>(sql`
    with updated as (
      update feed_comments set text = ${text} where id = ${commentId} returning *
    )
    select ${commentColumns} from updated c join users u on u.id = c.user_id`);
  const row = result.rows[0];
  if (!row) throw new Error("comment not updated");
  return row;
}

export async function deleteComment(db: Tx, commentId: number): Promise<void> {
  await db.execute(sql`delete from feed_comments where id = ${commentId}`);
}
