import { describe, expect, it } from "vitest";
import { computeShoppingLines, type LineIngredient, roundQuantity } from "./shopping-list.js";

const G = 1;
const ML = 2;
const PIECE = 3;
const flour = (quantity: number, unitId = G): LineIngredient => ({
  ingredientId: 10,
  ingredientName: "All-purpose flour",
  unitId,
  quantity,
});
const milk = (quantity: number): LineIngredient => ({
  ingredientId: 20,
  ingredientName: "Whole milk",
  unitId: ML,
  quantity,
});
const egg = (quantity: number): LineIngredient => ({
  ingredientId: 30,
  ingredientName: "Egg",
  unitId: PIECE,
  quantity,
});

const pancakes = (guests: number) => ({
  recipeId: 1,
  title: "Pancakes",
  guests,
  ingredients: [flour(30), milk(60), egg(0.5)],
});
const bread = (guests: number) => ({
  recipeId: 2,
  title: "Bread",
  guests,
  ingredients: [flour(100)],
});

const summary = (lines: ReturnType<typeof computeShoppingLines>) =>
  lines.map((l) => `${l.quantity} ${l.unitId} ${l.ingredientName} for ${l.fromRecipes}`);

describe("computeShoppingLines", () => {
  it("combines one ingredient from two recipes and an extra into one line", () => {
    const lines = computeShoppingLines([pancakes(4), bread(2)], [flour(50)], []);
    const flourLine = lines.find((l) => l.ingredientName === "All-purpose flour");
    expect(flourLine).toMatchObject({
      quantity: 30 * 4 + 100 * 2 + 50,
      fromRecipes: "Pancakes (4 guests) & Bread (2 guests) & Extras",
      isChecked: false,
      id: null,
    });
    expect(lines.filter((l) => l.ingredientId === 10)).toHaveLength(1);
  });

  it("scales per-serving quantities by guests and orders lines by ingredient name", () => {
    expect(summary(computeShoppingLines([pancakes(6)], [], []))).toEqual([
      "180 1 All-purpose flour for Pancakes (6 guests)",
      "3 3 Egg for Pancakes (6 guests)",
      "360 2 Whole milk for Pancakes (6 guests)",
    ]);
  });

  it("keeps the same ingredient in different units as separate lines", () => {
    const lines = computeShoppingLines([bread(1)], [flour(2, PIECE)], []);
    expect(summary(lines)).toEqual([
      "100 1 All-purpose flour for Bread (1 guest)",
      "2 3 All-purpose flour for Extras",
    ]);
  });

  it("says 'guest' for exactly one and adds up two plans of one recipe", () => {
    expect(computeShoppingLines([bread(1)], [], [])[0]?.fromRecipes).toBe("Bread (1 guest)");
    const twice = computeShoppingLines([bread(1), pancakes(2), bread(3)], [], []);
    expect(twice[0]).toMatchObject({
      quantity: 100 * 4 + 30 * 2,
      fromRecipes: "Bread (4 guests) & Pancakes (2 guests)",
    });
  });

  it("counts a recipe listing an ingredient twice once as a source but twice in the sum", () => {
    const crumble = {
      recipeId: 5,
      title: "Crumble",
      guests: 2,
      ingredients: [flour(40), egg(1), flour(10)],
    };
    expect(computeShoppingLines([crumble], [], [])[0]).toMatchObject({
      quantity: 100,
      fromRecipes: "Crumble (2 guests)",
    });
  });

  it("is only extras when no recipe needs the ingredient, several extras adding up", () => {
    expect(summary(computeShoppingLines([], [milk(250), milk(0.5)], []))).toEqual([
      "250.5 2 Whole milk for Extras",
    ]);
  });

  it("rounds the exact sum to 2 decimals", () => {
    // 3 × 0.1 is 0.30000000000000004 in floating point; 1.005 must round up, not down.
    const lines = computeShoppingLines(
      [{ recipeId: 9, title: "Tea", guests: 3, ingredients: [milk(0.1), egg(1 / 3)] }],
      [flour(1.005)],
      [],
    );
    expect(lines.map((l) => l.quantity)).toEqual([1.01, 1, 0.3]);
    expect(roundQuantity(2 / 3)).toBe(0.67);
    expect(roundQuantity(0.0025)).toBe(0.01);
    expect(roundQuantity(12.344999)).toBe(12.34);
  });

  it("keeps checked lines that did not grow, unchecks grown ones, drops vanished ones", () => {
    const before = computeShoppingLines([pancakes(4)], [flour(10)], []).map((l, index) => ({
      id: 100 + index,
      ingredientId: l.ingredientId,
      unitId: l.unitId,
      quantity: l.quantity,
      isChecked: true,
    }));
    // flour grows (a bigger extra), milk stays the same, the egg is no longer in the recipe
    const after = computeShoppingLines(
      [{ ...pancakes(4), ingredients: [flour(30), milk(60)] }],
      [flour(20)],
      before,
    );
    const byName = Object.fromEntries(after.map((l) => [l.ingredientName, l]));
    expect(byName["All-purpose flour"]).toMatchObject({ id: 100, quantity: 140, isChecked: false });
    expect(byName["Whole milk"]).toMatchObject({ id: 102, quantity: 240, isChecked: true });
    expect(byName.Egg).toBeUndefined();

    const shrunk = computeShoppingLines([pancakes(2)], [], before);
    expect(shrunk.map((l) => [l.id, l.quantity, l.isChecked])).toEqual([
      [100, 60, true],
      [101, 1, true],
      [102, 120, true],
    ]);
  });

  it("starts new lines unchecked and keeps unchecked lines unchecked", () => {
    const before = [{ id: 7, ingredientId: 20, unitId: ML, quantity: 500, isChecked: false }];
    const lines = computeShoppingLines([pancakes(1)], [], before);
    expect(lines.map((l) => [l.ingredientName, l.id, l.isChecked])).toEqual([
      ["All-purpose flour", null, false],
      ["Egg", null, false],
      ["Whole milk", 7, false],
    ]);
  });

  it("gives no lines for nothing planned", () => {
    expect(
      computeShoppingLines(
        [],
        [],
        [{ id: 1, ingredientId: 1, unitId: 1, quantity: 1, isChecked: true }],
      ),
    ).toEqual([]);
  });
});
