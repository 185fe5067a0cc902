import type { AdminReport, AdminUser, AuditEntry, ReportContext } from "@potluck/contract";
import { canDisableCook } from "./policy.js";
import type {
  AdminReportRow,
  AdminUserRow,
  AuditRow,
  ContextCommentRow,
  ContextItemRow,
} from "./repository.js";

/** Raw queries give times as Dates or PostgreSQL's text; the API speaks ISO 8601 in UTC. */
const iso = (time: Date | string): string => new Date(time).toISOString();

export const presentReport = (row: AdminReportRow): AdminReport => ({
  id: row.id,
  reporter_username: row.reporterUsername,
  reason: row.reason,
  text: row.text,
  target_kind: row.targetKind,
  target_id: row.targetId,
  recipe:
    row.recipeId !== null && row.recipeSlug !== null
      ? { id: row.recipeId, slug: row.recipeSlug }
      : null,
  excerpt: row.excerpt,
  target_author_username: row.targetAuthorUsername,
  target_hidden: row.targetHidden,
  created_on: iso(row.createdAt),
  status: row.status,
  resolution: row.resolution,
  resolved_by_username: row.resolvedByUsername,
  resolved_at: row.resolvedAt === null ? null : iso(row.resolvedAt),
});

/** A cook in the moderators' list, with whether `moderator` may disable or enable them. */
export const presentAdminUser = (row: AdminUserRow, moderator: { id: number }): AdminUser => ({
  id: row.id,
  username: row.username,
  first_name: row.firstName,
  is_superuser: row.isSuperuser,
  date_joined: iso(row.createdAt),
  disabled_at: row.disabledAt === null ? null : iso(row.disabledAt),
  can_block: canDisableCook(moderator, row.id),
});

export const presentAuditEntry = (row: AuditRow): AuditEntry => ({
  id: row.id,
  moderator_username: row.moderatorName,
  action: row.action,
  target_kind: row.targetKind,
  target_id: row.targetId,
  target_label: row.targetLabel,
  report_id: row.reportId,
  created_on: iso(row.createdAt),
});

/** A reported comment among its neighbours under its feed item, the reported one marked. */
export const presentReportContext = (
  reportedId: number,
  { item, comments }: { item: ContextItemRow; comments: ContextCommentRow[] },
): ReportContext => ({
  item: {
    id: item.id,
    event_type: item.eventType,
    user_username: item.userUsername,
    created_on: iso(item.createdOn),
    recipe: { id: item.recipeId, slug: item.recipeSlug, title: item.recipeTitle },
    rating:
      item.rating === null
        ? null
        : {
            rating: item.rating,
            comment: item.ratingComment ?? "",
            author_username: item.ratingAuthor ?? "",
          },
  },
  comments: comments.map((comment) => ({
    id: comment.id,
    text: comment.text,
    user_username: comment.userUsername,
    created_at: iso(comment.createdAt),
    hidden: comment.hidden,
    reported: comment.id === reportedId,
  })),
  earlier_count: item.earlierCount,
  later_count: item.laterCount,
});
