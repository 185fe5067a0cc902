import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api-error";
import {
  collectIngredients,
  emptyRow,
  INCOMPLETE_ROW_MESSAGE,
  type IngredientRow,
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
        error: INCOMPLETE_ROW_MESSAGE,
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
        quantity: item.quantity,
        unit: { id: item.unit_id, name: "g" },
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
