import { and, eq, exists, gt, isNull, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Tx } from "../db/client.js";
import { follows, users } from "../db/schema.js";
import { type CursorValues, decodeCursor } from "../http/pagination.js";
import { hasBlocked, notBlockedBetween } from "./policy.js";

/** A person as the search and follow lists return them; `name` (lower-cased) is the sort key. */
export type UserRow = {
  id: number;
  username: string;
  firstName: string;
  name: string;
  isFollowing: boolean;
  /** `me` blocked them (decision 0032). */
  isBlocked: boolean;
};

export async function findUsername(db: Tx, id: number): Promise<string | undefined> {
  const [row] = await db.select({ username: users.username }).from(users).where(eq(users.id, id));
  return row?.username;
}

/** Follows `followeeId`; false when the follow already existed. */
/** A cook by username, matched case-insensitively as at login. */
export async function findUserByUsername(tx: Tx, username: string) {
  const [user] = await tx
    .select({ id: users.id, username: users.username, disabledAt: users.disabledAt })
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.toLowerCase()));
  return user;
}

export async function follow(db: Tx, followerId: number, followeeId: number): Promise<boolean> {
  const rows = await db
    .insert(follows)
    .values({ followerId, followeeId })
    .onConflictDoNothing()
    .returning({ followerId: follows.followerId });
  return rows.length > 0;
}

export async function unfollow(db: Tx, followerId: number, followeeId: number): Promise<void> {
  await db
    .delete(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)));
}

/**
 * searchUsers and suggestUsers are raw SQL, tuned (the trigram index, a LIMIT per branch);
 * their rows are aliased to the builder's camelCase shape.
 *
 * Search results are ordered by how well the name matches (rank), then by name; suggestions
 * by kind of suggestion (rank), closeness (score), then name. Names are unique
 * case-insensitively, so (rank, score, name) identifies a row and serves as the cursor.
 */
export type SearchRow = UserRow & {
  rank: number;
  score: number;
};

export const searchCursorOf = (row: SearchRow): CursorValues => [row.rank, row.score, row.name];

