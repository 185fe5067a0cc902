import { describe, expect, it } from "vitest";
import { addDays, daysFrom, pickSuggestions } from "./suggestions.js";

describe("pickSuggestions", () => {
  const candidates = [{ id: 1 }, { id: 2 }, { id: 3 }];

  it("takes candidates in their order, each once", () => {
    expect(pickSuggestions(["2030-01-01", "2030-01-02"], candidates, [])).toEqual([
      { date: "2030-01-01", recipe: { id: 1 } },
      { date: "2030-01-02", recipe: { id: 2 } },
    ]);
  });

  it("skips a recipe planned 14 days before or after a date, not 15", () => {
    const planned = [
      { date: "2030-01-01", recipeId: 1 },
      { date: "2030-01-29", recipeId: 2 },
    ];
    expect(pickSuggestions(["2030-01-15"], candidates, planned)).toEqual([
      { date: "2030-01-15", recipe: { id: 3 } },
    ]);
    expect(pickSuggestions(["2030-01-16"], candidates, planned)).toEqual([
      { date: "2030-01-16", recipe: { id: 1 } },
    ]);
  });

  it("proposes nothing for a date when every candidate is used or too close", () => {
    expect(pickSuggestions(["2030-01-01", "2030-01-02"], [{ id: 1 }], [])).toEqual([
      { date: "2030-01-01", recipe: { id: 1 } },
    ]);
  });
});

describe("days", () => {
  it("lists a range inclusively and moves across months and years", () => {
    expect(daysFrom("2030-12-30", "2031-01-02")).toEqual([
      "2030-12-30",
      "2030-12-31",
      "2031-01-01",
      "2031-01-02",
    ]);
    expect(addDays("2030-03-01", -1)).toBe("2030-02-28");
  });
});
