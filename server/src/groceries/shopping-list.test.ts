import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  computeShoppingLines,
  type ExtraInput,
  type FreeTextExtra,
  type LineIngredient,
  type PlannedRecipeInput,
  type PreviousLine,
  roundQuantity,
  type UnitRow,
} from "./shopping-list.js";

const G = 1;
const ML = 2;
const PIECE = 3;
const KG = 4;
const L = 5;
const TSP = 6;
const TBSP = 7;
const CUP = 8;
const OZ = 9;
const LB = 10;
const CLOVE = 11;
const MG = 12;
const PINCH = 13;
const UNITS: UnitRow[] = [
  { id: G, name: "g" },
  { id: ML, name: "ml" },
  { id: PIECE, name: "piece" },
  { id: KG, name: "kg" },
  { id: L, name: "l" },
  { id: TSP, name: "tsp" },
  { id: TBSP, name: "tbsp" },
  { id: CUP, name: "cup" },
  { id: OZ, name: "oz" },
  { id: LB, name: "lb" },
  { id: CLOVE, name: "clove" },
  { id: MG, name: "mg" },
  { id: PINCH, name: "pinch" },
];
const unitName = (id: number) => UNITS.find((unit) => unit.id === id)?.name;

/** The rule with this file's units table. */
const compute = (
  plans: readonly PlannedRecipeInput[],
  extras: readonly ExtraInput[],
  previous: readonly PreviousLine[],
) => computeShoppingLines(plans, extras, previous, UNITS);
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
  servings: 4,
  ingredients: [flour(30), milk(60), egg(0.5)],
});
const bread = (guests: number) => ({
  recipeId: 2,
  title: "Bread",
  guests,
  servings: 4,
  ingredients: [flour(100)],
});

const summary = (lines: ReturnType<typeof compute>) =>
  lines.map((l) => `${l.quantity} ${l.unitId} ${l.ingredientName} for ${l.fromRecipes}`);

