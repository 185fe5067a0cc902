import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { lockListsPlanningRecipe, lockRecipe } from "../src/db/locks.js";
import {
  groceryLists,
  plannedExtras,
  plannedRecipes,
  recipeIngredients,
  recipes,
  shoppingItems,
} from "../src/db/schema.js";
import { recomputeShoppingList, recomputeShoppingLists } from "../src/groceries/recompute.js";
import { buildRecipe, ingredientId, signedIn, unitId } from "./factories.js";
import { Agent, createTestApp } from "./helper.js";

const { app, db } = await createTestApp();

const G = await unitId(db, "g");
const ML = await unitId(db, "ml");
const PIECE = await unitId(db, "piece");
const FLOUR = await ingredientId(db, "All-purpose flour");
const MILK = await ingredientId(db, "Whole milk");
const EGG = await ingredientId(db, "Egg");
const BUTTER = await ingredientId(db, "Butter");

const form = (fields: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString();
const FORM = "application/x-www-form-urlencoded";

/** A signed-in cook with one list and a pancake recipe (per ONE serving). */
async function kitchen() {
  const { user, agent } = await signedIn(app, db);
  const created = await agent.post("/api/groceries/lists/", { name: "Weekend" });
  expect(created.statusCode).toBe(201);
  const list = created.json<{ id: number; name: string }>();
  const pancakes = await buildRecipe(db, user.id, {
    title: "Pancakes",
    ingredients: [
      { ingredientId: FLOUR, unitId: G, quantity: 30 },
      { ingredientId: MILK, unitId: ML, quantity: 62.5 },
      { ingredientId: EGG, unitId: PIECE, quantity: 0.5 },
    ],
  });
  return { user, agent, list, pancakes };
}

const planRecipe = (
  agent: Agent,
  listId: number,
  recipeId: number,
  guests: number | string,
  plannedOn?: string,
) =>
  agent.post("/api/groceries/planned-recipes/", {
    grocery_list_id: listId,
    recipe_id: recipeId,
    guests,
    ...(plannedOn === undefined ? {} : { planned_on: plannedOn }),
  });

const planExtra = (
  agent: Agent,
  listId: number,
  extra: { ingredient_id: number; quantity: number | string; unit_id: number },
) => agent.post("/api/groceries/planned-extras/", { grocery_list_id: listId, ...extra });

/** A recipe submission as the browser sends it (multipart; quantities per ONE serving). */
function submitRecipe(
  agent: Agent,
  method: "POST" | "PUT",
  url: string,
  recipe: { title: string; rows: { ingredient_id: number; quantity: number; unit_id: number }[] },
) {
  const boundary = `----groceries${randomBytes(8).toString("hex")}`;
  const fields = {
    title: recipe.title,
    content: "<p>Cook it.</p>",
    recipe_ingredients: JSON.stringify(recipe.rows),
  };
  const payload = `${Object.entries(fields)
    .map(
      ([name, value]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    )
    .join("")}--${boundary}--\r\n`;
  return agent.raw(method, url, payload, `multipart/form-data; boundary=${boundary}`);
}

interface Item {
  id: number;
  is_checked: boolean;
  quantity: number;
  unit: { id: number; name: string };
  ingredient: { id: number; name: string };
  from_recipes: string;
  grocery_list: number;
  aisle: { id: number; name: string };
  is_staple: boolean;
  grams_per_ml: number | null;
}
/**
 * The lines of a list by ingredient name (then unit), as these tests read them; the API's own
 * order (by the cook's aisles, staples last) is tested in shop.test.ts.
 */
async function items(agent: Agent, listId: number): Promise<Item[]> {
  const response = await agent.get(`/api/groceries/items/?grocery_list=${listId}`);
  expect(response.statusCode).toBe(200);
  return response
    .json<Item[]>()
    .sort(
      (a, b) =>
        a.ingredient.name.toLowerCase().localeCompare(b.ingredient.name.toLowerCase()) ||
        a.unit.name.localeCompare(b.unit.name) ||
        a.id - b.id,
    );
}
/** The shopping list as a person reads it. */
const lines = async (agent: Agent, listId: number) =>
  (await items(agent, listId)).map(
    (i) => `${i.quantity} ${i.unit.name} ${i.ingredient.name} for ${i.from_recipes}`,
  );

describe("not signed in", () => {
  it("gets 401 from every call", async () => {
    const anonymous = new Agent(app);
    await anonymous.csrf();
    const calls = [
      anonymous.get("/api/groceries/lists/"),
      anonymous.post("/api/groceries/lists/", { name: "x" }),
      anonymous.get("/api/groceries/lists/1/"),
      anonymous.patch("/api/groceries/lists/1/", { notes: "" }),
      anonymous.delete("/api/groceries/lists/1/"),
      anonymous.get("/api/groceries/planned-recipes/?grocery_list=1"),
      anonymous.post("/api/groceries/planned-recipes/", {}),
      anonymous.delete("/api/groceries/planned-recipes/1/"),
      anonymous.get("/api/groceries/planned-extras/?grocery_list=1"),
      anonymous.post("/api/groceries/planned-extras/", {}),
      anonymous.delete("/api/groceries/planned-extras/1/"),
      anonymous.get("/api/groceries/items/"),
      anonymous.patch("/api/groceries/items/1/", { is_checked: true }),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        detail: "Authentication credentials were not provided.",
      });
    }
  });
});

