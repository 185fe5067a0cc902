import { type SQL, sql } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import { hasBlocked } from "./policy.js";

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