describe("computeShoppingLines", () => {
  it("combines one ingredient from two recipes and an extra into one line", () => {
    const lines = compute([pancakes(4), bread(2)], [flour(50)], []);
    const flourLine = lines.find((l) => l.ingredientName === "All-purpose flour");
    expect(flourLine).toMatchObject({
      quantity: 30 * 4 + 100 * 2 + 50,
      fromRecipes: "Pancakes (4 guests) & Bread (2 guests) & Extras",
      // The same, as data, for a reader of another language.
      sources: {
        recipes: [
          { title: "Pancakes", guests: 4 },
          { title: "Bread", guests: 2 },
        ],
        extras: true,
      },
      isChecked: false,
      id: null,
    });
    expect(lines.filter((l) => l.ingredientId === 10)).toHaveLength(1);
  });

  it("scales per-serving quantities by guests and orders lines by ingredient name", () => {
    expect(summary(compute([pancakes(6)], [], []))).toEqual([
      "180 1 All-purpose flour for Pancakes (6 guests)",
      "3 3 Egg for Pancakes (6 guests)",
      "360 2 Whole milk for Pancakes (6 guests)",
    ]);
  });

  it("keeps a count apart from a mass of the same ingredient", () => {
    const lines = compute([bread(1)], [flour(2, PIECE)], []);
    expect(summary(lines)).toEqual([
      "100 1 All-purpose flour for Bread (1 guest)",
      "2 3 All-purpose flour for Extras",
    ]);
  });

  it("says 'guest' for exactly one and adds up two plans of one recipe", () => {
    expect(compute([bread(1)], [], [])[0]?.fromRecipes).toBe("Bread (1 guest)");
    const twice = compute([bread(1), pancakes(2), bread(3)], [], []);
    expect(twice[0]).toMatchObject({
      quantity: 100 * 4 + 30 * 2,
      fromRecipes: "Bread (4 guests) & Pancakes (2 guests)",
    });
  });

  it("keeps a pinch as the recipe writes it, whatever the guests", () => {
    // Per serving of a recipe for 4: a pinch of salt is 0.25 of a pinch each.
    const salt: LineIngredient = {
      ingredientId: 40,
      ingredientName: "Salt",
      unitId: PINCH,
      quantity: 0.25,
    };
    const soup = (guests: number): PlannedRecipeInput => ({
      recipeId: 7,
      title: "Soup",
      guests,
      servings: 4,
      ingredients: [salt, flour(10)],
    });
    expect(read(compute([soup(12)], [], []))).toEqual(["120 g All-purpose flour", "1 pinch Salt"]);
    expect(read(compute([soup(1)], [], []))).toEqual(["10 g All-purpose flour", "1 pinch Salt"]);
  });

  it("counts a recipe listing an ingredient twice once as a source but twice in the sum", () => {
    const crumble = {
      recipeId: 5,
      title: "Crumble",
      guests: 2,
      servings: 4,
      ingredients: [flour(40), egg(1), flour(10)],
    };
    expect(compute([crumble], [], [])[0]).toMatchObject({
      quantity: 100,
      fromRecipes: "Crumble (2 guests)",
    });
  });

  it("is only extras when no recipe needs the ingredient, several extras adding up", () => {
    expect(summary(compute([], [milk(250), milk(0.5)], []))).toEqual([
      "250.5 2 Whole milk for Extras",
    ]);
  });

  it("rounds the exact sum to 2 decimals", () => {
    // 3 × 0.1 is 0.30000000000000004 in floating point; 1.005 must round up, not down.
    const lines = compute(
      [{ recipeId: 9, title: "Tea", guests: 3, servings: 4, ingredients: [milk(0.1), egg(1 / 3)] }],
      [flour(1.005)],
      [],
    );
    expect(lines.map((l) => l.quantity)).toEqual([1.01, 1, 0.3]);
    expect(roundQuantity(2 / 3)).toBe(0.67);
    expect(roundQuantity(0.0025)).toBe(0.01);
    expect(roundQuantity(12.344999)).toBe(12.34);
  });

  it("keeps checked lines that did not grow, splits grown ones, drops vanished ones", () => {
    const before = compute([pancakes(4)], [flour(10)], []).map((l, index) => ({
      id: 100 + index,
      ingredientId: l.ingredientId,
      unitId: l.unitId,
      quantity: l.quantity,
      isChecked: true,
    }));
    // flour grows (a bigger extra), milk stays the same, the egg is no longer in the recipe
    const after = compute(
      [{ ...pancakes(4), ingredients: [flour(30), milk(60)] }],
      [flour(20)],
      before,
    );
    const byName = Object.fromEntries(after.map((l) => [l.ingredientName, l]));
    // Flour grew: what was bought stays ticked on its line, the rest is a new line to buy.
    const boughtFlour = before.find((l) => l.id === 100)?.quantity ?? 0;
    expect(
      after
        .filter((l) => l.ingredientName === "All-purpose flour")
        .map((l) => [l.id, l.quantity, l.isChecked]),
    ).toEqual([
      [100, boughtFlour, true],
      [null, 140 - boughtFlour, false],
    ]);
    expect(byName["Whole milk"]).toMatchObject({ id: 102, quantity: 240, isChecked: true });
    expect(byName.Egg).toBeUndefined();

    const shrunk = compute([pancakes(2)], [], before);
    expect(shrunk.map((l) => [l.id, l.quantity, l.isChecked])).toEqual([
      [100, 60, true],
      [101, 1, true],
      [102, 120, true],
    ]);
  });

  it("starts new lines unchecked and keeps unchecked lines unchecked", () => {
    const before = [{ id: 7, ingredientId: 20, unitId: ML, quantity: 500, isChecked: false }];
    const lines = compute([pancakes(1)], [], before);
    expect(lines.map((l) => [l.ingredientName, l.id, l.isChecked])).toEqual([
      ["All-purpose flour", null, false],
      ["Egg", null, false],
      ["Whole milk", 7, false],
    ]);
  });

  it("gives no lines for nothing planned", () => {
    expect(
      compute([], [], [{ id: 1, ingredientId: 1, unitId: 1, quantity: 1, isChecked: true }]),
    ).toEqual([]);
  });
});