describe("grocery lists", () => {
  it("creates a list from a form body or JSON, trimmed, and lists them newest first", async () => {
    const { user, agent } = await signedIn(app, db);
    const first = await agent.raw(
      "POST",
      "/api/groceries/lists/",
      form({ name: "  Week 1 " }),
      FORM,
    );
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ id: expect.any(Number), name: "Week 1" });
    const second = await agent.post("/api/groceries/lists/", { name: "Party" });
    expect(second.statusCode).toBe(201);

    const response = await agent.get("/api/groceries/lists/");
    expect(response.statusCode).toBe(200);
    const lists = response.json<{ id: number; name: string; created_at: string }[]>();
    expect(lists.map((l) => l.name)).toEqual(["Party", "Week 1"]);
    expect(lists[0]).toEqual({
      id: second.json().id,
      name: "Party",
      owner_username: user.username,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      can_manage: true,
    });
  });

  it("requires a name of 1 to 100 characters", async () => {
    const { agent } = await signedIn(app, db);
    for (const name of ["", "   ", "x".repeat(101)]) {
      const response = await agent.post("/api/groceries/lists/", { name });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toHaveProperty("name");
    }
    const missing = await agent.post("/api/groceries/lists/", {});
    expect(missing.json()).toEqual({ name: ["This field is required."] });
    expect((await agent.get("/api/groceries/lists/")).json()).toEqual([]);
    expect((await agent.post("/api/groceries/lists/", { name: "x".repeat(100) })).statusCode).toBe(
      201,
    );
  });

  it("reads, renames and keeps cleaned notes", async () => {
    const { agent, list } = await kitchen();
    expect((await agent.get(`/api/groceries/lists/${list.id}/`)).json()).toEqual({
      id: list.id,
      name: "Weekend",
      notes: "",
    });
    const patched = await agent.patch(`/api/groceries/lists/${list.id}/`, {
      notes:
        '<p onclick="steal()">Buy <b>fresh</b> milk</p><script>alert(1)</script><ul><li>x</li></ul>',
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toEqual({
      id: list.id,
      name: "Weekend",
      notes: "<p>Buy <strong>fresh</strong> milk</p><ul><li>x</li></ul>",
    });
    const renamed = await agent.patch(`/api/groceries/lists/${list.id}/`, { name: " Sunday " });
    expect(renamed.json()).toMatchObject({
      name: "Sunday",
      notes: expect.stringContaining("fresh"),
    });
    expect((await agent.get(`/api/groceries/lists/${list.id}/`)).json().name).toBe("Sunday");
  });

  it("refuses notes over 100 KB and blank names, changing nothing", async () => {
    const { agent, list } = await kitchen();
    const big = await agent.patch(`/api/groceries/lists/${list.id}/`, {
      notes: `<p>${"a".repeat(100 * 1024)}</p>`,
    });
    expect(big.statusCode).toBe(400);
    expect(big.json()).toHaveProperty("notes");
    const blank = await agent.patch(`/api/groceries/lists/${list.id}/`, { name: "" });
    expect(blank.statusCode).toBe(400);
    expect((await agent.get(`/api/groceries/lists/${list.id}/`)).json()).toMatchObject({
      name: "Weekend",
      notes: "",
    });
  });

  it("deletes a list with its plans and items", async () => {
    const { agent, list, pancakes } = await kitchen();
    await planRecipe(agent, list.id, pancakes.id, 2);
    await planExtra(agent, list.id, { ingredient_id: BUTTER, quantity: 50, unit_id: G });
    const response = await agent.delete(`/api/groceries/lists/${list.id}/`);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe("");
    expect((await agent.get(`/api/groceries/lists/${list.id}/`)).statusCode).toBe(404);
    expect((await agent.get("/api/groceries/lists/")).json()).toEqual([]);
    for (const table of [plannedRecipes, plannedExtras, shoppingItems]) {
      const rows = await db.select().from(table).where(eq(table.groceryListId, list.id));
      expect(rows).toEqual([]);
    }
    expect((await agent.delete(`/api/groceries/lists/${list.id}/`)).statusCode).toBe(404);
  });
});

