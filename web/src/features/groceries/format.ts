import type { GroceryListSummary } from "@potluck/contract";
import { ApiError } from "../../lib/api-error";

/** "Sat 5 December" (en-GB: short weekday, day, long month), or 'No Date'. */
export function formatPlannedDate(plannedOn: string | null | undefined): string {
  if (!plannedOn) return "No Date";
  const [year, month, day] = plannedOn.split("-").map(Number);
  if (!year || !month || !day) return "No Date";
  // A calendar day, not an instant: built in local time so no timezone shifts it.
  return new Date(year, month - 1, day).toLocaleDateString("en-GB", {
    weekday: "short",
    day: "numeric",
    month: "long",
  });
}

/** '1 guest', '4 guests'. */
export const guestsText = (guests: number) => `${guests} ${guests === 1 ? "guest" : "guests"}`;

export type PlanKind = "Recipe" | "Extra";

/**
 * The red alert above a plan form when planning fails (spec §8): the server's detail; else
 * its first non_field_errors entry; else 'Unit: {first unit_id error}'; else the status.
 * A request that never got an answer is a network error.
 */
export function planErrorMessage(error: unknown, kind: PlanKind): string {
  if (!(error instanceof ApiError)) {
    return `A network error occurred while planning the ${kind}.`;
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
  if (unit) return `Unit: ${unit}`;
  return `Failed to plan ${kind}. Status: ${error.status}`;
}

/** My own list reads as its name; a list shared with me also names its owner. */
export function listLabel(list: GroceryListSummary): string {
  return list.can_manage ? list.name : `${list.name} (shared by ${list.owner_username})`;
}
