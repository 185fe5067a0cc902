import type { PlannerEntry } from "@potluck/contract";
import { describe, expect, it } from "vitest";
import {
  cellId,
  copyOf,
  dropAnnouncement,
  dropTarget,
  entriesByCell,
  entryLabel,
  parseCellId,
  sendPreview,
} from "./entries";

const recipe = (id: number, title: string) => ({ id, title, slug: title, image_card: null });

function entry(fields: Partial<PlannerEntry> & Pick<PlannerEntry, "id" | "date">): PlannerEntry {
  return {
    slot: "dinner",
    position: 0,
    recipe: null,
    unavailable_recipe: null,
    guests: null,
    note: "Leftovers",
    sent_to: null,
    created_by: "ann",
    eaters: null,
    warnings: [],
    nutrition: null,
    ...fields,
  };
}

describe("cell ids", () => {
  it("round-trips a day and slot", () => {
    expect(parseCellId(cellId("2025-06-03", "lunch"))).toEqual({
      day: "2025-06-03",
      slot: "lunch",
    });
  });

  it("refuses what is not a cell", () => {
    for (const id of [1, null, "2025-06-03", "2025-06-03|brunch", "2025-02-30|lunch", "a|b|c"]) {
      expect(parseCellId(id)).toBeNull();
    }
  });
});

describe("entriesByCell", () => {
  it("groups by day and slot, in position order", () => {
    const cells = entriesByCell([
      entry({ id: 1, date: "2025-06-03", position: 1 }),
      entry({ id: 2, date: "2025-06-03", position: 0 }),
      entry({ id: 3, date: "2025-06-03", slot: "lunch" }),
      entry({ id: 4, date: "2025-06-04" }),
    ]);
    expect(cells.get("2025-06-03|dinner")?.map((e) => e.id)).toEqual([2, 1]);
    expect(cells.get("2025-06-03|lunch")?.map((e) => e.id)).toEqual([3]);
    expect(cells.get("2025-06-04|dinner")?.map((e) => e.id)).toEqual([4]);
    expect(cells.get("2025-06-04|lunch")).toBeUndefined();
  });
});

describe("sendPreview", () => {
  it("sends the recipes not sent yet, in the week's order, and never notes", () => {
    const sent = { grocery_list_id: 7, planned_recipe_id: 70 };
    const { toSend, alreadySent } = sendPreview([
      entry({ id: 1, date: "2025-06-04", recipe: recipe(1, "Soup"), guests: 2, note: null }),
      entry({ id: 2, date: "2025-06-03", recipe: recipe(2, "Pasta"), guests: 4, note: null }),
      entry({
        id: 3,
        date: "2025-06-03",
        slot: "breakfast",
        recipe: recipe(3, "Eggs"),
        note: null,
      }),
      entry({ id: 4, date: "2025-06-03" }),
      entry({ id: 5, date: "2025-06-02", recipe: recipe(4, "Curry"), note: null, sent_to: sent }),
    ]);
    expect(toSend.map((e) => e.id)).toEqual([3, 2, 1]);
    expect(alreadySent.map((e) => e.id)).toEqual([5]);
  });
});

describe("copyOf", () => {
  it("repeats a recipe with its guests, or a note, on another day", () => {
    const pasta = entry({ id: 1, date: "2025-06-03", recipe: recipe(9, "Pasta"), guests: 6 });
    expect(copyOf(pasta, "2025-06-05", "lunch")).toEqual({
      date: "2025-06-05",
      slot: "lunch",
      recipe_id: 9,
      guests: 6,
    });
    expect(copyOf(entry({ id: 2, date: "2025-06-03" }), "2025-06-06", "dinner")).toEqual({
      date: "2025-06-06",
      slot: "dinner",
      note: "Leftovers",
    });
  });

  it("repeats a recipe no longer available as a note of its title", () => {
    const gone = entry({
      id: 3,
      date: "2025-06-03",
      note: null,
      guests: 4,
      unavailable_recipe: { title: "Chili" },
    });
    expect(entryLabel(gone)).toBe("Chili");
    expect(copyOf(gone, "2025-06-07", "dinner")).toEqual({
      date: "2025-06-07",
      slot: "dinner",
      note: "Chili",
    });
  });
});

// Issue 34 §19: dragging a meal announced two messages to screen readers, the drag's
// "Soup was moved to Friday, Dinner." and the planner's "Moved Soup to Friday, Dinner.".
describe("a drop", () => {
  const soup = entry({ id: 1, date: "2025-06-03", slot: "lunch", note: "Soup" });
  const friday = { day: "2025-06-06", slot: "dinner" } as const;

  it("goes to the cell it was dropped on, or nowhere when the meal stays", () => {
    expect(dropTarget(soup, cellId("2025-06-06", "dinner"), false)).toEqual(friday);
    expect(dropTarget(soup, cellId("2025-06-03", "lunch"), false)).toBeNull();
    expect(dropTarget(soup, cellId("2025-06-03", "lunch"), true)).toEqual({
      day: "2025-06-03",
      slot: "lunch",
    });
    expect(dropTarget(soup, undefined, false)).toBeNull();
  });

  it("is announced once: the planner's status says a move or copy, the drag says nothing", () => {
    expect(dropAnnouncement("Soup", friday)).toBeUndefined();
    expect(dropAnnouncement("Soup", dropTarget(soup, cellId("2025-06-06", "dinner"), true))).toBe(
      undefined,
    );
  });

  it("says that a meal was put back, which nothing else says", () => {
    expect(dropAnnouncement("Soup", null)).toBe("Soup was put back.");
    expect(dropAnnouncement("Soup", dropTarget(soup, cellId("2025-06-03", "lunch"), false))).toBe(
      "Soup was put back.",
    );
  });
});