describe("planned recipes", () => {
  it("plans a recipe from a form body and adds its ingredients × guests", async () => {
    const { agent, list, pancakes } = await kitchen();
    const response = await agent.raw(
      "POST",
      "/api/groceries/planned-recipes/",
      form({ grocery_list_id: list.id, recipe_id: pancakes.id, guests: 4, planned_on: "" }),
      FORM,
    );
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      id: expect.any(Number),
      recipe: { id: pancakes.id, title: "Pancakes" },
      guests: 4,
      planned_on: null,
    });
    expect(await lines(agent, list.id)).toEqual([
      "120 g All-purpose flour for Pancakes (4 guests)",
      "2 piece Egg for Pancakes (4 guests)",
      "250 ml Whole milk for Pancakes (4 guests)",
    ]);
  });

  it("lists plans by date, undated last", async () => {
    const { agent, list, pancakes, user } = await kitchen();
    const soup = await buildRecipe(db, user.id, { title: "Soup" });
    await planRecipe(agent, list.id, pancakes.id, 1);
    await planRecipe(agent, list.id, soup.id, 2, "2025-12-06");
    await planRecipe(agent, list.id, pancakes.id, 3, "2025-12-05");
    const response = await agent.get(`/api/groceries/planned-recipes/?grocery_list=${list.id}`);
    expect(response.statusCode).toBe(200);
    expect(
      response
        .json<{ recipe: { title: string }; guests: number; planned_on: string | null }[]>()
        .map((p) => [p.recipe.title, p.guests, p.planned_on]),
    ).toEqual([
      ["Pancakes", 3, "2025-12-05"],
      ["Soup", 2, "2025-12-06"],
      ["Pancakes", 1, null],
    ]);
  });

  it("refuses guests outside 1–1000, bad dates and unknown recipes, changing nothing", async () => {
    const { agent, list, pancakes } = await kitchen();
    for (const guests of [0, 1001, 2.5, "abc", ""]) {
      const response = await planRecipe(agent, list.id, pancakes.id, guests);
      expect(response.statusCode, `guests ${guests}`).toBe(400);
      expect(Object.keys(response.json())).toEqual(["guests"]);
    }
    expect((await planRecipe(agent, list.id, pancakes.id, 0)).json()).toEqual({
      guests: ["Ensure this value is greater than or equal to 1."],
    });
    for (const date of ["2025-02-30", "05/12/2025", "tomorrow", "2025-13-01"]) {
      const response = await planRecipe(agent, list.id, pancakes.id, 2, date);
      expect(response.statusCode, date).toBe(400);
      expect(response.json()).toEqual({
        planned_on: ["Date has wrong format. Use one of these formats instead: YYYY-MM-DD."],
      });
    }
    const unknown = await planRecipe(agent, list.id, 987654, 2);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ recipe_id: ['Invalid pk "987654" - object does not exist.'] });
    const missing = await agent.post("/api/groceries/planned-recipes/", { guests: 2 });
    expect(missing.json()).toEqual({
      grocery_list_id: ["This field is required."],
      recipe_id: ["This field is required."],
    });
    expect(
      (await agent.get(`/api/groceries/planned-recipes/?grocery_list=${list.id}`)).json(),
    ).toEqual([]);
    expect(await items(agent, list.id)).toEqual([]);

    expect((await planRecipe(agent, list.id, pancakes.id, 1000, "2024-02-29")).statusCode).toBe(
      201,
    );
    expect((await planRecipe(agent, list.id, pancakes.id, 1)).statusCode).toBe(201);
  });

  it("needs ?grocery_list= to read plans and items", async () => {
    const { agent } = await kitchen();
    for (const path of ["planned-recipes", "planned-extras", "items"]) {
      const missing = await agent.get(`/api/groceries/${path}/`);
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({ grocery_list: ["This field is required."] });
      const bad = await agent.get(`/api/groceries/${path}/?grocery_list=abc`);
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toHaveProperty("grocery_list");
      expect((await agent.get(`/api/groceries/${path}/?grocery_list=999999`)).statusCode).toBe(404);
    }
  });

  it("deletes a plan and shrinks the shopping list", async () => {
    const { agent, list, pancakes } = await kitchen();
    const monday = (await planRecipe(agent, list.id, pancakes.id, 4)).json<{ id: number }>();
    await planRecipe(agent, list.id, pancakes.id, 2);
    const response = await agent.delete(`/api/groceries/planned-recipes/${monday.id}/`);
    expect(response.statusCode).toBe(204);
    expect(await lines(agent, list.id)).toEqual([
      "60 g All-purpose flour for Pancakes (2 guests)",
      "1 piece Egg for Pancakes (2 guests)",
      "125 ml Whole milk for Pancakes (2 guests)",
    ]);
    expect((await agent.delete(`/api/groceries/planned-recipes/${monday.id}/`)).statusCode).toBe(
      404,
    );
  });
});

