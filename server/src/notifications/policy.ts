import type { NotificationKind } from "@potluck/contract";
import { type SQL, sql } from "drizzle-orm";
import type { Viewer } from "../auth/policy.js";
import { mayReadRecipe } from "../recipes/policy.js";

// THE ONE HOME of who is told what (issue 27 §1, decision 0031).

/**
 * A condition on a recipient's id (a column or expression): the cook may be told of a `kind`
 * event caused by `actorId` (null: a system event, such as an import finishing). Never of
 * their own actions, never from a cook they blocked (blocks_pkey: blocker, blocked), and never
 * when they turned the kind off in the app (notification_settings_pkey; no row: on).
 */
export function mayNotify(recipient: SQL, kind: NotificationKind, actorId: number | null): SQL {
  const byOthers =
    actorId === null
      ? sql`true`
      : sql`${recipient} <> ${actorId}::int and not exists (
          select 1 from blocks b where b.blocker_id = ${recipient} and b.blocked_id = ${actorId}::int)`;
  return sql`(${byOthers} and coalesce((
    select s.in_app from notification_settings s
    where s.user_id = ${recipient} and s.kind = ${kind}), true))`;
}

/**
 * Who sees a notification, as two parts of a query on the notification row aliased `n`: a
 * join (`readableRecipe`) and a condition (`notificationShown`). A notification about a
 * recipe the cook may no longer read (made private, a follow ended) is left out of their page
 * and their unread count altogether, as if it had never been made; it shows again if the
 * recipe becomes readable again. A lateral probe of recipes_pkey per notification, never a
 * hash of every readable recipe (which PostgreSQL would build for an EXISTS in an OR): a page
 * walks the cook's index newest first and stops when it is full.
 */
export function readableRecipe(viewer: NonNullable<Viewer>): SQL {
  return sql`left join lateral (
    select r.id from recipes r where r.id = n.recipe_id and ${mayReadRecipe(viewer)} limit 1
  ) readable on true`;
}

export const notificationShown: SQL = sql`(n.recipe_id is null or readable.id is not null)`;
