import { describe, expect, it } from "vitest";
import {
  COUNT_CHOICE,
  collectIngredients,
  draftForServings,
  emptyRow,
  type IngredientRow,
  parseServings,
  rowProblems,
  rowsFromLines,
  rowsFromRecipe,
} from "./recipe-form-logic";

// Issue 22: quantities for the recipe's own servings (item 4), rows that say what they lack and
// a unit left out for a count (item 6).

const egg = { id: 3, name: "Egg" };
const butter = { id: 9, name: "Unsalted butter" };
const row = (over: Partial<IngredientRow>): IngredientRow => ({ ...emptyRow(), ...over });

describe("servings", () => {
  it("submits the quantities typed for the servings ÷ servings, and shows them back", () => {
    const typed = [
      row({ ingredient: butter, quantity: "225", unitId: "2" }),
      row({ ingredient: egg, quantity: "4", unitId: "5" }),
    ];
    const collected = collectIngredients(typed, 8);
    expect(collected).toEqual({
      ok: true,
      items: [
        { ingredient_id: 9, quantity: 28.125, unit_id: 2 },
        { ingredient_id: 3, quantity: 0.5, unit_id: 5 },
      ],
    });
    if (!collected.ok) return;
    const shown = rowsFromRecipe({
      servings: 8,
      recipe_ingredients: collected.items.map((item, i) => ({
        id: i,
        ingredient: item.ingredient_id === 9 ? butter : egg,
        quantity: item.quantity,
        unit: { id: item.unit_id, name: "x" },
      })),
    });
    expect(shown.map((r) => r.quantity)).toEqual(["225", "4"]);
  });

  it("takes whole numbers from 1 to 100", () => {
    expect(parseServings("8")).toBe(8);
    expect(parseServings(" 1 ")).toBe(1);
    expect(parseServings("100")).toBe(100);
    for (const bad of ["0", "101", "2.5", "", "six", "-3"]) expect(parseServings(bad)).toBeNull();
  });

  it("keeps an imported page's yield and its quantities as written", () => {
    // The draft's quantities are on the 4-serving base: 225 g for 8 arrives as 112.5.
    const line = (quantity: number | null) => ({
      original: "x",
      quantity,
      unit: null,
      ingredient: null,
    });
    const eight = draftForServings({ servings: 8, recipe_ingredients: [line(112.5), line(2)] });
    expect(eight.servings).toBe(8);
    expect(rowsFromLines(eight.lines).map((r) => r.quantity)).toEqual(["225", "4"]);
    // 1 cup for 12 arrives rounded (0.333): still 1 cup.
    const twelve = draftForServings({ servings: 12, recipe_ingredients: [line(0.333)] });
    expect(rowsFromLines(twelve.lines)[0]?.quantity).toBe("1");
    expect(draftForServings({ servings: null, recipe_ingredients: [line(3)] })).toMatchObject({
      servings: 4,
      lines: [{ quantity: 3 }],
    });
    expect(draftForServings({ servings: 250, recipe_ingredients: [] }).servings).toBe(100);
    expect(draftForServings({ servings: 2.6, recipe_ingredients: [] }).servings).toBe(3);
  });
});

describe("ingredient rows", () => {
  it("says which row lacks what", () => {
    const rows = [
      row({ ingredient: butter, quantity: "225", unitId: "2" }),
      row({ ingredient: egg, quantity: "2" }),
      emptyRow(),
      row({ quantity: "0", unitId: "2" }),
    ];
    expect(rowProblems(rows, 5)).toEqual([
      {
        key: rows[1]?.key,
        n: 2,
        fields: ["unit"],
        message: 'Ingredient 2: choose a unit ("No unit" for a count, such as 3 eggs).',
      },
      {
        key: rows[3]?.key,
        n: 4,
        fields: ["ingredient", "quantity"],
        message: "Ingredient 4: choose an ingredient and enter a quantity above 0.",
      },
    ]);
    expect(collectIngredients(rows).ok).toBe(false);
  });

  it("saves 'No unit' as a count with the count unit", () => {
    const rows = [row({ ingredient: egg, quantity: "3", unitId: COUNT_CHOICE })];
    expect(rowProblems(rows, 5)).toEqual([]);
    expect(collectIngredients(rows, 4, 5)).toEqual({
      ok: true,
      items: [{ ingredient_id: 3, quantity: 0.75, unit_id: 5 }],
    });
    // Without the count unit (units not loaded) the row cannot be saved yet.
    expect(rowProblems(rows)).toHaveLength(1);
    expect(collectIngredients(rows).ok).toBe(false);
  });
});