/** One ingredient's amount, as a recipe (per serving) or an extra gives it. */
const some = (ingredientId: number, name: string, quantity: number, unitId: number) => ({
  ingredientId,
  ingredientName: name,
  unitId,
  quantity,
});
const recipeOf = (title: string, ...ingredients: LineIngredient[]): PlannedRecipeInput => ({
  recipeId: title.length,
  title,
  guests: 1,
  servings: 4,
  ingredients,
});
/** "1.5 kg All-purpose flour", per line; a line without an amount is its name alone. */
const read = (lines: ReturnType<typeof compute>) =>
  lines.map((l) =>
    l.unitId === null
      ? l.ingredientName
      : `${l.quantity} ${unitName(l.unitId)} ${l.ingredientName}`,
  );

describe("lines that merge across units (decision 13)", () => {
  it("500 g + 1 kg flour → 1.5 kg", () => {
    const bread = recipeOf("Bread", some(10, "Flour", 500, G));
    expect(read(compute([bread], [some(10, "Flour", 1, KG)], []))).toEqual(["1.5 kg Flour"]);
  });

  it("250 ml + 1 l milk → 1.25 l", () => {
    const custard = recipeOf("Custard", some(20, "Milk", 250, ML));
    expect(read(compute([custard], [some(20, "Milk", 1, L)], []))).toEqual(["1.25 l Milk"]);
  });

  it("1 tbsp + 1 tsp oil → 4 tsp", () => {
    const salad = recipeOf("Salad", some(30, "Olive oil", 1, TBSP));
    const fries = recipeOf("Fries", some(30, "Olive oil", 1, TSP));
    expect(read(compute([salad, fries], [], []))).toEqual(["4 tsp Olive oil"]);
  });

  it("2 cup + 4 tbsp stock → 2.25 cup", () => {
    const risotto = recipeOf("Risotto", some(40, "Stock", 2, CUP));
    expect(read(compute([risotto], [some(40, "Stock", 4, TBSP)], []))).toEqual(["2.25 cup Stock"]);
  });

  it("8 oz + 1 lb butter → 1.5 lb", () => {
    const cake = recipeOf("Cake", some(50, "Butter", 8, OZ));
    expect(read(compute([cake], [some(50, "Butter", 1, LB)], []))).toEqual(["1.5 lb Butter"]);
  });

  it("1 cup + 100 g flour → two lines", () => {
    const pie = recipeOf("Pie", some(10, "Flour", 1, CUP));
    const lines = compute([pie], [some(10, "Flour", 100, G)], []);
    expect(read(lines)).toEqual(["100 g Flour", "1 cup Flour"]);
    expect(lines.map((l) => l.fromRecipes)).toEqual(["Extras", "Pie (1 guest)"]);
  });

  it("merges a count only with the same count", () => {
    const soup = recipeOf("Soup", some(60, "Garlic", 2, CLOVE), some(60, "Garlic", 1, PIECE));
    expect(read(compute([soup], [some(60, "Garlic", 3, CLOVE)], []))).toEqual([
      "1 piece Garlic",
      "5 clove Garlic",
    ]);
  });

  it("keeps the unit every source shares, and scales by guests before merging", () => {
    const bread = { ...recipeOf("Bread", some(10, "Flour", 300, G)), guests: 4 };
    expect(read(compute([bread], [some(10, "Flour", 300, G)], []))).toEqual(["1500 g Flour"]);
    expect(read(compute([bread], [some(10, "Flour", 0.3, KG)], []))).toEqual(["1.5 kg Flour"]);
    expect(compute([bread], [some(10, "Flour", 0.3, KG)], [])[0]?.fromRecipes).toBe(
      "Bread (4 guests) & Extras",
    );
  });
});

