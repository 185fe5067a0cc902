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

/** A resolved report's outcome, as "Hidden by {moderator}" reads it (issue 34 §14). */
export const RESOLUTION_NAMES: Record<ModerationAction, string> = {
  dismiss: "Dismissed",
  hide: "Hidden",
  delete: "Deleted",
  disable_user: "Cook disabled",
};

/** What a feed item is, in the context of a reported comment. */
export const EVENT_NAMES: Record<string, string> = {
  new_recipe: "New Recipe",
  update_recipe: "Updated Recipe",
  new_rating: "New Rating",
  update_rating: "Updated Rating",
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
