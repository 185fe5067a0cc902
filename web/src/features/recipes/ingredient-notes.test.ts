// Issue 34 §7 and §11 on the recipe form: a row's note and optional mark, and "to taste"
// without a quantity.
import { describe, expect, it } from "vitest";
import {
  collectIngredients,
  type IngredientRow,
  newRowKey,
  rowNeedsCheck,
  rowProblems,
  rowsFromLines,
  rowsFromRecipe,
} from "./recipe-form-logic";

const TO_TASTE = 7;
const PIECE = 1;
const salt = { id: 3, name: "Salt" };
const onion = { id: 4, name: "Onion" };
const row = (fields: Partial<IngredientRow>): IngredientRow => ({
  key: newRowKey(),
  ingredient: null,
  quantity: "",
  unitId: "",
  ...fields,
});

describe("a row's note and optional mark", () => {
  it("are submitted when given, and nothing is sent for a row without them", () => {
    const collected = collectIngredients(
      [
        row({ ingredient: onion, quantity: "2", unitId: String(PIECE), note: " diced " }),
        row({ ingredient: onion, quantity: "1", unitId: String(PIECE), optional: true }),
        row({ ingredient: onion, quantity: "1", unitId: String(PIECE), note: "  " }),
        row({ text: "crusty bread", note: "to serve", optional: true }),
      ],
      4,
    );
    expect(collected).toEqual({
      ok: true,
      items: [
        { ingredient_id: 4, quantity: 0.5, unit_id: PIECE, note: "diced" },
        { ingredient_id: 4, quantity: 0.25, unit_id: PIECE, optional: true },
        { ingredient_id: 4, quantity: 0.25, unit_id: PIECE },
        { text: "crusty bread", note: "to serve", optional: true },
      ],
    });
  });

  it("come from a stored recipe and from read lines", () => {
    const [stored] = rowsFromRecipe({
      servings: 4,
      recipe_ingredients: [
        {
          id: 1,
          ingredient: onion,
          quantity: 0.5,
          unit: { id: PIECE, name: "piece" },
          text: null,
          note: "diced",
          optional: true,
        },
      ],
    });
    expect(stored).toMatchObject({ note: "diced", optional: true });
    const [read, kept] = rowsFromLines([
      {
        original: "1 tsp vanilla (optional)",
        quantity: 1,
        unit: { id: 2, name: "tsp" },
        ingredient: { id: 5, name: "Vanilla extract" },
        note: "",
        optional: true,
      },
      {
        original: "2 cups mystery flour, sifted",
        quantity: 2,
        unit: { id: 9, name: "cup" },
        ingredient: null,
        as_written: {
          text: "mystery flour",
          quantity: 2,
          unit: { id: 9, name: "cup" },
          note: "sifted",
        },
        note: "sifted",
        optional: false,
      },
    ]);
    expect(read).toMatchObject({ quantity: "1", optional: true });
    expect(read?.note).toBeUndefined();
    expect(kept).toMatchObject({ text: "mystery flour", note: "sifted" });
  });
});

describe('"to taste" has no quantity', () => {
  const tasted = row({ ingredient: salt, unitId: String(TO_TASTE) });

  it("is read from a line without a made-up 1, and needs no check for it", () => {
    const [read] = rowsFromLines([
      {
        original: "salt to taste",
        quantity: null,
        unit: { id: TO_TASTE, name: "to taste" },
        ingredient: salt,
      },
    ]);
    expect(read?.quantity).toBe("");
    expect(read && rowNeedsCheck(read, TO_TASTE)).toBe(false);
  });

  it("is saved without a quantity; any other unit still needs one", () => {
    expect(collectIngredients([tasted], 4, PIECE, TO_TASTE)).toEqual({
      ok: true,
      items: [{ ingredient_id: 3, unit_id: TO_TASTE }],
    });
    expect(rowProblems([tasted], PIECE, TO_TASTE)).toEqual([]);
    const counted = row({ ingredient: onion, unitId: String(PIECE) });
    expect(collectIngredients([counted], 4, PIECE, TO_TASTE).ok).toBe(false);
    expect(rowProblems([counted], PIECE, TO_TASTE)[0]?.fields).toEqual(["quantity"]);
  });
});