describe("planned extras", () => {
  it("plans an extra, lists it and deletes it", async () => {
    const { agent, list } = await kitchen();
    const response = await agent.raw(
      "POST",
      "/api/groceries/planned-extras/",
      form({ grocery_list_id: list.id, ingredient_id: BUTTER, quantity: "12.5", unit_id: G }),
      FORM,
    );
    expect(response.statusCode).toBe(201);
    const extra = response.json();
    expect(extra).toEqual({
      id: expect.any(Number),
      ingredient: { id: BUTTER, name: "Butter" },
      quantity: 12.5,
      unit: { id: G, name: "g" },
      text: null,
    });
    expect(
      (await agent.get(`/api/groceries/planned-extras/?grocery_list=${list.id}`)).json(),
    ).toEqual([extra]);
    expect(await lines(agent, list.id)).toEqual(["12.5 g Butter for Extras"]);

    expect((await agent.delete(`/api/groceries/planned-extras/${extra.id}/`)).statusCode).toBe(204);
    expect(
      (await agent.get(`/api/groceries/planned-extras/?grocery_list=${list.id}`)).json(),
    ).toEqual([]);
    expect(await items(agent, list.id)).toEqual([]);
  });

  it("refuses quantities ≤ 0, unknown ingredients and units", async () => {
    const { agent, list } = await kitchen();
    for (const quantity of [0, -1, "abc", ""]) {
      const response = await planExtra(agent, list.id, {
        ingredient_id: BUTTER,
        quantity,
        unit_id: G,
      });
      expect(response.statusCode, `quantity ${quantity}`).toBe(400);
      expect(Object.keys(response.json())).toEqual(["quantity"]);
    }
    const unknownUnit = await planExtra(agent, list.id, {
      ingredient_id: BUTTER,
      quantity: 1,
      unit_id: 99999,
    });
    expect(unknownUnit.statusCode).toBe(400);
    expect(unknownUnit.json()).toEqual({
      unit_id: ['Invalid pk "99999" - object does not exist.'],
    });
    const unknownIngredient = await planExtra(agent, list.id, {
      ingredient_id: 99999,
      quantity: 1,
      unit_id: G,
    });
    expect(unknownIngredient.json()).toEqual({
      ingredient_id: ['Invalid pk "99999" - object does not exist.'],
    });
    const badDate = await agent.post("/api/groceries/planned-extras/", {
      grocery_list_id: list.id,
      ingredient_id: BUTTER,
      quantity: 1,
      unit_id: G,
      planned_on: "2025-02-29",
    });
    expect(badDate.json()).toHaveProperty("planned_on");
    expect(await items(agent, list.id)).toEqual([]);
    expect(
      (await planExtra(agent, list.id, { ingredient_id: BUTTER, quantity: 0.01, unit_id: G }))
        .statusCode,
    ).toBe(201);
  });
});

