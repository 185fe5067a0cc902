import type { AdminReport, AdminUser, AuditEntry } from "@potluck/contract";
import type { AdminReportRow, AdminUserRow, AuditRow } from "./repository.js";

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

export const presentAdminUser = (row: AdminUserRow): AdminUser => ({
  id: row.id,
  username: row.username,
  first_name: row.firstName,
  is_superuser: row.isSuperuser,
  date_joined: iso(row.createdAt),
  disabled_at: row.disabledAt === null ? null : iso(row.disabledAt),
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
