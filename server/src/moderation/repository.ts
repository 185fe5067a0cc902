import type {
  AuditedAction,
  ModerationAction,
  ReportReason,
  ReportTargetKind,
} from "@potluck/contract";
import { and, eq, inArray, isNotNull, isNull, ne, sql } from "drizzle-orm";
import type { Viewer } from "../auth/policy.js";
import { deleteSessionsOf } from "../auth/sessions.js";
import type { Tx } from "../db/client.js";
import { feedComments, feedItems, moderationLog, recipes, reports, users } from "../db/schema.js";
import { mayReadComment, mayReadItem } from "../feed/policy.js";
import type { CursorValues } from "../http/pagination.js";
import { countRatingsOf } from "../ratings/repository.js";
import { mayReadRecipe } from "../recipes/policy.js";

// Reports and moderation (decision 0033). Raw SQL for the three pages (each an index walk in
// its order: reports_status_created_idx, users_username_lower_key, moderation_log_created_idx);
// the builder for the writes.

/** How much of a comment the report keeps, and the audit log shows. */
const EXCERPT_LENGTH = 140;

export const excerptOf = (text: string): string =>
  text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH - 1)}…` : text;

/** microseconds since the epoch of a timestamptz column: exact, unlike a JS Date. */
const micros = (column: string) => sql.raw(`(extract(epoch from ${column}) * 1000000)::bigint`);
const fromMicros = (key: number) =>
  sql`('epoch'::timestamptz + ${key}::bigint * interval '1 microsecond')`;

// ---------- reporting ----------

/** A target a cook may report: one they can see, with its excerpt. */
export interface ReportTarget {
  kind: ReportTargetKind;
  id: number;
  excerpt: string;
}

/** The recipe, if the viewer may read it (recipes/policy.ts). */
export async function reportableRecipe(
  db: Tx,
  viewer: NonNullable<Viewer>,
  id: number,
): Promise<ReportTarget | undefined> {
  const result = await db.execute<{ title: string }>(
    sql`select r.title from ${recipes} r where r.id = ${id} and ${mayReadRecipe(viewer)}`,
  );
  const row = result.rows[0];
  return row && { kind: "recipe", id, excerpt: row.title };
}

/** The comment, if the viewer sees it under an item they see (feed/policy.ts). */
export async function reportableComment(
  db: Tx,
  viewer: NonNullable<Viewer>,
  id: number,
): Promise<ReportTarget | undefined> {
  const [row] = await db
    .select({ text: feedComments.text })
    .from(feedComments)
    .innerJoin(users, eq(users.id, feedComments.userId))
    .innerJoin(feedItems, eq(feedItems.id, feedComments.feedItemId))
    .where(
      and(
        eq(feedComments.id, id),
        mayReadItem(viewer),
        mayReadComment(viewer, "feed_comments", "users"),
      ),
    );
  return row && { kind: "comment", id, excerpt: excerptOf(row.text) };
}

/** The cook of that name (any case), not disabled; undefined when there is none. */
export async function reportableUser(db: Tx, username: string): Promise<ReportTarget | undefined> {
  const [row] = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(and(sql`lower(${users.username}) = lower(${username})`, isNull(users.disabledAt)));
  return row && { kind: "user", id: row.id, excerpt: row.username };
}

/** Records the report; undefined when this cook already reported this target. */
export async function insertReport(
  db: Tx,
  reporterId: number,
  target: ReportTarget,
  reason: ReportReason,
  text: string,
) {
  const [row] = await db
    .insert(reports)
    .values({
      reporterId,
      targetKind: target.kind,
      recipeId: target.kind === "recipe" ? target.id : null,
      commentId: target.kind === "comment" ? target.id : null,
      reportedUserId: target.kind === "user" ? target.id : null,
      reason,
      text,
      excerpt: target.excerpt,
    })
    .onConflictDoNothing()
    .returning({
      id: reports.id,
      targetKind: reports.targetKind,
      reason: reports.reason,
      createdAt: reports.createdAt,
    });
  return row;
}

// ---------- the moderators' queue ----------

export type AdminReportRow = {
  id: number;
  reporterUsername: string | null;
  reason: ReportReason;
  text: string;
  targetKind: ReportTargetKind;
  targetId: number | null;
  recipeId: number | null;
  recipeSlug: string | null;
  excerpt: string;
  targetAuthorId: number | null;
  targetAuthorUsername: string | null;
  targetHidden: boolean;
  createdAt: Date | string;
  createdKey: number;
  status: "open" | "resolved";
  resolution: ModerationAction | null;
  resolvedByUsername: string | null;
  resolvedAt: Date | string | null;
};

/**
 * Reports with what they are about as it is now: the recipe (its own, or the comment's item's)
 * to link to, the cook whose content it is, and whether it is hidden (the cook disabled, for a
 * report of a cook). Each join is a primary-key probe per row of the page.
 */
const reportSelect = sql`select rp.id, reporter.username as "reporterUsername", rp.reason,
    rp.text, rp.target_kind as "targetKind",
    coalesce(rp.recipe_id, rp.comment_id, rp.reported_user_id) as "targetId",
    tr.id as "recipeId", tr.slug as "recipeSlug", rp.excerpt,
    author.id as "targetAuthorId", author.username as "targetAuthorUsername",
    case rp.target_kind
      when 'recipe' then tr.hidden_at is not null
      when 'comment' then fc.hidden_at is not null
      else author.disabled_at is not null end as "targetHidden",
    rp.created_at as "createdAt", ${micros("rp.created_at")} as "createdKey",
    rp.status, rp.resolution, resolver.username as "resolvedByUsername",
    rp.resolved_at as "resolvedAt"
  from reports rp
  left join users reporter on reporter.id = rp.reporter_id
  left join feed_comments fc on fc.id = rp.comment_id
  left join feed_items fi on fi.id = fc.feed_item_id
  left join recipes tr on tr.id = coalesce(rp.recipe_id, fi.recipe_id)
  left join users author on author.id = case rp.target_kind
    when 'recipe' then tr.author_id when 'comment' then fc.user_id else rp.reported_user_id end
  left join users resolver on resolver.id = rp.resolved_by_id`;

/** Raw rows carry times as Dates already (node-postgres parses timestamptz). */
export async function listReports(
  db: Tx,
  {
    status,
    after,
    limit,
  }: { status: "open" | "resolved"; after?: [number, number]; limit: number },
): Promise<AdminReportRow[]> {
  // Open: oldest first, the order to work through them; resolved: newest first.
  const open = status === "open";
  const cursor = after
    ? open
      ? sql`and (rp.created_at, rp.id) > (${fromMicros(after[0])}, ${after[1]}::int)`
      : sql`and (rp.created_at, rp.id) < (${fromMicros(after[0])}, ${after[1]}::int)`
    : sql``;
  const order = open ? sql`rp.created_at, rp.id` : sql`rp.created_at desc, rp.id desc`;
  const result = await db.execute<AdminReportRow>(sql`${reportSelect}
    where rp.status = ${status} ${cursor}
    order by ${order}
    limit ${limit + 1}`);
  return result.rows;
}

export const reportCursorOf = (row: AdminReportRow): CursorValues => [row.createdKey, row.id];

export async function findReport(db: Tx, id: number): Promise<AdminReportRow | undefined> {
  const result = await db.execute<AdminReportRow>(sql`${reportSelect} where rp.id = ${id}`);
  return result.rows[0];
}

/** Ids of the other open reports of the same target (of any reporter). */
export async function openReportsOfSameTarget(
  db: Tx,
  report: Pick<AdminReportRow, "id" | "targetKind" | "targetId">,
): Promise<number[]> {
  if (report.targetId === null) return [];
  const column = {
    recipe: reports.recipeId,
    comment: reports.commentId,
    user: reports.reportedUserId,
  }[report.targetKind];
  const rows = await db
    .select({ id: reports.id })
    .from(reports)
    .where(and(eq(column, report.targetId), eq(reports.status, "open"), ne(reports.id, report.id)));
  return rows.map((row) => row.id);
}

/**
 * Resolves the report, unless it was resolved meanwhile (false), and with any action but a
 * dismissal the other open reports of the same target (`others`, read before the action: a
 * delete's cascade clears their target id). Called after the action, so the target's locks
 * come first and report rows last, as a recipe delete's cascade to reports takes them.
 */
export async function markResolved(
  tx: Tx,
  reportId: number,
  others: number[],
  action: ModerationAction,
  moderatorId: number,
): Promise<boolean> {
  const resolution = {
    status: "resolved",
    resolution: action,
    resolvedById: moderatorId,
    resolvedAt: sql`now()`,
  };
  const done = await tx
    .update(reports)
    .set(resolution)
    .where(and(eq(reports.id, reportId), eq(reports.status, "open")))
    .returning({ id: reports.id });
  if (done.length === 0) return false;
  if (action !== "dismiss" && others.length > 0) {
    await tx
      .update(reports)
      .set(resolution)
      .where(and(inArray(reports.id, others), eq(reports.status, "open")));
  }
  return true;
}

// ---------- actions ----------

export async function hideRecipe(tx: Tx, id: number): Promise<boolean> {
  const rows = await tx
    .update(recipes)
    .set({ hiddenAt: sql`coalesce(${recipes.hiddenAt}, now())` })
    .where(eq(recipes.id, id))
    .returning({ id: recipes.id });
  return rows.length > 0;
}

export async function hideComment(tx: Tx, id: number): Promise<boolean> {
  const rows = await tx
    .update(feedComments)
    .set({ hiddenAt: sql`coalesce(${feedComments.hiddenAt}, now())` })
    .where(eq(feedComments.id, id))
    .returning({ id: feedComments.id });
  return rows.length > 0;
}

/**
 * Shows a hidden recipe or comment again (a moderator changed their mind), and marks the
 * reports resolved by hiding it dismissed. False when it is gone or not hidden.
 */
export async function unhide(
  tx: Tx,
  target: { kind: "recipe" | "comment"; id: number },
  moderatorId: number,
): Promise<boolean> {
  const rows =
    target.kind === "recipe"
      ? await tx
          .update(recipes)
          .set({ hiddenAt: null })
          .where(and(eq(recipes.id, target.id), isNotNull(recipes.hiddenAt)))
          .returning({ id: recipes.id })
      : await tx
          .update(feedComments)
          .set({ hiddenAt: null })
          .where(and(eq(feedComments.id, target.id), isNotNull(feedComments.hiddenAt)))
          .returning({ id: feedComments.id });
  if (rows.length === 0) return false;
  const column = target.kind === "recipe" ? reports.recipeId : reports.commentId;
  await tx
    .update(reports)
    .set({ resolution: "dismiss", resolvedById: moderatorId, resolvedAt: sql`now()` })
    .where(and(eq(column, target.id), eq(reports.resolution, "hide")));
  return true;
}

/**
 * Disables the cook and deletes their sessions in the caller's transaction: the sessions
 * triggers NOTIFY every process when it commits (decision 0020), and the caller forgets them in
 * its own (SessionCache.forgetSessionsOf) after the commit. The cook's recipes, ratings,
 * comments and feed items are withheld from others by the policies reading disabled_at.
 */
export async function disableUser(tx: Tx, userId: number): Promise<void> {
  const changed = await tx
    .update(users)
    .set({ disabledAt: sql`now()` })
    .where(and(eq(users.id, userId), isNull(users.disabledAt)))
    .returning({ id: users.id });
  // Their ratings no longer count in the recipes' averages (once: only when it changed).
  if (changed.length > 0) await countRatingsOf(tx, userId, -1);
  await deleteSessionsOf(tx, userId);
}

/** Enables the cook again; their ratings count again in the recipes' averages. */
export async function enableUser(tx: Tx, userId: number): Promise<void> {
  const changed = await tx
    .update(users)
    .set({ disabledAt: null })
    .where(and(eq(users.id, userId), isNotNull(users.disabledAt)))
    .returning({ id: users.id });
  if (changed.length > 0) await countRatingsOf(tx, userId, 1);
}

export async function logAction(
  tx: Tx,
  entry: {
    moderator: { id: number; username: string };
    action: AuditedAction;
    targetKind: ReportTargetKind;
    targetId: number | null;
    targetLabel: string;
    reportId?: number;
  },
): Promise<void> {
  await tx.insert(moderationLog).values({
    moderatorId: entry.moderator.id,
    moderatorName: entry.moderator.username,
    action: entry.action,
    targetKind: entry.targetKind,
    targetId: entry.targetId,
    targetLabel: entry.targetLabel,
    reportId: entry.reportId ?? null,
  });
}

// ---------- users ----------

export type AdminUserRow = {
  id: number;
  username: string;
  firstName: string;
  isSuperuser: boolean;
  createdAt: Date | string;
  disabledAt: Date | string | null;
  name: string;
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Cooks by name (lower(username), users_username_lower_key), keyset on it; with `search`, those
 * whose username or first name contains it (the trigram indexes, as the user search).
 */
export async function listUsers(
  db: Tx,
  {
    search,
    after,
    exact,
    limit,
  }: { search: string; after?: string; exact?: string; limit: number },
): Promise<AdminUserRow[]> {
  const part = `%${escapeLike(search.toLowerCase())}%`;
  const result = await db.execute<AdminUserRow>(sql`
    select u.id, u.username, u.first_name as "firstName", u.is_superuser as "isSuperuser",
      u.created_at as "createdAt", u.disabled_at as "disabledAt", lower(u.username) as name
    from users u
    where true
      ${search ? sql`and (lower(u.username) like ${part} or lower(u.first_name) like ${part})` : sql``}
      ${after !== undefined ? sql`and lower(u.username) > ${after}` : sql``}
      ${exact !== undefined ? sql`and lower(u.username) = lower(${exact})` : sql``}
    order by lower(u.username)
    limit ${limit + 1}`);
  return result.rows;
}

export const userCursorOf = (row: AdminUserRow): CursorValues => [row.name];

// ---------- the audit log ----------

export type AuditRow = {
  id: number;
  moderatorName: string;
  action: AuditedAction;
  targetKind: ReportTargetKind;
  targetId: number | null;
  targetLabel: string;
  reportId: number | null;
  createdAt: Date | string;
  createdKey: number;
};

/** Newest first (moderation_log_created_idx). */
export async function listAudit(
  db: Tx,
  { after, limit }: { after?: [number, number]; limit: number },
): Promise<AuditRow[]> {
  const result = await db.execute<AuditRow>(sql`
    select l.id, l.moderator_name as "moderatorName", l.action, l.target_kind as "targetKind",
      l.target_id as "targetId", l.target_label as "targetLabel", l.report_id as "reportId",
      l.created_at as "createdAt", ${micros("l.created_at")} as "createdKey"
    from moderation_log l
    ${after ? sql`where (l.created_at, l.id) < (${fromMicros(after[0])}, ${after[1]}::bigint)` : sql``}
    order by l.created_at desc, l.id desc
    limit ${limit + 1}`);
  return result.rows;
}

export const auditCursorOf = (row: AuditRow): CursorValues => [row.createdKey, row.id];

// ---------- a reported comment in context (issue 34 §14) ----------

export type ContextItemRow = {
  id: number;
  eventType: string;
  userUsername: string;
  createdOn: Date | string;
  recipeId: number;
  recipeSlug: string;
  recipeTitle: string;
  rating: number | null;
  ratingComment: string | null;
  ratingAuthor: string | null;
  earlierCount: number;
  laterCount: number;
};

export type ContextCommentRow = {
  id: number;
  text: string;
  userUsername: string;
  createdAt: Date | string;
  hidden: boolean;
};

/**
 * The feed item a comment is under and up to `around` comments of it on each side of the
 * comment (feed_comments_item_idx both ways), oldest first, as moderators see them: hidden
 * ones and those of disabled cooks too, marked. Undefined when the comment is gone.
 */
export async function commentInContext(
  db: Tx,
  commentId: number,
  around: number,
): Promise<{ item: ContextItemRow; comments: ContextCommentRow[] } | undefined> {
  const at = sql`(select c0.created_at, c0.id from feed_comments c0 where c0.id = ${commentId})`;
  const items = await db.execute<ContextItemRow>(sql`
    select fi.id, fi.event_type as "eventType", iu.username as "userUsername",
      fi.created_on as "createdOn", r.id as "recipeId", r.slug as "recipeSlug",
      r.title as "recipeTitle", rt.rating, rt.comment as "ratingComment",
      rater.username as "ratingAuthor",
      (select count(*) from feed_comments c
        where c.feed_item_id = fi.id and (c.created_at, c.id) < (fc.created_at, fc.id))::int
        as "earlierCount",
      (select count(*) from feed_comments c
        where c.feed_item_id = fi.id and (c.created_at, c.id) > (fc.created_at, fc.id))::int
        as "laterCount"
    from feed_comments fc
    join feed_items fi on fi.id = fc.feed_item_id
    join users iu on iu.id = fi.user_id
    join recipes r on r.id = fi.recipe_id
    left join ratings rt on rt.id = fi.rating_id
    left join users rater on rater.id = rt.author_id
    where fc.id = ${commentId}`);
  const item = items.rows[0];
  if (!item) return undefined;
  const columns = sql`c.id, c.text, cu.username as "userUsername", c.created_at as "createdAt",
    (c.hidden_at is not null or cu.disabled_at is not null) as hidden`;
  const result = await db.execute<ContextCommentRow>(sql`
    select * from (
      (select ${columns} from feed_comments c join users cu on cu.id = c.user_id
        where c.feed_item_id = ${item.id} and (c.created_at, c.id) < ${at}
        order by c.created_at desc, c.id desc limit ${around})
      union all
      (select ${columns} from feed_comments c join users cu on cu.id = c.user_id
        where c.id = ${commentId})
      union all
      (select ${columns} from feed_comments c join users cu on cu.id = c.user_id
        where c.feed_item_id = ${item.id} and (c.created_at, c.id) > ${at}
        order by c.created_at, c.id limit ${around})
    ) shown
    order by "createdAt", id`);
  return {
    item: {
      ...item,
      earlierCount: Math.max(0, item.earlierCount - around),
      laterCount: Math.max(0, item.laterCount - around),
    },
    comments: result.rows,
  };
}
