import type { PlannerEntry } from "@potluck/contract";
import { describe, expect, it } from "vitest";
import { emptyDays, nothingToProposeText } from "./gaps";
import { weekDays } from "./week";

const week = weekDays("2026-11-23");
const dinner = (date: string, id: number) =>
  ({ id, date, slot: "dinner", position: 0, note: null, guests: 4 }) as unknown as PlannerEntry;

describe("Fill the gaps with nothing to propose", () => {
  // Issue 34 §13: five recipes, Monday to Friday's dinners, all of them; the weekend empty.
  const planned = [0, 1, 2, 3, 4].map((index) => dinner(week[index] as string, index + 1));

  it("finds the days without that meal", () => {
    expect(emptyDays(planned, week, "dinner")).toEqual(["2026-11-28", "2026-11-29"]);
    expect(emptyDays(planned, week, "lunch")).toEqual(week);
  });

  it("says the days are empty and why nothing came, not that every slot is planned", () => {
    const text = nothingToProposeText(emptyDays(planned, week, "dinner"), "dinner", "mine");
    expect(text).toBe(
      "Saturday and Sunday have no dinner yet, but every one of your recipes is planned within two weeks of them, or there are none yet. Try other recipes: a tag or one of your collections.",
    );
    expect(text).not.toContain("every slot is planned");
    expect(nothingToProposeText(["2026-11-27", "2026-11-28", "2026-11-29"], "lunch", "tag")).toBe(
      "Friday, Saturday and Sunday have no lunch yet, but every recipe with that tag is planned within two weeks of them, or there are none yet. Try other recipes: your own, a tag or a collection.",
    );
  });

  it("says every one is planned only when it is", () => {
    const full = week.map((day, index) => dinner(day, index + 1));
    expect(nothingToProposeText(emptyDays(full, week, "dinner"), "dinner", "mine")).toBe(
      "Every dinner of this week is planned.",
    );
  });
});
