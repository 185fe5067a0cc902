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
  unitAfterPick,
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
        quantity: item.quantity ?? null,
        unit: { id: item.unit_id ?? 0, name: "x" },
        text: null,
        note: null,
        optional: false,
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
    // The draft's quantities are for the servings it states: 225 g for 8 arrives as 225.
    const line = (quantity: number | null) => ({
      original: "x",
      quantity,
      unit: null,
      ingredient: null,
    });
    const eight = draftForServings({ servings: 8, recipe_ingredients: [line(225), line(4)] });
    expect(eight.servings).toBe(8);
    expect(rowsFromLines(eight.lines).map((r) => r.quantity)).toEqual(["225", "4"]);
    const twelve = draftForServings({ servings: 12, recipe_ingredients: [line(1)] });
    expect(rowsFromLines(twelve.lines)[0]?.quantity).toBe("1");
    expect(draftForServings({ servings: null, recipe_ingredients: [line(3)] })).toMatchObject({
      servings: 4,
      lines: [{ quantity: 3 }],
    });
    // A yield the form cannot take is rounded or capped, and the quantities follow it.
    const many = draftForServings({ servings: 250, recipe_ingredients: [line(500)] });
    expect(many).toMatchObject({ servings: 100, lines: [{ quantity: 200 }] });
    const odd = draftForServings({ servings: 2.5, recipe_ingredients: [line(5)] });
    expect(odd).toMatchObject({ servings: 3, lines: [{ quantity: 6 }] });
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

describe("picking an ingredient (issue 35 §2)", () => {
  const lemon = { id: 4, name: "Lemon", counted: true };
  const flour = { id: 5, name: "All-purpose flour", counted: false };

  it("starts a usually counted one at the count, and asks a unit for any other", () => {
    expect(unitAfterPick(emptyRow(), lemon)).toBe(COUNT_CHOICE);
    expect(unitAfterPick(emptyRow(), flour)).toBe("");
    // An option without the field (an older answer) asks, as before.
    expect(unitAfterPick(emptyRow(), { id: 6, name: "Salt" } as { counted?: boolean })).toBe("");
  });

  it("follows a new pick from the count, but keeps a unit the cook chose", () => {
    expect(unitAfterPick(row({ ingredient: lemon, unitId: COUNT_CHOICE }), flour)).toBe("");
    expect(unitAfterPick(row({ ingredient: flour, unitId: "" }), lemon)).toBe(COUNT_CHOICE);
    expect(unitAfterPick(row({ ingredient: flour, unitId: "7" }), lemon)).toBe("7");
  });
});

describe("rows kept as written (issue 25)", () => {
  const cup = { id: 10, name: "cup" };
  const herbs = (over: Partial<IngredientRow> = {}) =>
    row({ text: "fresh herbs", quantity: "", unitId: "", ...over });

  it("submit their words, with a quantity and unit only when given", () => {
    const collected = collectIngredients(
      [
        herbs({ text: "  a handful of fresh herbs " }),
        herbs({ quantity: "2", unitId: "10" }),
        herbs({ text: "lemons, zested", quantity: "2" }),
        herbs({ text: "limes", quantity: "3", unitId: COUNT_CHOICE }),
        row({ ingredient: egg, quantity: "4", unitId: "5" }),
      ],
      4,
    );
    expect(collected).toEqual({
      ok: true,
      items: [
        { text: "a handful of fresh herbs" },
        { text: "fresh herbs", quantity: 0.5, unit_id: 10 },
        { text: "lemons, zested", quantity: 0.5 },
        { text: "limes", quantity: 0.75 },
        { ingredient_id: 3, quantity: 1, unit_id: 5 },
      ],
    });
  });

  it("say when a unit has no quantity, or the quantity is not above 0", () => {
    const rows = [herbs({ unitId: "10" }), herbs({ quantity: "0" }), herbs()];
    expect(rowProblems(rows).map((problem) => [problem.n, problem.fields])).toEqual([
      [1, ["quantity"]],
      [2, ["quantity"]],
    ]);
    expect(collectIngredients(rows).ok).toBe(false);
    expect(collectIngredients([herbs()]).ok).toBe(true);
  });

  it("come back from a stored recipe as they were typed", () => {
    const shown = rowsFromRecipe({
      servings: 4,
      recipe_ingredients: [
        {
          id: 1,
          ingredient: null,
          quantity: 0.125,
          unit: cup,
          text: "fresh herbs",
          note: null,
          optional: false,
        },
        {
          id: 2,
          ingredient: null,
          quantity: null,
          unit: null,
          text: "a handful of mint",
          note: null,
          optional: false,
        },
      ],
    });
    expect(shown.map((r) => [r.ingredient, r.text, r.quantity, r.unitId])).toEqual([
      [null, "fresh herbs", "0.5", "10"],
      [null, "a handful of mint", "", ""],
    ]);
  });

  it("are what an imported line no ingredient matched becomes: never in the way", () => {
    const draft = draftForServings({
      servings: 8,
      recipe_ingredients: [
        {
          original: "1 cup zorblax leaves",
          quantity: 1,
          unit: cup,
          ingredient: null,
          as_written: { text: "zorblax leaves", quantity: 1, unit: cup },
        },
        {
          original: "zest of 1 quiddity",
          quantity: 1,
          unit: null,
          ingredient: null,
          as_written: { text: "zest of 1 quiddity", quantity: null, unit: null },
        },
      ],
    });
    const rows = rowsFromLines(draft.lines);
    expect(rows.map((r) => [r.text, r.quantity, r.unitId])).toEqual([
      ["zorblax leaves", "1", "10"],
      ["zest of 1 quiddity", "", ""],
    ]);
    expect(rowProblems(rows)).toEqual([]);
    expect(collectIngredients(rows, 8)).toEqual({
      ok: true,
      items: [
        { text: "zorblax leaves", quantity: 0.125, unit_id: 10 },
        { text: "zest of 1 quiddity" },
      ],
    });
  });
});
