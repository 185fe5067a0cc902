import type { ModerationAction, ReportReason } from "@potluck/contract";
import { formatDateTime } from "../../lib/dates";
import { t } from "../../lib/i18n";

/** The moderators' words for reasons, actions and what a report is about. */
export function reasonName(reason: ReportReason): string {
  switch (reason) {
    case "spam":
      return t("moderation.reasons.spam");
    case "abuse":
      return t("moderation.reasons.abuse");
    case "inappropriate":
      return t("moderation.reasons.inappropriate");
    case "other":
      return t("moderation.reasons.other");
  }
}

/** An action's button: "Dismiss", "Hide", "Delete", "Disable cook". */
export function actionButton(action: ModerationAction): string {
  switch (action) {
    case "dismiss":
      return t("moderation.actions.dismiss");
    case "hide":
      return t("moderation.actions.hide");
    case "delete":
      return t("moderation.actions.delete");
    case "disable_user":
      return t("moderation.actions.disableUser");
  }
}

/** What a feed item is, in the context of a reported comment; undefined for an unknown type. */
export function eventName(eventType: string): string | undefined {
  switch (eventType) {
    case "new_recipe":
      return t("moderation.events.newRecipe");
    case "update_recipe":
      return t("moderation.events.updateRecipe");
    case "new_rating":
      return t("moderation.events.newRating");
    case "update_rating":
      return t("moderation.events.updateRating");
    default:
      return undefined;
  }
}

/** What a report is about, as its badge says: "Recipe", "Comment", "Cook". */
export function kindName(kind: "recipe" | "comment" | "user"): string {
  switch (kind) {
    case "recipe":
      return t("moderation.kinds.recipe");
    case "comment":
      return t("moderation.kinds.comment");
    case "user":
      return t("moderation.kinds.user");
  }
}

/** A time to the minute, "28 Nov 2026, 03:24" (lib/dates.ts, as every date). */
export const formatTime = (iso: string): string => formatDateTime(iso);
