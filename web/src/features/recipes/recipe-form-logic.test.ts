import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api-error";
import {
  appendRows,
  collectIngredients,
  emptyRow,
  type IngredientRow,
  incompleteRowMessage,
  rowNeedsCheck,
  rowsFromLines,
  rowsFromRecipe,
  saveErrorLines,
} from "./recipe-form-logic";

const row = (over: Partial<IngredientRow>): IngredientRow => ({ ...emptyRow(), ...over });
const flour = { id: 7, name: "All-purpose flour" };

describe("collectIngredients", () => {
  it("submits quantities for one serving: the typed 4-serving quantity ÷ 4", () => {
    const result = collectIngredients([row({ ingredient: flour, quantity: "400", unitId: "3" })]);
    expect(result).toEqual({ ok: true, items: [{ ingredient_id: 7, quantity: 100, unit_id: 3 }] });
  });

  it("drops fully empty rows", () => {
    const result = collectIngredients([
      emptyRow(),
      row({ ingredient: flour, quantity: "2", unitId: "1" }),
      row({ quantity: "  " }),
    ]);
    expect(result).toEqual({ ok: true, items: [{ ingredient_id: 7, quantity: 0.5, unit_id: 1 }] });
  });

  it("refuses a partly filled row with the spec's message", () => {
    const partial: Partial<IngredientRow>[] = [
      { ingredient: flour },
      { ingredient: flour, quantity: "2" },
      { ingredient: flour, unitId: "1" },
      { quantity: "2", unitId: "1" },
      { ingredient: flour, quantity: "0", unitId: "1" },
      { ingredient: flour, quantity: "-1", unitId: "1" },
      { ingredient: flour, quantity: "abc", unitId: "1" },
    ];
    for (const over of partial) {
      expect(collectIngredients([row(over)]), JSON.stringify(over)).toEqual({
        ok: false,
        error: incompleteRowMessage(),
      });
    }
  });

  it("round-trips through a stored recipe", () => {
    const typed = ["1", "0.33", "250", "1.5"];
    const collected = collectIngredients(
      typed.map((quantity) => row({ ingredient: flour, quantity, unitId: "2" })),
    );
    if (!collected.ok) throw new Error(collected.error);
    const stored = {
      recipe_ingredients: collected.items.map((item, i) => ({
        id: i + 1,
        ingredient: flour,
        quantity: item.quantity ?? null,
        unit: { id: item.unit_id ?? 0, name: "g" },
        text: null,
        note: null,
        optional: false,
      })),
    };
    expect(rowsFromRecipe(stored).map((r) => r.quantity)).toEqual(typed);
  });
});

describe("saveErrorLines", () => {
  it("shows the status and the server's detail", () => {
    const error = new ApiError(403, "Forbidden", { detail: "Not allowed." });
    expect(saveErrorLines(error)).toEqual(["403 Forbidden: Not allowed."]);
  });

  it("shows field errors as 'field: messages'", () => {
    const error = new ApiError(400, "Bad Request", {
      title: ["This field may not be blank."],
      image: ["Upload a valid image.", "Too big."],
    });
    expect(saveErrorLines(error)).toEqual([
      "title: This field may not be blank.",
      "image: Upload a valid image. Too big.",
    ]);
  });
});

describe("rows from lines the server read (import, paste)", () => {
  const flour = { id: 1, name: "All-purpose flour" };
  const cup = { id: 10, name: "cup" };
  const toTaste = { id: 38, name: "to taste" };

  it("fills what was read and keeps the line's text for what was not", () => {
    const rows = rowsFromLines([
      { original: "1 ½ cups plain flour", quantity: 1.5, unit: cup, ingredient: flour },
      { original: "salt to taste", quantity: null, unit: toTaste, ingredient: null },
      { original: "a few sprigs of something", quantity: null, unit: null, ingredient: null },
      { original: "⅓ cup flour", quantity: 1 / 3, unit: cup, ingredient: flour },
    ]);
    expect(rows.map((row) => [row.ingredient?.name ?? null, row.quantity, row.unitId])).toEqual([
      ["All-purpose flour", "1.5", "10"],
      // Issue 34 §11: "to taste" has no quantity (was "1", made up).
      [null, "", "38"],
      [null, "", ""],
      ["All-purpose flour", "0.33", "10"],
    ]);
    expect(rows.map(rowNeedsCheck)).toEqual([false, true, true, false]);
    expect(rows[2]?.original).toBe("a few sprigs of something");
  });

  it("keeps a line matched only in part as written, the cut and all", () => {
    const beef = { id: 5, name: "Beef" };
    const lb = { id: 12, name: "lb" };
    const [row] = rowsFromLines([
      {
        original: "2 lb beef stew meat",
        quantity: 2,
        unit: lb,
        ingredient: beef,
        as_written: { text: "beef stew meat", quantity: 2, unit: lb },
      },
    ]);
    expect(row).toMatchObject({ ingredient: null, text: "beef stew meat", quantity: "2" });
    expect(row?.unitId).toBe("12");
    expect(row && rowNeedsCheck(row)).toBe(false);
  });

  it("replaces the blank row a new form starts with, and keeps rows the cook filled", () => {
    const [first, second] = rowsFromLines([
      { original: "1 cup flour", quantity: 1, unit: cup, ingredient: flour },
      { original: "2 cups flour", quantity: 2, unit: cup, ingredient: flour },
    ]);
    if (!first || !second) throw new Error("two rows expected");
    expect(appendRows([emptyRow()], [first])).toEqual([first]);
    expect(appendRows([first], [second])).toEqual([first, second]);
  });
});