describe("lines weighed by their food (issue 38 §3)", () => {
  // As ingredients/food-data.ts weighs them: flour 125 g a cup (so 7.8 g a tbsp), an onion
  // 110 g; a gram is a gram. Garlic has a clove's weight, not a head's.
  const GRAMS: Record<number, Record<string, number>> = {
    10: { g: 1, kg: 1000, cup: 125, tbsp: 7.8125 },
    70: { g: 1, kg: 1000, piece: 110 },
  };
  const weights = (ingredientId: number, unit: string) => GRAMS[ingredientId]?.[unit];
  const weighed = (
    plans: readonly PlannedRecipeInput[],
    extras: readonly ExtraInput[],
    previous: readonly PreviousLine[] = [],
  ) => computeShoppingLines(plans, extras, previous, UNITS, weights);
  const onion = (n: number, unitId = PIECE) => some(70, "Onion", n, unitId);

  it("1 cup + 200 g flour → one line of 325 g", () => {
    const pie = recipeOf("Pie", some(10, "Flour", 1, CUP));
    const lines = weighed([pie], [some(10, "Flour", 200, G)]);
    expect(read(lines)).toEqual(["325 g Flour"]);
    expect(lines[0]?.fromRecipes).toBe("Pie (1 guest) & Extras");
    // Measured by volume once: a US cook reads it as one again (presenter.ts).
    expect(lines[0]?.sources.byVolume).toBe(true);
    expect(weighed([pie], [])[0]?.sources.byVolume).toBeUndefined();
  });

  it("2 onions + 300 g onion → 520 g; 2 onions + 1 onion → 3 pieces", () => {
    const soup = recipeOf("Soup", onion(2));
    expect(read(weighed([soup], [onion(300, G)]))).toEqual(["520 g Onion"]);
    expect(read(weighed([soup], [onion(1)]))).toEqual(["3 piece Onion"]);
  });

  it("keeps amounts of one measure in it: 1 cup + 4 tbsp flour → 1.25 cup", () => {
    const pie = recipeOf("Pie", some(10, "Flour", 1, CUP));
    expect(read(weighed([pie], [some(10, "Flour", 4, TBSP)]))).toEqual(["1.25 cup Flour"]);
  });

  it("scales by guests before weighing, and reads naturally: 4 × 2 cups + 1 kg → 2 kg", () => {
    const bread = { ...recipeOf("Bread", some(10, "Flour", 2, CUP)), guests: 4 };
    expect(read(weighed([bread], [some(10, "Flour", 1, KG)]))).toEqual(["2 kg Flour"]);
  });

  it("keeps a unit without a weight apart: a pinch of flour, a head of garlic", () => {
    // A pinch per serving of a recipe for 4 stays 4 pinches (as written), and apart.
    const pie = recipeOf("Pie", some(10, "Flour", 1, CUP), some(10, "Flour", 1, PINCH));
    expect(read(weighed([pie], [some(10, "Flour", 200, G)]))).toEqual([
      "325 g Flour",
      "4 pinch Flour",
    ]);
    const soup = recipeOf("Soup", some(60, "Garlic", 2, CLOVE));
    expect(read(weighed([soup], [some(60, "Garlic", 100, G)]))).toEqual([
      "100 g Garlic",
      "2 clove Garlic",
    ]);
  });

  it("keeps a ticked cup of flour bought when 200 g more is planned, and lists the 200 g", () => {
    const pie = recipeOf("Pie", some(10, "Flour", 1, CUP));
    const before: PreviousLine[] = [
      { id: 9, ingredientId: 10, unitId: CUP, quantity: 1, isChecked: true },
    ];
    const after = weighed([pie], [some(10, "Flour", 200, G)], before);
    expect(after.map((l) => [l.id, l.unitId, l.quantity, l.isChecked])).toEqual([
      [9, CUP, 1, true],
      [null, G, 200, false],
    ]);
    // Ticked in grams instead: 325 g bought is all of it, one ticked line.
    const all: PreviousLine[] = [
      { id: 9, ingredientId: 10, unitId: G, quantity: 325, isChecked: true },
    ];
    expect(
      weighed([pie], [some(10, "Flour", 200, G)], all).map((l) => [l.id, l.isChecked]),
    ).toEqual([[9, true]]);
  });
});