function decodeSearchCursor(cursor: string | undefined) {
  const values = decodeCursor(cursor, ["int", "int", "text"]);
  if (!values) return undefined;
  const [rank, score, name] = values;
  return { rank, score, name };
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Case-insensitive substring search over usernames and first names (the trigram index on
 * lower(username) serves the username's LIKE), never the searcher: the exact username first,
 * then names that start with the words (username or first name), then the others.
 */
export async function searchUsers(
  db: Tx,
  me: number,
  query: string,
  cursor: string | undefined,
  limit: number,
): Promise<SearchRow[]> {
  const after = decodeSearchCursor(cursor);
  const needle = query.toLowerCase();
  const prefix = `${escapeLike(needle)}%`;
  const part = `%${escapeLike(needle)}%`;
  const result = await db.execute<SearchRow>(sql`
    select * from (
      select u.id, u.username, u.first_name as "firstName", lower(u.username) as name, 0 as score,
        case when lower(u.username) = ${needle} then 0
             when lower(u.username) like ${prefix} or lower(u.first_name) like ${prefix} then 1
             else 2 end as rank,
        exists (select 1 from follows f where f.follower_id = ${me} and f.followee_id = u.id)
          as "isFollowing",
        ${hasBlocked(me, sql`u.id`)} as "isBlocked"
      from users u
      where (lower(u.username) like ${part} or lower(u.first_name) like ${part})
        and u.id <> ${me} and u.disabled_at is null
    ) matches
    ${after ? sql`where (rank, name) > (${after.rank}, ${after.name})` : sql``}
    order by rank, name
    limit ${limit + 1}`);
  return result.rows;
}

/**
 * People to follow, for an empty search: first your followers you don't follow back, then
 * people followed by those you follow (the more of them, the earlier), then everyone else.
 * People you already follow are not suggested. Each kind is its own branch with its own
 * cursor condition and LIMIT, so a page never ranks the whole user table.
 */
export async function suggestUsers(
  db: Tx,
  me: number,
  cursor: string | undefined,
  limit: number,
): Promise<SearchRow[]> {
  const after = decodeSearchCursor(cursor);
  const take = limit + 1;
  // Only branches at or after the cursor's rank; the cursor's own branch continues after it.
  const branch = (rank: number, query: (from: typeof after) => SQL) => {
    if (after && after.rank > rank) return undefined;
    return query(after && after.rank === rank ? after : undefined);
  };
  const continueAfter = (from: typeof after) =>
    from ? sql`and (score, name) > (${from.score}, ${from.name})` : sql``;
  // Nobody a block stands between, either way (decision 0032): they can't follow each other.
  // Nor a cook a moderator disabled (decision 0033): nobody finds them until enabled again.
  const notFollowed = sql`u.id <> ${me} and u.disabled_at is null
    and not exists (select 1 from follows f where f.follower_id = ${me} and f.followee_id = u.id)
    and ${notBlockedBetween(me, sql`u.id`)}`;
  const notFollower = sql`not exists (
    select 1 from follows f where f.follower_id = u.id and f.followee_id = ${me})`;
  const branches = [
    branch(
      0,
      (from) => sql`(select * from (
        select u.id, u.username, u.first_name as "firstName", lower(u.username) as name,
          0 as rank, 0 as score
        from follows fol join users u on u.id = fol.follower_id
        where fol.followee_id = ${me} and ${notFollowed}
      ) s where true ${continueAfter(from)} order by score, name limit ${take})`,
    ),
    branch(
      1,
      (from) => sql`(select * from (
        select u.id, u.username, u.first_name as "firstName", lower(u.username) as name,
          1 as rank, -count(*)::int as score
        from follows mine
        join follows theirs on theirs.follower_id = mine.followee_id
        join users u on u.id = theirs.followee_id
        where mine.follower_id = ${me} and ${notFollowed} and ${notFollower}
        group by u.id
      ) s where true ${continueAfter(from)} order by score, name limit ${take})`,
    ),
    // Written against the users table directly, so the name index walks it in order.
    branch(
      2,
      (
        from,
      ) => sql`(select u.id, u.username, u.first_name as "firstName", lower(u.username) as name,
          2 as rank, 0 as score
        from users u
        where ${notFollowed} and ${notFollower}
          and not exists (
            select 1 from follows theirs
            join follows mine on mine.followee_id = theirs.follower_id and mine.follower_id = ${me}
            where theirs.followee_id = u.id)
          ${from ? sql`and lower(u.username) > ${from.name}` : sql``}
        order by lower(u.username) limit ${take})`,
    ),
  ].filter((b): b is SQL => b !== undefined);
  if (branches.length === 0) return [];
  const result = await db.execute<SearchRow>(sql`
    select id, username, "firstName", name, rank, score, false as "isFollowing",
      false as "isBlocked"
    from (${sql.join(branches, sql` union all `)}) suggestions
    order by rank, score, name
    limit ${take}`);
  return result.rows;
}

/** A cook to follow with their latest recipe; `followerCount` ranks them. */
export type CookToFollowRow = {
  id: number;
  username: string;
  followerCount: number;
  recipeId: number;
  recipeSlug: string;
  recipeTitle: string;
  recipeImageKey: string | null;
  recipeVisibility: "public" | "followers" | "private";
  recipeCreatedOn: Date;
};

/** How many of the newest recipes the "nobody follows them yet" branch looks through. */
const RECENT_RECIPES_SCANNED = 100;

/**
 * Cooks `me` might follow, for the empty feed: the most followed cooks `me` does not follow,
 * then, if that leaves room, cooks nobody follows yet who published recently; each with their
 * latest recipe that `me` may read (`mayRead`, the recipes policy's condition on `r`), and only
 * cooks with one. Raw SQL (users/repository.ts is named in decision 0022): a union all of two
 * branches, each choosing at most `limit` cooks first, then one lateral join that reads the
 * latest recipe of each chosen cook from recipes_author_created_idx (one index probe each);
 * one statement, no query per cook.
 *
 * Followed cooks come by follower count, then name; the others by their latest recipe.
 * The followed branch counts follows per followee (follows_followee_idx) and keeps cooks with
 * a readable recipe (an index probe); the other walks the newest recipes (recipes_created_idx).
 * "nulls last" matches those indexes' order (the columns are never null).
 */
export async function cooksToFollow(
  db: Tx,
  me: number,
  mayRead: SQL,
  limit: number,
): Promise<CookToFollowRow[]> {
  const result = await db.execute<CookToFollowRow>(sql`
    select chosen.id, chosen.username, chosen."followerCount",
      latest.id as "recipeId", latest.slug as "recipeSlug", latest.title as "recipeTitle",
      latest.image_key as "recipeImageKey", latest.visibility as "recipeVisibility",
      latest.created_on as "recipeCreatedOn"
    from (
      (select u.id, u.username, lower(u.username) as name, counted.followers as "followerCount",
          null::timestamptz as since
        from (
          select f.followee_id, count(*)::int as followers
          from follows f
          where f.followee_id <> ${me}
          group by f.followee_id
        ) counted
        join users u on u.id = counted.followee_id
        where not exists (
            select 1 from follows mine where mine.follower_id = ${me} and mine.followee_id = u.id)
          and ${notBlockedBetween(me, sql`u.id`)}
          and exists (select 1 from recipes r where r.author_id = u.id and ${mayRead})
        order by counted.followers desc, lower(u.username)
        limit ${limit})
      union all
      (select u.id, u.username, lower(u.username) as name, 0 as "followerCount", authors.since
        from (
          select recent.author_id, max(recent.created_on) as since
          from (
            select r.author_id, r.created_on from recipes r
            where ${mayRead}
            order by r.created_on desc nulls last, r.id desc nulls last
            limit ${RECENT_RECIPES_SCANNED}
          ) recent
          group by recent.author_id
        ) authors
        join users u on u.id = authors.author_id
        where u.id <> ${me} and not exists (select 1 from follows f where f.followee_id = u.id)
          and ${notBlockedBetween(me, sql`u.id`)}
        order by authors.since desc, u.id
        limit ${limit})
      order by "followerCount" desc, since desc nulls last, name
      limit ${limit}
    ) chosen
    cross join lateral (
      select r.id, r.slug, r.title, r.image_key, r.visibility, r.created_on
      from recipes r
      where r.author_id = chosen.id and ${mayRead}
      order by r.created_on desc nulls last, r.id desc nulls last
      limit 1
    ) latest
    order by chosen."followerCount" desc, chosen.since desc nulls last, chosen.name`);
  return result.rows.map((row) => ({ ...row, recipeCreatedOn: new Date(row.recipeCreatedOn) }));
}

export const nameCursorOf = (row: UserRow): CursorValues => [row.name];

function decodeNameCursor(cursor: string | undefined): string | undefined {
  return decodeCursor(cursor, ["text"])?.[0];
}

/** The lists' sort key: names are unique case-insensitively (users_username_lower_key). */
const lowerName = sql<string>`lower(${users.username})`;

/** People who follow `me`, by name; `isFollowing` says whether `me` follows them back. */
export async function listFollowers(
  db: Tx,
  me: number,
  cursor: string | undefined,
  limit: number,
): Promise<UserRow[]> {
  const after = decodeNameCursor(cursor);
  const back = alias(follows, "back");
  const followedBack = db
    .select({ one: sql`1` })
    .from(back)
    .where(and(eq(back.followerId, me), eq(back.followeeId, users.id)));
  return db
    .select({
      id: users.id,
      username: users.username,
      firstName: users.firstName,
      name: lowerName,
      isFollowing: exists(followedBack).mapWith(Boolean),
      // A block ends the follows between the two and refuses new ones (decision 0032).
      isBlocked: sql<boolean>`false`,
    })
    .from(follows)
    .innerJoin(users, eq(users.id, follows.followerId))
    .where(
      and(
        eq(follows.followeeId, me),
        isNull(users.disabledAt),
        after === undefined ? undefined : gt(lowerName, after),
      ),
    )
    .orderBy(lowerName)
    .limit(limit + 1);
}

/** People `me` follows, by name. */
export async function listFollowing(
  db: Tx,
  me: number,
  cursor: string | undefined,
  limit: number,
): Promise<UserRow[]> {
  const after = decodeNameCursor(cursor);
  return db
    .select({
      id: users.id,
      username: users.username,
      firstName: users.firstName,
      name: lowerName,
      isFollowing: sql<boolean>`true`,
      isBlocked: sql<boolean>`false`,
    })
    .from(follows)
    .innerJoin(users, eq(users.id, follows.followeeId))
    .where(
      and(
        eq(follows.followerId, me),
        isNull(users.disabledAt),
        after === undefined ? undefined : gt(lowerName, after),
      ),
    )
    .orderBy(lowerName)
    .limit(limit + 1);
}

export type CookProfileRow = {
  id: number;
  username: string;
  firstName: string;
  followerCount: number;
  followingCount: number;
  recipeCount: number;
  isFollowed: boolean;
  /** The viewer blocked this cook (decision 0032). */
  isBlocked: boolean;
};

/**
 * The cook named `username` (ignoring case, as names are unique: users_username_lower_key) as
 * `viewer` sees them: their recipes counted only where `readable` (the recipes policy's
 * condition on `r` for the viewer) holds, so a stranger doesn't learn how many private or
 * followers-only recipes there are. Undefined for an unknown name, or a disabled cook.
 */
export async function findCookProfile(
  db: Tx,
  viewerId: number,
  username: string,
  readable: SQL,
  /** A disabled cook is found by superusers only (decision 0033); a 404 for everyone else. */
  withDisabled = false,
): Promise<CookProfileRow | undefined> {
  const result = await db.execute<CookProfileRow>(sql`
    select u.id, u.username, u.first_name as "firstName",
      u.follower_count as "followerCount", u.following_count as "followingCount",
      (select count(*) from recipes r where r.author_id = u.id and ${readable})::int
        as "recipeCount",
      exists (select 1 from follows f where f.follower_id = ${viewerId} and f.followee_id = u.id)
        as "isFollowed",
      ${hasBlocked(viewerId, sql`u.id`)} as "isBlocked"
    from users u
    where lower(u.username) = lower(${username})
      ${withDisabled ? sql`` : sql`and u.disabled_at is null`}`);
  return result.rows[0];
}
