import {
  NOTIFICATION_KINDS,
  type NotificationKind,
  type NotificationSettings,
  type UpdateNotificationSettingsBody,
} from "@potluck/contract";
import { eq, type SQL, sql } from "drizzle-orm";
import type { Viewer } from "../auth/policy.js";
import { executePrepared, literalLimit, type Tx } from "../db/client.js";
import { notificationSettings } from "../db/schema.js";
import { type CursorValues, decodeCursor } from "../http/pagination.js";
import { announceUnread } from "./notify.js";
import { notificationShown, readableRecipe } from "./policy.js";

/** How many actors a notification names (newest first); `actor_count` says how many in all. */
export const NOTIFICATION_ACTORS_SHOWN = 3;

export type NotificationRow = {
  id: number;
  kind: NotificationKind;
  actors: string[];
  actorCount: number;
  recipeId: number | null;
  recipeSlug: string | null;
  recipeTitle: string | null;
  feedItemId: number | null;
  groceryListId: number | null;
  groceryListName: string | null;
  importId: number | null;
  /** recipe_unavailable: the title of the recipe that is gone. */
  unavailableTitle: string | null;
  /** like: the liked feed item's event type (new_recipe, update_rating...), else null. */
  likedEventType: string | null;
  /** ISO 8601 in UTC, to the millisecond. */
  createdOn: string;
  /** createdOn to the microsecond, for the cursor. */
  cursorTime: string;
  read: boolean;
};

export const notificationCursorOf = (row: NotificationRow): CursorValues => [
  row.cursorTime,
  row.id,
];

type Me = NonNullable<Viewer>;

/**
 * One page of the cook's notifications, newest first by (created_on, id), in ONE query
 * (notifications_user_created_idx, backwards from the cursor): each row's recipe is checked
 * against the recipe policy in the same query (readableRecipe, notificationShown), and its actors (the
 * newest few and their count, notification_actors_pkey) and grocery list are read for the
 * page's rows only. The list is named only while the cook may still use it. The ORDER BY spells
 * out NULLS LAST, as the index has it (the columns are NOT NULL, but the planner compares the
 * null ordering): without it PostgreSQL reads and sorts all the cook's notifications.
 */
export async function notificationPage(
  db: Tx,
  me: Me,
  options: { cursor: string | undefined; limit: number },
): Promise<NotificationRow[]> {
  const after = decodeCursor(options.cursor, ["timestamp", "bigId"]);
  const below = after
    ? sql`and (n.created_on, n.id) < (${after[0]}::timestamptz, ${after[1]}::bigint)`
    : sql``;
  // Named: a page's statement is one of two shapes (with a cursor or not), planned once.
  return executePrepared(
    db,
    "notifications_page",
    selectNotifications(me, below, options.limit + 1),
  );
}

/** The cook's notifications of these ids that they may see, newest first (the digest's). */
export function notificationsByIds(db: Tx, me: Me, ids: number[]): Promise<NotificationRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  const query = selectNotifications(me, sql`and n.id in ${ids}`, ids.length);
  return db.execute<NotificationRow>(query).then((result) => result.rows);
}

function selectNotifications(me: Me, where: SQL, limit: number): SQL {
  return sql`
    select n.id::float8 as id, n.kind,
      array(
        select u.username from notification_actors a join users u on u.id = a.actor_id
        where a.notification_id = n.id
        order by a.created_at desc, a.actor_id desc
        limit ${literalLimit(NOTIFICATION_ACTORS_SHOWN)}) as actors,
      (select count(*)::int from notification_actors a where a.notification_id = n.id)
        as "actorCount",
      r.id as "recipeId", r.slug as "recipeSlug", r.title as "recipeTitle",
      n.feed_item_id::float8 as "feedItemId",
      g.id as "groceryListId", g.name as "groceryListName",
      n.import_id as "importId", n.recipe_title as "unavailableTitle",
      case when n.kind = 'like' then
        (select f.event_type from feed_items f where f.id = n.feed_item_id) end
        as "likedEventType",
      to_char(n.created_on at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdOn",
      to_char(n.created_on at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "cursorTime",
      n.read_at is not null as read
    from (
      select n.* from notifications n ${readableRecipe(me)}
      where n.user_id = ${me.id} ${where} and ${notificationShown}
      order by n.created_on desc nulls last, n.id desc nulls last
      limit ${literalLimit(limit)}
    ) n
    left join recipes r on r.id = n.recipe_id
    left join grocery_lists g on g.id = n.grocery_list_id and (g.owner_id = ${me.id}
      or exists (select 1 from grocery_list_members gm
                 where gm.grocery_list_id = g.id and gm.user_id = ${me.id}))
    order by n.created_on desc nulls last, n.id desc nulls last`;
}

/**
 * The cook's unread notifications that they may see (the partial index
 * notifications_unread_group_key holds exactly the unread rows of a cook).
 */
export async function unreadCount(db: Tx, me: Me): Promise<number> {
  const [row] = await executePrepared<{ count: number }>(
    db,
    "unread_notifications",
    sql`
    select count(*)::int as count
    from notifications n ${readableRecipe(me)}
    where n.user_id = ${me.id} and n.read_at is null and ${notificationShown}`,
  );
  return row?.count ?? 0;
}

/**
 * Marks the cook's unread notifications read: those of `ids` (others' ids, and unknown ones,
 * change nothing), or all of them. Announces the new count when anything changed.
 */