describe("ticks across a merge", () => {
  const bread = recipeOf("Bread", some(10, "Flour", 500, G));
  const tickedAs = (lines: ReturnType<typeof compute>, ids: number[]): PreviousLine[] =>
    lines.map((l, index) => ({
      id: ids[index] ?? 0,
      ingredientId: l.ingredientId,
      unitId: l.unitId,
      quantity: l.quantity,
      isChecked: true,
    }));

  it("keeps the bought 500 g ticked on its line when 1 kg more is planned, and adds 1 kg to buy", () => {
    const before = tickedAs(compute([bread], [], []), [7]);
    const after = compute([bread], [some(10, "Flour", 1, KG)], before);
    expect(after.map((l) => [l.id, l.unitId, l.quantity, l.isChecked])).toEqual([
      [7, G, 500, true],
      [null, KG, 1, false],
    ]);
  });

  it("keeps a tick when a line merges (issue 34 §2): 1 lemon ticked, then 2 lemons", () => {
    const lemon = (n: number) => some(30, "Lemon", n, PIECE);
    const before = tickedAs(compute([], [lemon(1)], []), [5]);
    const after = compute([], [lemon(1), lemon(2)], before);
    expect(after.map((l) => [l.id, l.quantity, l.isChecked])).toEqual([
      [5, 1, true],
      [null, 2, false],
    ]);
    // Stored and recomputed again, nothing moves; once the 2 are ticked too, one line of 3.
    const stored = after.map((l, i) => ({ ...l, id: l.id ?? 6 + i }));
    expect(
      compute([], [lemon(1), lemon(2)], stored).map((l) => [l.id, l.quantity, l.isChecked]),
    ).toEqual([
      [5, 1, true],
      [7, 2, false],
    ]);
    const allTicked = stored.map((l) => ({ ...l, isChecked: true }));
    expect(
      compute([], [lemon(1), lemon(2)], allTicked).map((l) => [l.id, l.quantity, l.isChecked]),
    ).toEqual([[5, 3, true]]);
    // Unplanning the 2 leaves the bought one, ticked.
    expect(compute([], [lemon(1)], stored).map((l) => [l.id, l.quantity, l.isChecked])).toEqual([
      [5, 1, true],
    ]);
  });

  it("keeps the tick when the line shrinks back, in whatever unit it now reads", () => {
    const before = tickedAs(compute([bread], [some(10, "Flour", 1, KG)], []), [7]);
    const [after] = compute([bread], [], before);
    expect(after).toMatchObject({ id: 7, unitId: G, quantity: 500, isChecked: true });
  });

  it("keeps the tick when the unit changes but the amount does not", () => {
    const before = tickedAs(compute([bread], [some(10, "Flour", 1000, G)], []), [7]);
    expect(before[0]).toMatchObject({ unitId: G, quantity: 1500 });
    const [after] = compute([bread], [some(10, "Flour", 1, KG)], before);
    expect(after).toMatchObject({ id: 7, unitId: KG, quantity: 1.5, isChecked: true });
  });

  it("continues two lines from before merging as one: the one in its unit, ticked if both were", () => {
    const previous: PreviousLine[] = [
      { id: 3, ingredientId: 10, unitId: G, quantity: 500, isChecked: true },
      { id: 4, ingredientId: 10, unitId: KG, quantity: 1, isChecked: true },
    ];
    const [merged] = compute([bread], [some(10, "Flour", 1, KG)], previous);
    expect(merged).toMatchObject({ id: 4, unitId: KG, quantity: 1.5, isChecked: true });
    // Half ticked: the ticked kilogram stays bought, the 500 g is still to buy.
    const halfTicked = previous.map((p) => ({ ...p, isChecked: p.id === 4 }));
    expect(
      compute([bread], [some(10, "Flour", 1, KG)], halfTicked).map((l) => [
        l.id,
        l.unitId,
        l.quantity,
        l.isChecked,
      ]),
    ).toEqual([
      [4, KG, 1, true],
      [3, G, 500, false],
    ]);
  });
});

