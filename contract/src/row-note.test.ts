import { describe, expect, it } from "vitest";
import { rowNoteSuffix, withRowNote } from "./row-note.js";
import { recipeLineText } from "./units.js";

describe("a row's note and mark as the page, cook mode, print and JSON-LD read them", () => {
  it("follow the line: ', note' then ' (optional)'", () => {
    expect(withRowNote("2 onions", { note: "diced", optional: false })).toBe("2 onions, diced");
    expect(withRowNote("1 tsp Vanilla extract", { note: null, optional: true })).toBe(
      "1 tsp Vanilla extract (optional)",
    );
    expect(rowNoteSuffix({ note: "28 ounce can", optional: true })).toBe(
      ", 28 ounce can (optional)",
    );
    // Rows from before notes, or a blank note: nothing.
    expect(rowNoteSuffix({})).toBe("");
    expect(rowNoteSuffix({ note: "  ", optional: false })).toBe("");
  });

  it('reads a "to taste" row without a quantity as "Salt to taste"', () => {
    const salt = {
      ingredient: { name: "Salt" },
      quantity: null,
      unit: { name: "to taste" },
      text: null,
    };
    expect(recipeLineText(salt, 8, 4).text).toBe("Salt to taste");
    expect(recipeLineText(salt, 8, 4).amount).toBe("");
  });
});
