import { sql } from "drizzle-orm";
import type { Tx } from "../db/client.js";

// A planner's changes reach its open pages as NOTIFYs on one channel, sent inside the
// change's transaction: PostgreSQL delivers a NOTIFY at commit and drops it at rollback, so a
// change is announced exactly when it happened, to every app process on the database
// (live-streams.ts). Unlike a list's, a planner's events are not kept: a page refetches its
// week on each one, and when its stream (re)opens.

/** The NOTIFY channel; a payload is a PlannerNotice as JSON (a few dozen bytes). */
export const PLANNER_EVENTS_CHANNEL = "planner_events";

export interface PlannerNotice {
  /** The planner's owner id. */
  owner: number;
  /** Who made the change. */
  by: string;
  /** Its members changed: streams of cooks who may no longer use it end. */
  members?: true;
}

/** Announces a change of the planner of `ownerId` by `byUsername`, at the transaction's commit. */
export async function recordPlannerChange(
  tx: Tx,
  ownerId: number,
  byUsername: string,
  membersChanged = false,
): Promise<void> {
  const notice: PlannerNotice = {
    owner: ownerId,
    by: byUsername,
    ...(membersChanged ? { members: true } : {}),
  };
  await tx.execute(sql`select pg_notify(${PLANNER_EVENTS_CHANNEL}, ${JSON.stringify(notice)})`);
}