export async function markRead(db: Tx, userId: number, ids: number[] | undefined): Promise<void> {
  if (ids?.length === 0) return;
  await db.transaction(async (tx) => {
    // drizzle writes an array as a list of parameters: `in (…)`.
    const only = ids === undefined ? sql`` : sql`and id in ${ids}`;
    const result = await tx.execute(sql`
      update notifications set read_at = now()
      where user_id = ${userId} and read_at is null ${only}`);
    if ((result.rowCount ?? 0) > 0) await announceUnread(tx, userId);
  });
}

/**
 * Takes `actorId` out of the cook's notifications (the cook blocked them): a notification
 * only they caused goes, a grouped one keeps its other cooks. Announces the new count.
 */
export async function forgetActor(tx: Tx, userId: number, actorId: number): Promise<void> {
  // The CTE's delete is not seen by the outer statement: "others" must leave the actor out.
  const result = await tx.execute(sql`
    with gone as (
      delete from notification_actors na using notifications n
      where na.notification_id = n.id and n.user_id = ${userId} and na.actor_id = ${actorId}
      returning na.notification_id
    )
    delete from notifications n
    where n.id in (select notification_id from gone)
      and not exists (select 1 from notification_actors others
        where others.notification_id = n.id and others.actor_id <> ${actorId})`);
  if ((result.rowCount ?? 0) > 0) await announceUnread(tx, userId);
}

// ---------- settings ----------

const DEFAULT_SETTING = { in_app: true, email: false };

/** The cook's choice for every kind: their row where they have one, else the default. */
export async function settingsOf(db: Tx, userId: number): Promise<NotificationSettings> {
  const rows = await db
    .select()
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
  const settings = Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => [kind, { ...DEFAULT_SETTING }]),
  ) as NotificationSettings;
  for (const row of rows) {
    if (row.kind in settings) {
      settings[row.kind as NotificationKind] = { in_app: row.inApp, email: row.email };
    }
  }
  return settings;
}

/**
 * Changes the kinds given (each in whole or in part); returns every kind's setting. Each kind
 * is one upsert that keeps what the change leaves out, so two changes of parts of one kind at
 * once both count.
 */
export async function updateSettings(
  db: Tx,
  userId: number,
  change: UpdateNotificationSettingsBody,
): Promise<NotificationSettings> {
  return db.transaction(async (tx) => {
    for (const kind of NOTIFICATION_KINDS) {
      const part = change[kind];
      if (!part) continue;
      await tx
        .insert(notificationSettings)
        .values({
          userId,
          kind,
          inApp: part.in_app ?? DEFAULT_SETTING.in_app,
          email: part.email ?? DEFAULT_SETTING.email,
        })
        .onConflictDoUpdate({
          target: [notificationSettings.userId, notificationSettings.kind],
          set: {
            inApp: part.in_app ?? sql`${notificationSettings.inApp}`,
            email: part.email ?? sql`${notificationSettings.email}`,
          },
        });
    }
    return settingsOf(tx, userId);
  });
}

// ---------- the email digest (digest.ts, decision 0031) ----------

/** A cook a digest is due for. */
export type DigestCook = {
  id: number;
  username: string;
  email: string;
  isSuperuser: boolean;
  /** The language the cook chose (the digest is written in it), or null: English. */
  language: string | null;
};

/**
 * Up to `limit` cooks who asked to be mailed about some kinds, have unread notifications of
 * those kinds not mailed yet, and were last mailed a digest more than an hour ago. Driven by
 * the settings rows asking for mail (few: email is off by default).
 */
export async function cooksDueADigest(db: Tx, limit: number): Promise<DigestCook[]> {
  const due = await db.execute<DigestCook>(sql`
    select u.id, u.username, u.email, u.is_superuser as "isSuperuser", u.language
    from users u
    where u.id in (select user_id from notification_settings where email)
      and u.disabled_at is null
      and exists (
        select 1 from notifications n
        join notification_settings s on s.user_id = n.user_id and s.kind = n.kind and s.email
        where n.user_id = u.id and n.read_at is null and n.emailed_at is null)
      and not exists (
        select 1 from notifications e
        where e.user_id = u.id and e.emailed_at > now() - interval '1 hour')
    order by u.id
    limit ${limit}`);
  return due.rows;
}

/** Whether the cook was mailed a digest within the last hour. */
export async function mailedADigestLately(tx: Tx, userId: number): Promise<boolean> {
  const recent = await tx.execute(sql`
    select 1 from notifications
    where user_id = ${userId} and emailed_at > now() - interval '1 hour' limit 1`);
  return recent.rows.length > 0;
}

/**
 * Claims (emailed_at = now) the cook's newest `max` unread notifications of the kinds they
 * asked to be mailed about and not mailed yet; their ids.
 */
export async function claimForDigest(tx: Tx, userId: number, max: number): Promise<number[]> {
  const claimed = await tx.execute<{ id: number }>(sql`
    update notifications n set emailed_at = now()
    where n.id in (
      select n2.id from notifications n2
      join notification_settings s on s.user_id = n2.user_id and s.kind = n2.kind and s.email
      where n2.user_id = ${userId} and n2.read_at is null and n2.emailed_at is null
      order by n2.created_on desc nulls last, n2.id desc nulls last
      limit ${max})
    returning n.id::float8 as id`);
  return claimed.rows.map((row) => row.id);
}

/** Gives back a claim whose digest could not be queued: they go in a later digest. */
export async function unclaimForDigest(db: Tx, userId: number, ids: number[]): Promise<void> {
  await db.execute(sql`
    update notifications set emailed_at = null
    where user_id = ${userId} and id in ${ids}`);
}
