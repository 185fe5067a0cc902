import type { ListChangeKind } from "@potluck/contract";
import { and, asc, eq, gt, lt, sql } from "drizzle-orm";
import { type Db, executePrepared, type Tx } from "../db/client.js";
import { listEventsLock } from "../db/locks.js";
import { groceryListEvents, groceryListMembers, groceryLists } from "../db/schema.js";

// The changes of a list, as rows of grocery_list_events and as NOTIFYs on one channel. Both
// are written inside the transaction of the change: PostgreSQL delivers a NOTIFY at commit and
// drops it at rollback, so an event is announced and kept exactly when its change happened, and
// any app process on the database hears it (live-streams.ts).

/**
 * The NOTIFY channel. A payload names lists, separated by commas: `<list id>` for a list that
 * has new events, `<list id>:deleted` for a list that is gone (live-streams.ts parses it).
 */
export const LIST_EVENTS_CHANNEL = "grocery_list_events";

/**
 * Lists named by one NOTIFY of a change to many lists: a list id is an int4, at most 10 digits
 * and a comma, so 500 of them (5,500 bytes) stay under PostgreSQL's 8,000-byte payload limit.
 */
const LISTS_PER_NOTIFY = 500;

/** How long events are kept for clients that reconnect; an older Last-Event-ID gets a reset. */
export const LIST_EVENTS_KEPT_MS = 60 * 60 * 1000;

/**
 * The most events replayed to a reconnecting client; one that missed more gets a reset. Past
 * a few hundred changes, reloading the list costs the client less than refetching after each,
 * and a replay this short (at most about 50 KB) never makes a reader that keeps up look like one
 * that stopped reading (live-streams.ts drops a stream with more than 64 KB waiting).
 */
export const MAX_REPLAYED_EVENTS = 200;

export interface ListEvent {
  id: number;
  groceryListId: number;
  kind: ListChangeKind;
  byUsername: string;
}

/**
 * Records that `byUsername` changed the list. Call it last in the change's transaction: it
 * takes the list's event lock (db/locks.ts), so that one list's events commit in the order of
 * their ids and a stream that has sent id N never finds a smaller id committed after it.
 */
export async function recordListChange(
  tx: Tx,
  listId: number,
  kind: ListChangeKind,
  byUsername: string,
): Promise<void> {
  // The insert reads its row from `locked`, so the lock is taken before the id is drawn. Named:
  // every change of a list runs it while holding the list.
  await executePrepared(
    tx,
    "record_list_change",
    sql`
    with locked as (select ${listEventsLock(listId)}),
    event as (
      insert into ${groceryListEvents} (grocery_list_id, kind, by_username)
      select ${listId}::int, ${kind}, ${byUsername} from locked
      returning grocery_list_id)
    select pg_notify(${LIST_EVENTS_CHANNEL}, grocery_list_id::text) from event`,
  );
}

/**
 * Records that the author of a recipe changed many lists at once (a recipe edit or delete
 * changes the lines of every list that plans it): one INSERT for all of them, and one NOTIFY
 * per 500 lists instead of one per list.
 *
 * No event lock: the caller holds every list in `listIds` FOR UPDATE (lockListsPlanningRecipe),
 * which conflicts with every row lock another change of a list holds from before its event id
 * is drawn until it commits (db/locks.ts, step 4). So no other event of these lists can commit
 * between this transaction's ids being drawn and its commit, and one list's events still commit
 * in id order, without one advisory lock per list (5,000 lists would strain the lock table).
 */
export async function recordChangeOnLockedLists(
  tx: Tx,
  listIds: number[],
  kind: ListChangeKind,
  byUserId: number,
): Promise<void> {
  if (listIds.length === 0) return;
  await tx.execute(sql`
    with event as (
      insert into ${groceryListEvents} (grocery_list_id, kind, by_username)
      select list_id, ${kind}, (select username from users where id = ${byUserId})
      from unnest(${sql.param(listIds)}::int[]) as list_id
      returning grocery_list_id),
    batched as (
      select grocery_list_id,
             (row_number() over (order by grocery_list_id) - 1) / ${LISTS_PER_NOTIFY} as batch
      from event)
    select pg_notify(${LIST_EVENTS_CHANNEL}, string_agg(grocery_list_id::text, ','))
    from batched group by batch`);
}

/**
 * Announces a list's deletion, in the deleting transaction: its streams re-check who may still
 * use it and close (the list's event rows go with it, by cascade).
 */
export async function announceListDeleted(tx: Tx, listId: number): Promise<void> {
  await tx.execute(sql`select pg_notify(${LIST_EVENTS_CHANNEL}, ${`${listId}:deleted`})`);
}

/** A list's events after `afterId`, oldest first. */
export async function listEventsAfter(db: Db, listId: number, afterId: number) {
  const rows = await db
    .select({
      id: groceryListEvents.id,
      groceryListId: groceryListEvents.groceryListId,
      kind: groceryListEvents.kind,
      byUsername: groceryListEvents.byUsername,
    })
    .from(groceryListEvents)
    .where(and(eq(groceryListEvents.groceryListId, listId), gt(groceryListEvents.id, afterId)))
    .orderBy(asc(groceryListEvents.id));
  return rows as ListEvent[];
}

/**
 * Where a new stream starts: after the list's newest event, or after `lastEventId` when the
 * client reconnects with one that is still kept and at most MAX_REPLAYED_EVENTS behind. `reset`
 * when it gave one that is not (expired, another list's, garbage, or too far behind): it has
 * missed something it will not be sent and must reload.
 */
export async function streamStart(
  db: Db,
  listId: number,
  lastEventId: string | undefined,
): Promise<{ afterId: number; reset: boolean }> {
  const given =
    lastEventId !== undefined && /^\d{1,15}$/.test(lastEventId) ? Number(lastEventId) : 0;
  const { rows } = await db.execute<{ newest: number; kept: boolean; missed: number }>(sql`
    select coalesce(max(id), 0)::int8 as newest,
           exists (select 1 from ${groceryListEvents}
                   where grocery_list_id = ${listId} and id = ${given}) as kept,
           (select count(*) from (select 1 from ${groceryListEvents}
                                  where grocery_list_id = ${listId} and id > ${given}
                                  limit ${MAX_REPLAYED_EVENTS + 1}) as after)::int as missed
    from ${groceryListEvents} where grocery_list_id = ${listId}`);
  const { newest = 0, kept = false, missed = 0 } = rows[0] ?? {};
  if (lastEventId === undefined) return { afterId: newest, reset: false };
  return kept && missed <= MAX_REPLAYED_EVENTS
    ? { afterId: given, reset: false }
    : { afterId: newest, reset: true };
}

/** The users who may use a list now: its owner and members (none once it is deleted). */
export async function peopleOf(db: Db, listId: number): Promise<Set<number>> {
  // One statement, so the owner and the members are read in one snapshot.
  const rows = await db
    .select({ userId: groceryLists.ownerId })
    .from(groceryLists)
    .where(eq(groceryLists.id, listId))
    .unionAll(
      db
        .select({ userId: groceryListMembers.userId })
        .from(groceryListMembers)
        .where(eq(groceryListMembers.groceryListId, listId)),
    );
  return new Set(rows.map((row) => row.userId));
}

/** Deletes events older than the replay window; returns how many. */
export async function deleteOldListEvents(db: Db): Promise<number> {
  const deleted = await db
    .delete(groceryListEvents)
    .where(lt(groceryListEvents.createdAt, new Date(Date.now() - LIST_EVENTS_KEPT_MS)));
  return deleted.rowCount ?? 0;
}
