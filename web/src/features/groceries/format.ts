import type { GroceryListSummary } from "@potluck/contract";
import { ApiError } from "../../lib/api-error";
import { dayFormat } from "../../lib/dates";
import { t } from "../../lib/i18n";

/** "Sat 5 December" (in English: short weekday, day, long month), or 'No Date'. */
export function formatPlannedDate(plannedOn: string | null | undefined): string {
  if (!plannedOn) return t("groceries.plannedDate.none");
  const [year, month, day] = plannedOn.split("-").map(Number);
  if (!year || !month || !day) return t("groceries.plannedDate.none");
  // A calendar day, not an instant: a UTC midnight written in UTC, so no time zone shifts it.
  return dayFormat("plannedDay").format(new Date(Date.UTC(year, month - 1, day)));
}

/** '1 guest', '4 guests'. */
export const guestsText = (guests: number) => t("groceries.guests", { count: guests });

export type PlanKind = "Recipe" | "Extra";

/**
 * The red alert above a plan form when planning fails (spec §8): the server's detail; else
 * its first non_field_errors entry; else 'Unit: {first unit_id error}'; else the status.
 * A request that never got an answer is a network error.
 */
export function planErrorMessage(error: unknown, kind: PlanKind): string {
  if (!(error instanceof ApiError)) {
    return kind === "Recipe"
      ? t("groceries.planError.networkRecipe")
      : t("groceries.planError.networkExtra");
  }
  const body =
    error.body && typeof error.body === "object" ? (error.body as Record<string, unknown>) : {};
  if (typeof body.detail === "string") return body.detail;
  const first = (field: string) => {
    const value = body[field];
    return Array.isArray(value) && typeof value[0] === "string" ? value[0] : undefined;
  };
  const nonField = first("non_field_errors");
  if (nonField) return nonField;
  const unit = first("unit_id");
  if (unit) return t("groceries.planError.unit", { error: unit });
  // The status as it is, a code rather than a number to write in the reader's way.
  const status = String(error.status);
  return kind === "Recipe"
    ? t("groceries.planError.statusRecipe", { status })
    : t("groceries.planError.statusExtra", { status });
}

/** My own list reads as its name; a list shared with me also names its owner. */
export function listLabel(list: GroceryListSummary): string {
  return list.can_manage
    ? list.name
    : t("groceries.list.sharedLabel", { name: list.name, owner: list.owner_username });
}
