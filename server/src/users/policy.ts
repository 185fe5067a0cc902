import { type SQL, sql } from "drizzle-orm";

// THE ONE HOME of who may follow whom, and of what a block stops (decision 0032). Any signed-in
// cook may follow any cook but themselves, unless a block stands between the two, either way;
// the follower and following lists and the settings are always the caller's own (each query
// is scoped to them), so there is nothing else to decide there.
//
// A block is a wall both ways. While `blocker` blocks `blocked`, neither of the two can follow
// the other (blocking removed their follows), rate or review the other's recipes, like or
// comment on the other's feed items (those items leave each other's feeds with the follows),
// or add the other to a grocery list or a planner; and neither sees the other's comments
// under feed items or reviews under recipes. Every feature asks here: blockedBetween (SQL) or
// canFollow (on loaded facts).

/** A cook id: a number, or an SQL expression (a column) giving one. */
type CookId = number | SQL;

/**
 * An SQL condition: a block stands between the two cooks, one way or the other: the blocks
 * primary key (blocker_id, blocked_id) answers both. Over many rows with one side fixed (the
 * viewer), PostgreSQL reads that side's blocks once, by the primary key and by
 * blocks_blocked_idx, and hashes them (decision 0032).
 */
export const blockedBetween = (a: CookId, b: CookId): SQL =>
  sql`(exists (select 1 from blocks bl where bl.blocker_id = ${a} and bl.blocked_id = ${b})
    or exists (select 1 from blocks bl where bl.blocker_id = ${b} and bl.blocked_id = ${a}))`;

/** An SQL condition: no block stands between the two cooks (blockedBetween's negation). */
export const notBlockedBetween = (a: CookId, b: CookId): SQL => sql`not ${blockedBetween(a, b)}`;

/** An SQL condition: `blocker` blocked `blocked` (the profile's and the search's is_blocked). */
export const hasBlocked = (blocker: CookId, blocked: CookId): SQL =>
  sql`exists (select 1 from blocks bl where bl.blocker_id = ${blocker} and bl.blocked_id = ${blocked})`;

/**
 * Whether the viewer may follow this cook, as far as who they are goes: anyone but themselves.
 * A block between the two refuses it as well (CANNOT_FOLLOW): the follow route reads it with
 * isBlockedBetween under lockCookPair, so a follow and a block never cross.
 */
export function canFollow(viewer: { id: number }, followeeId: number): boolean {
  return viewer.id !== followeeId;
}

/** Whether the viewer may block this cook: anyone but themselves. */
export function canBlock(viewer: { id: number }, cookId: number): boolean {
  return viewer.id !== cookId;
}
