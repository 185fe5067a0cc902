import type { AuditEntry, ModerationAction, ReportReason } from "@potluck/contract";
import { formatDateTime } from "../../lib/dates";

/** The moderators' words for reasons, actions and what a report is about. */
export const REASON_NAMES: Record<ReportReason, string> = {
  spam: "Spam",
  abuse: "Abuse",
  inappropriate: "Inappropriate",
  other: "Other",
};

export const ACTION_BUTTONS: Record<ModerationAction, string> = {
  dismiss: "Dismiss",
  hide: "Hide",
  delete: "Delete",
  disable_user: "Disable cook",
};

export const AUDIT_ACTIONS: Record<AuditEntry["action"], string> = {
  dismiss: "dismissed a report of",
  hide: "hid",
  delete: "deleted",
  disable_user: "disabled",
  enable_user: "enabled",
  unhide: "showed again",
};

export const KIND_NAMES = { recipe: "Recipe", comment: "Comment", user: "Cook" } as const;

/** A time to the minute, "28 Nov 2026, 03:24" (lib/dates.ts, as every date). */
export const formatTime = (iso: string): string => formatDateTime(iso);
