import { z } from "zod";
import { MAX_ID, paginated, text } from "./common.js";
import {
  MAX_REPORT_TEXT_LENGTH,
  MODERATION_ACTIONS,
  REPORT_REASONS,
  REPORT_TARGET_KINDS,
} from "./limits.js";

// Reports and moderation (issue 27 §3, decision 0033).

/** What the audit log records: the moderation actions and a cook enabled again. */
export const AUDITED_ACTIONS = [...MODERATION_ACTIONS, "enable_user", "unhide"] as const;
export type AuditedAction = (typeof AUDITED_ACTIONS)[number];

const id = z.number().int().positive().max(MAX_ID);

/**
 * `POST /api/reports/` → 201 `Report`: exactly one of `recipe_id`, `comment_id` and `username`
 * (else 400 `{"non_field_errors": [...]}`), a target the reporter may see (else the field's
 * 400 as for one that does not exist). A second report of the same target by the same cook is
 * 400 `{"detail": "You have already reported this."}`. Rate-limited (429).
 */
export const reportBody = z.object({
  recipe_id: id.optional(),
  comment_id: id.optional(),
  username: text().trim().min(1).max(150).optional(),
  reason: z.enum(REPORT_REASONS, {
    error: `Choose one of: ${REPORT_REASONS.join(", ")}.`,
  }),
  text: text()
    .trim()
    .max(
      MAX_REPORT_TEXT_LENGTH,
      `Ensure this field has no more than ${MAX_REPORT_TEXT_LENGTH} characters.`,
    )
    .default(""),
});
export type ReportBody = z.input<typeof reportBody>;

export const ALREADY_REPORTED = "You have already reported this.";
export const ONE_REPORT_TARGET = "Report exactly one of recipe_id, comment_id and username.";

/** A report as its reporter gets it back. */
export const reportReceipt = z.object({
  id: z.number(),
  target_kind: z.enum(REPORT_TARGET_KINDS),
  reason: z.enum(REPORT_REASONS),
  created_on: z.string(),
});
export type ReportReceipt = z.infer<typeof reportReceipt>;

/** A report as moderators see it. */
export const adminReport = z.object({
  id: z.number(),
  reporter_username: z.string().nullable(),
  reason: z.enum(REPORT_REASONS),
  text: z.string(),
  target_kind: z.enum(REPORT_TARGET_KINDS),
  /** The recipe's, comment's or reported cook's id; null once it was deleted. */
  target_id: z.number().nullable(),
  /** Where the content is read: the recipe for a recipe, the comment's recipe for a comment. */
  recipe: z.object({ id: z.number(), slug: z.string() }).nullable(),
  /** The recipe's title, the comment's start or the username, as reported. */
  excerpt: z.string(),
  /** The cook whose content it is (the reported cook for a user report); null when deleted. */
  target_author_username: z.string().nullable(),
  /** Whether the content is hidden now (the cook disabled, for a user report). */
  target_hidden: z.boolean(),
  created_on: z.string(),
  status: z.enum(["open", "resolved"]),
  resolution: z.enum(MODERATION_ACTIONS).nullable(),
  resolved_by_username: z.string().nullable(),
  resolved_at: z.string().nullable(),
});
export type AdminReport = z.infer<typeof adminReport>;

/** `GET /api/admin/reports/?status=open|resolved&cursor=`: open ones oldest first, resolved newest first. */
export const adminReportsQuery = z.object({
  status: z.enum(["open", "resolved"]).default("open"),
  cursor: text().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const adminReportPage = paginated(adminReport);
export type AdminReportPage = z.infer<typeof adminReportPage>;

/**
 * `POST /api/admin/reports/{id}/resolve/` → the report. `hide` on a user report disables the
 * cook (a cook can't be hidden otherwise); `delete` on a user report is a 400.
 */
export const resolveReportBody = z.object({
  action: z.enum(MODERATION_ACTIONS, { error: `Choose one of: ${MODERATION_ACTIONS.join(", ")}.` }),
});
export type ResolveReportBody = z.input<typeof resolveReportBody>;

/** A cook as the moderators' users page shows them. */
export const adminUser = z.object({
  id: z.number(),
  username: z.string(),
  first_name: z.string(),
  is_superuser: z.boolean(),
  date_joined: z.string(),
  disabled_at: z.string().nullable(),
  /** Whether the calling moderator may disable or enable this cook: anyone but themselves. */
  can_block: z.boolean(),
});
export type AdminUser = z.infer<typeof adminUser>;

/** `GET /api/admin/users/?search=&cursor=`: by name. */
export const adminUsersQuery = z.object({
  search: text().trim().max(150).default(""),
  cursor: text().max(300).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const adminUserPage = paginated(adminUser);
export type AdminUserPage = z.infer<typeof adminUserPage>;

/** One moderation action, newest first in `GET /api/admin/audit/?cursor=`. */
export const auditEntry = z.object({
  id: z.number(),
  moderator_username: z.string(),
  action: z.enum(AUDITED_ACTIONS),
  target_kind: z.enum(REPORT_TARGET_KINDS),
  target_id: z.number().nullable(),
  target_label: z.string(),
  report_id: z.number().nullable(),
  created_on: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;
export const auditPage = paginated(auditEntry);
export type AuditPage = z.infer<typeof auditPage>;
export const auditQuery = z.object({
  cursor: text().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const adminReportParams = z.object({ id: z.coerce.number().int().positive().max(MAX_ID) });

/** A comment of the thread a reported comment is in, as moderators see it. */
export const contextComment = z.object({
  id: z.number(),
  text: z.string(),
  user_username: z.string(),
  created_at: z.string(),
  /** Hidden by a moderator, or its cook disabled: others don't see it. */
  hidden: z.boolean(),
  /** The comment this report is about. */
  reported: z.boolean(),
});
export type ContextComment = z.infer<typeof contextComment>;

/**
 * `GET /api/admin/reports/{id}/context/` (issue 34 §14): a reported comment in its place: the
 * feed item it is under (whose activity about which recipe) and the comments around it, up to
 * REPORT_CONTEXT_AROUND before and after, oldest first, the reported one marked. 404 when the
 * report is not about a comment or the comment is gone.
 */
export const REPORT_CONTEXT_AROUND = 3;
export const reportContext = z.object({
  item: z.object({
    id: z.number(),
    event_type: z.string(),
    user_username: z.string(),
    created_on: z.string(),
    recipe: z.object({ id: z.number(), slug: z.string(), title: z.string() }),
    rating: z
      .object({ rating: z.number(), comment: z.string(), author_username: z.string() })
      .nullable(),
  }),
  comments: z.array(contextComment),
  /** Comments of the item before and after those shown. */
  earlier_count: z.number(),
  later_count: z.number(),
});
export type ReportContext = z.infer<typeof reportContext>;
