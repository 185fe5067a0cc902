import type { ShoppingItem } from "@potluck/contract";
import { describe, expect, test } from "vitest";
import { inAisleOrder, moveAisle, shopSections, uncheckedFirst } from "./shop-order";

const PRODUCE = { id: 1, name: "Produce" };
const DAIRY = { id: 3, name: "Dairy & eggs" };
const PANTRY = { id: 5, name: "Pantry" };

const line = (
  id: number,
  name: string,
  aisle: { id: number; name: string },
  { checked = false, staple = false } = {},
): ShoppingItem => ({
  id,
  is_checked: checked,
  quantity: 1,
  unit: { id: 1, name: "g" },
  ingredient: { id: id * 10, name },
  text: null,
  from_recipes: "Extras",
  grocery_list: 7,
  aisle,
  is_staple: staple,
  grams_per_ml: null,
});

const ids = (items: ShoppingItem[]) => items.map((item) => item.id);

describe("shopSections", () => {
  test("a heading whenever the aisle changes, in the order the server sent", () => {
    const sections = shopSections([
      line(1, "Apples", PRODUCE),
      line(2, "Leeks", PRODUCE),
      line(3, "Butter", DAIRY),
      line(4, "Flour", PANTRY),
    ]);
    expect(sections.aisles.map((s) => [s.aisle.name, ids(s.items)])).toEqual([
      ["Produce", [1, 2]],
      ["Dairy & eggs", [3]],
      ["Pantry", [4]],
    ]);
    expect(sections.staples).toEqual([]);
  });

  test("staples go to their own section at the end, ticks and all", () => {
    const sections = shopSections([
      line(1, "Apples", PRODUCE),
      line(2, "Flour", PANTRY),
      line(3, "Pepper", PANTRY, { staple: true, checked: true }),
      line(4, "Salt", PANTRY, { staple: true }),
    ]);
    expect(sections.aisles.map((s) => s.aisle.name)).toEqual(["Produce", "Pantry"]);
    expect(ids(sections.staples)).toEqual([4, 3]);
  });

  test("an empty list has no sections", () => {
    expect(shopSections([])).toEqual({ aisles: [], staples: [] });
  });
});

describe("uncheckedFirst (a tick made here moves its line at once)", () => {
  test("a line ticked here goes to the end of its aisle, not of the list", () => {
    const items = [
      line(1, "Apples", PRODUCE, { checked: true }), // just ticked
      line(2, "Leeks", PRODUCE),
      line(3, "Onions", PRODUCE),
      line(4, "Butter", DAIRY),
    ];
    expect(ids(uncheckedFirst(items))).toEqual([2, 3, 1, 4]);
  });

  test("stable: the server's order within unchecked and within checked stands", () => {
    const items = [
      line(1, "Apples", PRODUCE),
      line(2, "Leeks", PRODUCE, { checked: true }),
      line(3, "Onions", PRODUCE),
      line(4, "Pears", PRODUCE, { checked: true }),
    ];
    expect(ids(uncheckedFirst(items))).toEqual([1, 3, 2, 4]);
  });

  test("a line unticked here comes back among the unchecked of its aisle", () => {
    const items = [
      line(1, "Apples", PRODUCE),
      line(2, "Leeks", PRODUCE, { checked: true }),
      line(3, "Onions", PRODUCE), // just unticked, still after Leeks
    ];
    expect(ids(uncheckedFirst(items))).toEqual([1, 3, 2]);
  });

  test("staples of an aisle are a run of their own: a tick never mixes them in", () => {
    const items = [
      line(1, "Flour", PANTRY, { checked: true }),
      line(2, "Sugar", PANTRY),
      line(3, "Salt", PANTRY, { staple: true, checked: true }),
      line(4, "Pepper", PANTRY, { staple: true }),
    ];
    expect(ids(uncheckedFirst(items))).toEqual([2, 1, 4, 3]);
  });

  test("an order already right is kept as it is", () => {
    const items = [
      line(1, "Apples", PRODUCE),
      line(2, "Leeks", PRODUCE, { checked: true }),
      line(3, "Butter", DAIRY),
    ];
    expect(uncheckedFirst(items)).toEqual(items);
  });
});

describe("moveAisle", () => {
  const order = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

  test("up: just before the previous aisle shown, past the empty ones", () => {
    expect(moveAisle(order, [1, 3, 5], 5, "up")).toEqual([1, 2, 5, 3, 4, 6, 7, 8, 9, 10]);
  });

  test("down: just after the next aisle shown", () => {
    expect(moveAisle(order, [1, 3, 5], 1, "down")).toEqual([2, 3, 1, 4, 5, 6, 7, 8, 9, 10]);
  });

  test("the first shown cannot go up, the last cannot go down", () => {
    expect(moveAisle(order, [1, 3, 5], 1, "up")).toEqual(order);
    expect(moveAisle(order, [1, 3, 5], 5, "down")).toEqual(order);
  });

  test("every aisle stays exactly once", () => {
    const moved = moveAisle(order, [2, 9], 9, "up");
    expect([...moved].sort((a, b) => a - b)).toEqual(order);
    expect(moved.indexOf(9)).toBe(moved.indexOf(2) - 1);
  });
});

describe("inAisleOrder", () => {
  const sections = shopSections([
    line(1, "Apples", PRODUCE),
    line(2, "Butter", DAIRY),
    line(3, "Flour", PANTRY),
  ]).aisles;
  const names = (list: { aisle: { name: string } }[]) => list.map((s) => s.aisle.name);

  test("sections follow the order just set, before the lines come again", () => {
    expect(names(inAisleOrder(sections, [5, 1, 3]))).toEqual(["Pantry", "Produce", "Dairy & eggs"]);
  });

  test("no order known yet: as the server sent them", () => {
    expect(names(inAisleOrder(sections, undefined))).toEqual(["Produce", "Dairy & eggs", "Pantry"]);
  });
});