describe("free-text lines", () => {
  const free = (
    text: string,
    quantity: number | null = null,
    unitId: number | null = null,
  ): FreeTextExtra => ({ text, quantity, unitId });
  /** The lines as the previous lines of the next recompute, ids 1, 2, … and ticked or not. */
  const stored = (lines: ReturnType<typeof compute>, isChecked: boolean): PreviousLine[] =>
    lines.map((l, index) => ({
      id: index + 1,
      ingredientId: l.ingredientId,
      text: l.text,
      unitId: l.unitId,
      quantity: l.quantity,
      isChecked,
    }));

  it("makes a line of its own, sourced Extras, without an amount when none was typed", () => {
    const [line, ...rest] = compute([], [free("paper towels")], []);
    expect(rest).toEqual([]);
    expect(line).toEqual({
      id: null,
      ingredientId: null,
      ingredientName: "paper towels",
      text: "paper towels",
      unitId: null,
      quantity: null,
      fromRecipes: "Extras",
      sources: { recipes: [], extras: true },
      isChecked: false,
    });
  });

  it("merges the same text in any case into one line that reads as the oldest extra", () => {
    const lines = compute(
      [],
      [free("Paper towels"), free("paper towels"), free("PAPER TOWELS")],
      [],
    );
    expect(read(lines)).toEqual(["Paper towels"]);
    expect(lines[0]?.quantity).toBeNull();
  });

  it("adds up amounts per measure, and keeps amounts apart from a line without one", () => {
    const lines = compute(
      [],
      [
        free("mystery flour", 500, G),
        free("Mystery flour", 1, KG),
        free("mystery flour", 2, PIECE),
        free("mystery flour"),
        free("mystery flour", 1, PIECE),
      ],
      [],
    );
    // By unit id after the name: PIECE (3) before KG (4).
    expect(read(lines)).toEqual(["mystery flour", "3 piece mystery flour", "1.5 kg mystery flour"]);
  });

  it("never merges with a catalogue ingredient of the same name, and sorts among them by name", () => {
    const lines = compute(
      [recipeOf("Bread", some(10, "Flour", 500, G))],
      [free("flour", 500, G), free("bin bags"), free("Zest")],
      [],
    );
    expect(read(lines)).toEqual(["bin bags", "500 g Flour", "500 g flour", "Zest"]);
    expect(lines.map((l) => l.ingredientId)).toEqual([null, 10, null, null]);
    expect(lines.map((l) => l.fromRecipes)).toEqual([
      "Extras",
      "Bread (1 guest)",
      "Extras",
      "Extras",
    ]);
  });

  it("keeps its id and tick across recomputes, by text in any case and measure", () => {
    const extras = [free("Paper towels"), free("mystery flour", 500, G)];
    const before = stored(compute([], extras, []), true);
    const again = compute([], [free("paper towels"), free("Mystery flour", 0.5, KG)], before);
    expect(again.map((l) => [l.id, l.text, l.isChecked])).toEqual([
      [1, "Mystery flour", true],
      [2, "paper towels", true],
    ]);
  });

  it("keeps the bought part of a line that grew; another extra without an amount keeps the tick", () => {
    const before = stored(compute([], [free("paper towels"), free("flour", 500, G)], []), true);
    const after = compute(
      [],
      [free("paper towels"), free("paper towels"), free("flour", 500, G), free("flour", 1, G)],
      before,
    );
    expect(after.map((l) => [l.id, l.quantity, l.isChecked])).toEqual([
      [1, 500, true],
      [null, 1, false],
      [2, null, true],
    ]);
  });

  it("drops a free-text line once no extra names it", () => {
    const before = stored(compute([], [free("paper towels")], []), true);
    expect(compute([], [], before)).toEqual([]);
  });
});

