import { type SQL, sql } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import { decodeCursor } from "../http/pagination.js";
import { notBlockedBetween } from "./policy.js";
import type { SearchRow } from "./repository.js";

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The cooks `me` already knows: those they follow, and those they share a grocery list or a
 * planner with, either way (owner or member). `shared` is 1 for a cook they share with.
 */
const knownCooks = (me: number): SQL => sql`
  select f.followee_id as id, 0 as shared from follows f where f.follower_id = ${me}
  union all
  select m.user_id, 1 from grocery_list_members m
    join grocery_lists l on l.id = m.grocery_list_id where l.owner_id = ${me}
  union all
  select l.owner_id, 1 from grocery_list_members m
    join grocery_lists l on l.id = m.grocery_list_id where m.user_id = ${me}
  union all
  select p.user_id, 1 from planner_members p where p.owner_id = ${me}
  union all
  select p.owner_id, 1 from planner_members p where p.user_id = ${me}`;

/**
 * Cooks to share a list or a planner with (`GET /api/users/search/?purpose=share`). Before
 * anything is typed: only cooks `me` knows, those they already share with first, then those
 * they follow, by name. Typed: the exact username first, then known cooks, then names that
 * start with the text, then the others (a case-insensitive part of the username or first
 * name, as searchUsers). Never `me`, a disabled cook (decision 0033) or a cook a block stands
 * between, either way (0032: the share itself would be refused); a superuser only when typed,
 * so the admin is not offered to everyone. Raw SQL, paged by (rank, name) as searchUsers.
 */
export async function shareCandidates(
  db: Tx,
  me: number,
  query: string,
  cursor: string | undefined,
  limit: number,
): Promise<SearchRow[]> {
  const after = decodeCursor(cursor, ["int", "int", "text"]);
  const needle = query.toLowerCase();
  const typed = needle !== "";
  const part = `%${escapeLike(needle)}%`;
  const prefix = `${escapeLike(needle)}%`;
  const rank = typed
    ? sql`case when lower(u.username) = ${needle} then 0
        when known.id is not null then 1
        when lower(u.username) like ${prefix} or lower(u.first_name) like ${prefix} then 2
        else 3 end`
    : sql`case when known.shared = 1 then 0 else 1 end`;
  const matches = typed
    ? sql`(lower(u.username) like ${part} or lower(u.first_name) like ${part})`
    : sql`known.id is not null and not u.is_superuser`;
  const result = await db.execute<SearchRow>(sql`
    select * from (
      select u.id, u.username, u.first_name as "firstName", lower(u.username) as name,
        0 as score, ${rank} as rank,
        exists (select 1 from follows f where f.follower_id = ${me} and f.followee_id = u.id)
          as "isFollowing",
        false as "isBlocked"
      from users u
      left join (
        select id, max(shared) as shared from (${knownCooks(me)}) k group by id
      ) known on known.id = u.id
      where ${matches} and u.id <> ${me} and u.disabled_at is null
        and ${notBlockedBetween(me, sql`u.id`)}
    ) candidates
    ${after ? sql`where (rank, name) > (${after[0]}, ${after[2]})` : sql``}
    order by rank, name
    limit ${limit + 1}`);
  return result.rows;
}
