import { and, asc, count, eq, or, sql } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import { blocks, follows, users } from "../db/schema.js";
import { forgetActor } from "../notifications/repository.js";
import { blockedBetween } from "./policy.js";

// Blocking (decision 0032): the rows, and the one rule that spans tables, that a block ends
// the follows between the two cooks in the same transaction. What else a block ends (shared
// lists and planners) is the workflow's, actions/block-cook.ts.

/** Whether a block stands between the two cooks, either way. */
export async function isBlockedBetween(db: Tx, a: number, b: number): Promise<boolean> {
  const result = await db.execute(sql`select ${blockedBetween(a, b)} as blocked`);
  return (result.rows[0] as { blocked: boolean } | undefined)?.blocked === true;
}

/** How many cooks `blockerId` has blocked (BLOCKS_MAX bounds it). */
export async function blockCount(db: Tx, blockerId: number): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(blocks)
    .where(eq(blocks.blockerId, blockerId));
  return row?.count ?? 0;
}

/** Whether `blockerId` blocked `blockedId` (one way). */
export async function hasBlockedCook(db: Tx, blockerId: number, blockedId: number) {
  const rows = await db
    .select({ one: sql`1` })
    .from(blocks)
    .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)));
  return rows.length > 0;
}

/**
 * `blockerId` blocks `blockedId`: the follows between the two end, both ways, and what the
 * blocked cook caused leaves the blocker's notifications. Call it under lockCookPair (db/locks.ts).
 * Idempotent: blocking again changes nothing.
 */
export async function block(tx: Tx, blockerId: number, blockedId: number): Promise<void> {
  await tx.insert(blocks).values({ blockerId, blockedId }).onConflictDoNothing();
  await tx
    .delete(follows)
    .where(
      or(
        and(eq(follows.followerId, blockerId), eq(follows.followeeId, blockedId)),
        and(eq(follows.followerId, blockedId), eq(follows.followeeId, blockerId)),
      ),
    );
  await forgetActor(tx, blockerId, blockedId);
}

/** Ends the block, if any; the follows it ended stay ended. */
export async function unblock(db: Tx, blockerId: number, blockedId: number): Promise<void> {
  await db
    .delete(blocks)
    .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)));
}

/** The cooks `blockerId` blocked, by name (the blocks primary key, then a users probe each). */
export async function listBlocked(db: Tx, blockerId: number): Promise<{ username: string }[]> {
  return db
    .select({ username: users.username })
    .from(blocks)
    .innerJoin(users, eq(users.id, blocks.blockedId))
    .where(eq(blocks.blockerId, blockerId))
    .orderBy(asc(sql`lower(${users.username})`));
}
