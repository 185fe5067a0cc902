import type { PlannerEntry } from "@potluck/contract";
import { t } from "../../lib/i18n";
import { type Day, isDay, SLOTS, type Slot } from "./week";

/** A cell of the week: one slot of one day ("2025-06-03|dinner"), a drop target's id. */
export const cellId = (day: Day, slot: Slot): string => `${day}|${slot}`;

export function parseCellId(id: unknown): { day: Day; slot: Slot } | null {
  if (typeof id !== "string") return null;
  const [day, slot, extra] = id.split("|");
  if (extra !== undefined || !day || !isDay(day)) return null;
  if (!(SLOTS as readonly string[]).includes(slot ?? "")) return null;
  return { day, slot: slot as Slot };
}

/** The entries of each cell, in their order within the slot. */
export function entriesByCell(entries: PlannerEntry[]): Map<string, PlannerEntry[]> {
  const cells = new Map<string, PlannerEntry[]>();
  for (const entry of entries) {
    const id = cellId(entry.date, entry.slot);
    cells.set(id, [...(cells.get(id) ?? []), entry]);
  }
  for (const list of cells.values()) list.sort((a, b) => a.position - b.position);
  return cells;
}

/** What an entry is called in menus and messages: the recipe's title, or the note. */
export const entryLabel = (entry: PlannerEntry): string =>
  entry.recipe?.title ?? entry.unavailable_recipe?.title ?? entry.note ?? t("planner.entry.meal");

/** '1 guest', '4 guests'. */
export const guestsText = (guests: number) => t("planner.guests", { count: guests });

/**
 * The recipe entries "Add to shopping list" would send (not sent yet) and those it would skip
 * (already sent to a list), each by date and slot as the week shows them. Notes are never sent.
 */
export function sendPreview(entries: PlannerEntry[]): {
  toSend: PlannerEntry[];
  alreadySent: PlannerEntry[];
} {
  const slotOrder = (entry: PlannerEntry) => SLOTS.indexOf(entry.slot);
  const recipes = entries
    .filter((entry) => entry.recipe !== null)
    .sort(
      (a, b) =>
        a.date.localeCompare(b.date) || slotOrder(a) - slotOrder(b) || a.position - b.position,
    );
  return {
    toSend: recipes.filter((entry) => entry.sent_to === null),
    alreadySent: recipes.filter((entry) => entry.sent_to !== null),
  };
}

/** The fields of a new entry that repeats `entry` elsewhere (a copy made by dragging). */
export function copyOf(entry: PlannerEntry, day: Day, slot: Slot) {
  return entry.recipe
    ? { date: day, slot, recipe_id: entry.recipe.id, guests: entry.guests ?? undefined }
    : // A recipe no longer available copies as a note of its title.
      { date: day, slot, note: entry.note ?? entry.unavailable_recipe?.title ?? "" };
}

/**
 * Where a dropped meal goes: the cell it was dropped on (`overId`), or null when it stays where
 * it was (dropped outside the week, or back on its own cell without copying).
 */
export function dropTarget(
  entry: PlannerEntry,
  overId: unknown,
  asCopy: boolean,
): { day: Day; slot: Slot } | null {
  const target = parseCellId(overId);
  if (!target) return null;
  if (!asCopy && target.day === entry.date && target.slot === entry.slot) return null;
  return target;
}

/**
 * What the drag's own live region says at a drop: a meal moved or copied is said once, by the
 * planner's status line ("Moved Soup to Friday, Dinner.", seen by sighted cooks too), so the
 * drag says nothing then (two messages at once were read one over the other, issue 34 §19);
 * it says only what nothing else does, that the meal was put back.
 */
export function dropAnnouncement(what: string, target: { day: Day; slot: Slot } | null) {
  return target ? undefined : t("planner.drag.putBack", { what });
}