describe("the shopping list", () => {
  it("combines a recipe and an extra of the same ingredient and unit into one line", async () => {
    const { agent, list, pancakes, user } = await kitchen();
    const crepes = await buildRecipe(db, user.id, {
      title: "Crêpes",
      ingredients: [
        { ingredientId: FLOUR, unitId: G, quantity: 25 },
        { ingredientId: FLOUR, unitId: PIECE, quantity: 1 },
      ],
    });
    await planRecipe(agent, list.id, pancakes.id, 6);
    await planRecipe(agent, list.id, crepes.id, 1);
    await planExtra(agent, list.id, { ingredient_id: FLOUR, quantity: 20, unit_id: G });
    const all = await items(agent, list.id);
    expect(
      all.map((i) => `${i.quantity} ${i.unit.name} ${i.ingredient.name} for ${i.from_recipes}`),
    ).toEqual([
      "225 g All-purpose flour for Pancakes (6 guests) & Crêpes (1 guest) & Extras",
      "1 piece All-purpose flour for Crêpes (1 guest)",
      "3 piece Egg for Pancakes (6 guests)",
      "375 ml Whole milk for Pancakes (6 guests)",
    ]);
    expect(all[0]).toEqual({
      id: expect.any(Number),
      is_checked: false,
      quantity: 225,
      unit: { id: G, name: "g" },
      ingredient: { id: FLOUR, name: "All-purpose flour" },
      text: null,
      from_recipes: "Pancakes (6 guests) & Crêpes (1 guest) & Extras",
      grocery_list: list.id,
      aisle: { id: expect.any(Number), name: "Pantry" },
      is_staple: false,
      // Grams from grams: a weight stays a weight, in any units.
      grams_per_ml: null,
    });
  });

  it("merges cups and grams, and onions and grams, by their food's weights (issue 38 §3)", async () => {
    const { agent, list, user } = await kitchen();
    const onion = await ingredientId(db, "Onion");
    const shortbread = await buildRecipe(db, user.id, {
      title: "Onion shortbread",
      ingredients: [
        { ingredientId: FLOUR, unitId: await unitId(db, "cup"), quantity: 1 },
        { ingredientId: onion, unitId: PIECE, quantity: 2 },
      ],
    });
    await planRecipe(agent, list.id, shortbread.id, 1);
    await planExtra(agent, list.id, { ingredient_id: FLOUR, quantity: 200, unit_id: G });
    await planExtra(agent, list.id, { ingredient_id: onion, quantity: 300, unit_id: G });
    // SR26: a cup of flour is 125 g, an onion 110 g.
    const lines = await items(agent, list.id);
    expect(lines.map((i) => `${i.quantity} ${i.unit.name} ${i.ingredient.name}`)).toEqual([
      "325 g All-purpose flour",
      "520 g Onion",
    ]);
    // Flour was measured by the cup too: a US cook reads it in cups again (0.528 g a ml);
    // the onions were counted, not poured into a cup: they stay a weight.
    expect(lines.map((i) => i.grams_per_ml)).toEqual([0.528, null]);
  });

  it("rounds to 2 decimals", async () => {
    const { agent, list, user } = await kitchen();
    const tea = await buildRecipe(db, user.id, {
      title: "Tea",
      ingredients: [{ ingredientId: MILK, unitId: ML, quantity: 0.1 }],
    });
    await planRecipe(agent, list.id, tea.id, 3);
    await planExtra(agent, list.id, { ingredient_id: MILK, quantity: 1 / 3, unit_id: ML });
    expect(await lines(agent, list.id)).toEqual(["0.63 ml Whole milk for Tea (3 guests) & Extras"]);
  });

  it("keeps ticks, keeps the bought part of a grown line and drops lines no longer needed", async () => {
    const { agent, list, pancakes } = await kitchen();
    const plan = (await planRecipe(agent, list.id, pancakes.id, 2)).json<{ id: number }>();
    const before = await items(agent, list.id);
    for (const item of before) {
      const response = await agent.patch(`/api/groceries/items/${item.id}/`, { is_checked: true });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ...item, is_checked: true });
    }
    // more butter (new line) and more flour (grown line: 60 g bought, 5 g more to buy); egg
    // and milk unchanged
    await planExtra(agent, list.id, { ingredient_id: FLOUR, quantity: 5, unit_id: G });
    await planExtra(agent, list.id, { ingredient_id: BUTTER, quantity: 5, unit_id: G });
    const after = await items(agent, list.id);
    expect(after.map((i) => [i.ingredient.name, i.quantity, i.is_checked])).toEqual([
      ["All-purpose flour", 60, true],
      ["All-purpose flour", 5, false],
      ["Butter", 5, false],
      ["Egg", 1, true],
      ["Whole milk", 125, true],
    ]);
    // the surviving lines are the same items, not new ones
    expect(after.find((i) => i.ingredient.name === "Egg")?.id).toBe(
      before.find((i) => i.ingredient.name === "Egg")?.id,
    );
    await agent.delete(`/api/groceries/planned-recipes/${plan.id}/`);
    expect((await items(agent, list.id)).map((i) => [i.ingredient.name, i.quantity])).toEqual([
      ["All-purpose flour", 5],
      ["Butter", 5],
    ]);
  });

  it("only takes a boolean is_checked", async () => {
    const { agent, list, pancakes } = await kitchen();
    await planRecipe(agent, list.id, pancakes.id, 2);
    const [item] = await items(agent, list.id);
    for (const body of [{}, { is_checked: "yes" }, { is_checked: null }]) {
      const response = await agent.patch(`/api/groceries/items/${item?.id}/`, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toHaveProperty("is_checked");
    }
    expect(
      (await agent.patch("/api/groceries/items/999999/", { is_checked: true })).statusCode,
    ).toBe(404);
  });

  it("follows an edit and a deletion of a planned recipe (recompute hooks)", async () => {
    const { agent, list, pancakes, user } = await kitchen();
    const other = await agent.post("/api/groceries/lists/", { name: "Other" });
    const otherList = other.json<{ id: number }>();
    await planRecipe(agent, list.id, pancakes.id, 4);
    await planRecipe(agent, otherList.id, pancakes.id, 1);
    await planExtra(agent, list.id, { ingredient_id: EGG, quantity: 1, unit_id: PIECE });
    const omelette = await buildRecipe(db, user.id, {
      title: "Omelette",
      ingredients: [{ ingredientId: EGG, unitId: PIECE, quantity: 2 }],
    });
    await planRecipe(agent, list.id, omelette.id, 1);

    // the author edits the recipe: less milk, no egg, butter added, a new title
    await db.transaction(async (tx) => {
      await lockRecipe(tx, pancakes.id);
      const ids = await lockListsPlanningRecipe(tx, pancakes.id);
      expect(ids).toEqual([list.id, otherList.id].sort((a, b) => a - b));
      await tx.update(recipes).set({ title: "Fluffy pancakes" }).where(eq(recipes.id, pancakes.id));
      await tx.delete(recipeIngredients).where(eq(recipeIngredients.recipeId, pancakes.id));
      await tx.insert(recipeIngredients).values([
        { recipeId: pancakes.id, ingredientId: FLOUR, unitId: G, quantity: 30, position: 0 },
        { recipeId: pancakes.id, ingredientId: MILK, unitId: ML, quantity: 50, position: 1 },
        { recipeId: pancakes.id, ingredientId: BUTTER, unitId: G, quantity: 5, position: 2 },
      ]);
      await recomputeShoppingLists(tx, ids);
    });
    expect(await lines(agent, list.id)).toEqual([
      "120 g All-purpose flour for Fluffy pancakes (4 guests)",
      "20 g Butter for Fluffy pancakes (4 guests)",
      "3 piece Egg for Omelette (1 guest) & Extras",
      "200 ml Whole milk for Fluffy pancakes (4 guests)",
    ]);
    expect(await lines(agent, otherList.id)).toEqual([
      "30 g All-purpose flour for Fluffy pancakes (1 guest)",
      "5 g Butter for Fluffy pancakes (1 guest)",
      "50 ml Whole milk for Fluffy pancakes (1 guest)",
    ]);

    // the author deletes it: its plans go, and so do the lines only it needed
    await db.transaction(async (tx) => {
      await lockRecipe(tx, pancakes.id);
      const ids = await lockListsPlanningRecipe(tx, pancakes.id);
      await tx.delete(recipes).where(eq(recipes.id, pancakes.id));
      await recomputeShoppingLists(tx, ids);
    });
    expect(await lines(agent, list.id)).toEqual(["3 piece Egg for Omelette (1 guest) & Extras"]);
    expect(await items(agent, otherList.id)).toEqual([]);
    expect(
      (await agent.get(`/api/groceries/planned-recipes/?grocery_list=${list.id}`)).json(),
    ).toHaveLength(1);
  });

  it("follows the author's edit and deletion through the recipes API", async () => {
    const { agent: author } = await signedIn(app, db);
    const created = await submitRecipe(author, "POST", "/api/recipes/recipes/", {
      title: "Porridge",
      rows: [
        { ingredient_id: MILK, quantity: 200, unit_id: ML },
        { ingredient_id: BUTTER, quantity: 5, unit_id: G },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const porridge = created.json<{ id: number }>();

    // another cook plans it, ticks the milk and adds milk of their own
    const { agent: cook, list } = await kitchen();
    await planRecipe(cook, list.id, porridge.id, 2);
    await planExtra(cook, list.id, { ingredient_id: MILK, quantity: 100, unit_id: ML });
    const milk = (await items(cook, list.id)).find((i) => i.ingredient.id === MILK) as Item;
    await cook.patch(`/api/groceries/items/${milk.id}/`, { is_checked: true });
    expect(await lines(cook, list.id)).toEqual([
      "10 g Butter for Porridge (2 guests)",
      "500 ml Whole milk for Porridge (2 guests) & Extras",
    ]);

    // the author renames it, uses less milk, drops the butter and adds an egg
    const edited = await submitRecipe(author, "PUT", `/api/recipes/recipes/${porridge.id}/`, {
      title: "Creamy porridge",
      rows: [
        { ingredient_id: MILK, quantity: 150, unit_id: ML },
        { ingredient_id: EGG, quantity: 1, unit_id: PIECE },
      ],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = await items(cook, list.id);
    expect(
      after.map((i) => `${i.quantity} ${i.unit.name} ${i.ingredient.name} for ${i.from_recipes}`),
    ).toEqual([
      "2 piece Egg for Creamy porridge (2 guests)",
      "400 ml Whole milk for Creamy porridge (2 guests) & Extras",
    ]);
    // less milk than before: still the same ticked line
    expect(after.find((i) => i.ingredient.id === MILK)).toMatchObject({
      id: milk.id,
      is_checked: true,
    });

    const deleted = await author.delete(`/api/recipes/recipes/${porridge.id}/`);
    expect(deleted.statusCode).toBe(204);
    expect(await lines(cook, list.id)).toEqual(["100 ml Whole milk for Extras"]);
    expect(
      (await cook.get(`/api/groceries/planned-recipes/?grocery_list=${list.id}`)).json(),
    ).toEqual([]);
  });

  it("recomputing a deleted list or twice in a row changes nothing", async () => {
    const { agent, list, pancakes } = await kitchen();
    await planRecipe(agent, list.id, pancakes.id, 3);
    const before = await items(agent, list.id);
    await db.transaction((tx) => recomputeShoppingList(tx, list.id));
    await db.transaction((tx) => recomputeShoppingList(tx, 987654));
    expect(await items(agent, list.id)).toEqual(before);
  });

  it("counts every one of many plans added at the same moment", async () => {
    const { agent, list, pancakes, user } = await kitchen();
    const waffles = await buildRecipe(db, user.id, {
      title: "Waffles",
      ingredients: [{ ingredientId: FLOUR, unitId: G, quantity: 40 }],
    });
    const responses = await Promise.all([
      planRecipe(agent, list.id, pancakes.id, 2),
      planRecipe(agent, list.id, waffles.id, 3),
      planExtra(agent, list.id, { ingredient_id: FLOUR, quantity: 7, unit_id: G }),
      planRecipe(agent, list.id, pancakes.id, 1),
      planRecipe(agent, list.id, waffles.id, 1),
      planExtra(agent, list.id, { ingredient_id: FLOUR, quantity: 3, unit_id: G }),
    ]);
    expect(responses.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201, 201]);
    const flour = (await items(agent, list.id)).filter((i) => i.ingredient.id === FLOUR);
    expect(flour).toHaveLength(1);
    expect(flour[0]?.quantity).toBe(30 * 3 + 40 * 4 + 10);
    expect(flour[0]?.from_recipes.split(" & ").sort()).toEqual(
      ["Extras", "Pancakes (3 guests)", "Waffles (4 guests)"].sort(),
    );
    expect((await lines(agent, list.id)).slice(1)).toEqual([
      "1.5 piece Egg for Pancakes (3 guests)",
      "187.5 ml Whole milk for Pancakes (3 guests)",
    ]);
  });

  it("two plans posted together on one list give the right totals", async () => {
    const { agent, list, pancakes } = await kitchen();
    const [a, b] = await Promise.all([
      planRecipe(agent, list.id, pancakes.id, 4),
      planRecipe(agent, list.id, pancakes.id, 2),
    ]);
    expect([a?.statusCode, b?.statusCode]).toEqual([201, 201]);
    expect((await items(agent, list.id)).map((i) => i.quantity)).toEqual([180, 3, 375]);
  });
});

describe("someone else's list", () => {
  it("is 404 on every call and stays untouched", async () => {
    const { agent: owner, list, pancakes } = await kitchen();
    const plan = (await planRecipe(owner, list.id, pancakes.id, 2)).json<{ id: number }>();
    const extra = (
      await planExtra(owner, list.id, { ingredient_id: BUTTER, quantity: 10, unit_id: G })
    ).json<{ id: number }>();
    await owner.patch(`/api/groceries/lists/${list.id}/`, { notes: "<p>mine</p>" });
    const before = {
      detail: (await owner.get(`/api/groceries/lists/${list.id}/`)).json(),
      items: await items(owner, list.id),
    };
    const item = before.items[0] as Item;

    const { agent: stranger } = await signedIn(app, db);
    const calls = {
      read: stranger.get(`/api/groceries/lists/${list.id}/`),
      rename: stranger.patch(`/api/groceries/lists/${list.id}/`, { name: "Mine now" }),
      notes: stranger.patch(`/api/groceries/lists/${list.id}/`, { notes: "<p>gone</p>" }),
      delete: stranger.delete(`/api/groceries/lists/${list.id}/`),
      planRecipe: planRecipe(stranger, list.id, pancakes.id, 5),
      planExtra: planExtra(stranger, list.id, { ingredient_id: EGG, quantity: 1, unit_id: PIECE }),
      readPlans: stranger.get(`/api/groceries/planned-recipes/?grocery_list=${list.id}`),
      readExtras: stranger.get(`/api/groceries/planned-extras/?grocery_list=${list.id}`),
      readItems: stranger.get(`/api/groceries/items/?grocery_list=${list.id}`),
      deletePlan: stranger.delete(`/api/groceries/planned-recipes/${plan.id}/`),
      deleteExtra: stranger.delete(`/api/groceries/planned-extras/${extra.id}/`),
      tick: stranger.patch(`/api/groceries/items/${item.id}/`, { is_checked: true }),
    };
    for (const [name, call] of Object.entries(calls)) {
      const response = await call;
      expect(response.statusCode, name).toBe(404);
      expect(response.json(), name).toEqual({ detail: "Not found." });
    }
    expect((await stranger.get("/api/groceries/lists/")).json()).toEqual([]);

    expect((await owner.get(`/api/groceries/lists/${list.id}/`)).json()).toEqual(before.detail);
    expect(await items(owner, list.id)).toEqual(before.items);
    expect(
      (await owner.get(`/api/groceries/planned-recipes/?grocery_list=${list.id}`)).json(),
    ).toHaveLength(1);
    expect(
      (await owner.get(`/api/groceries/planned-extras/?grocery_list=${list.id}`)).json(),
    ).toHaveLength(1);
    const [row] = await db.select().from(groceryLists).where(eq(groceryLists.id, list.id));
    expect(row?.name).toBe("Weekend");
  });
});

describe("CSRF", () => {
  it("refuses a write without the token", async () => {
    const { agent, list, pancakes } = await kitchen();
    const response = await agent.post(
      "/api/groceries/planned-recipes/",
      { grocery_list_id: list.id, recipe_id: pancakes.id, guests: 2 },
      { csrf: "omit" },
    );
    expect(response.statusCode).toBe(403);
    expect(await items(agent, list.id)).toEqual([]);
  });
});