describe("the order of planning", () => {
  const ingredient = fc.constantFrom(
    [10, "Flour"] as const,
    [20, "Milk"] as const,
    [30, "Garlic"] as const,
  );
  const amount = fc.record({
    ingredient,
    unitId: fc.constantFrom(...UNITS.map((unit) => unit.id)),
    quantity: fc.oneof(
      fc.constantFrom(0.25, 0.5, 1, 2, 3, 100, 250, 500),
      fc.double({ min: 0.01, max: 2000, noNaN: true }),
    ),
  });
  const toLine = (a: {
    ingredient: readonly [number, string];
    unitId: number;
    quantity: number;
  }): LineIngredient => some(a.ingredient[0], a.ingredient[1], a.quantity, a.unitId);
  const plan = fc.record({
    recipeId: fc.integer({ min: 1, max: 4 }),
    guests: fc.integer({ min: 1, max: 12 }),
    ingredients: fc.array(amount.map(toLine), { maxLength: 4 }),
  });
  const kitchen = fc
    .record({
      plans: fc.array(plan, { maxLength: 5 }),
      extras: fc.array(amount.map(toLine), { maxLength: 5 }),
    })
    .chain(({ plans, extras }) =>
      fc.record({
        plans: fc.constant(plans),
        extras: fc.constant(extras),
        shuffledPlans: fc.shuffledSubarray(plans, {
          minLength: plans.length,
          maxLength: plans.length,
        }),
        shuffledExtras: fc.shuffledSubarray(extras, {
          minLength: extras.length,
          maxLength: extras.length,
        }),
        ticked: fc.boolean(),
      }),
    );
  const asPlans = (plans: { recipeId: number; guests: number; ingredients: LineIngredient[] }[]) =>
    plans.map((p) => ({ ...p, title: `Recipe ${p.recipeId}`, servings: 4 }));
  /** What a line is, apart from the order of its sources. */
  const essence = (lines: ReturnType<typeof compute>) =>
    lines.map((l) => [l.id, l.ingredientId, l.unitId, l.quantity, l.isChecked]);

  it("gives the same lines (quantities, units, which lines, ticks) in any order", () => {
    fc.assert(
      fc.property(kitchen, ({ plans, extras, shuffledPlans, shuffledExtras, ticked }) => {
        const first = compute(asPlans(plans), extras, []);
        // The same previous lines for both orders: as the first order left them, maybe ticked.
        const previous = first.map((l, index) => ({
          id: index + 1,
          ingredientId: l.ingredientId,
          unitId: l.unitId,
          quantity: l.quantity,
          isChecked: ticked,
        }));
        const again = compute(asPlans(plans), extras, previous);
        const reordered = compute(asPlans(shuffledPlans), shuffledExtras, previous);
        expect(essence(reordered)).toEqual(essence(again));
        expect(essence(compute(asPlans(shuffledPlans), shuffledExtras, []))).toEqual(
          essence(first),
        );
        // Recomputing what did not change keeps every line and every tick.
        expect(again.map((l) => l.id)).toEqual(previous.map((p) => p.id));
        expect(again.every((l) => l.isChecked === ticked)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});
