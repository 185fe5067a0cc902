// Issue 25 §1: a recipe's ingredient row may be kept as written ("a handful of fresh
// herbs"): through the recipe API (create, update, read, the 400s), search, the ingredient
// filter, the shopping list and the JSON-LD export read back by the importer.
import type { RecipeDetail, RecipeDraft, RecipeJsonLd, ShoppingItem } from "@potluck/contract";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { Agent, multipartBody } from "../src/http/inject-agent.js";
import { ingredientId, signedIn, unitId } from "./factories.js";
import { createTestApp } from "./helper.js";

const { app, db } = await createTestApp();

const CUP = await unitId(db, "cup");
const G = await unitId(db, "g");
const PIECE = await unitId(db, "piece");
const EGG = await ingredientId(db, "Egg");
const FLOUR = await ingredientId(db, "All-purpose flour");

type Row = Record<string, unknown>;

function submit(
  agent: Agent,
  method: "POST" | "PUT",
  url: string,
  fields: { title?: string; servings?: string; rows: Row[] | string },
) {
  const { payload, contentType } = multipartBody({
    title: fields.title ?? "Herb omelette",
    content: "<p>Whisk and fry.</p>",
    ...(fields.servings ? { servings: fields.servings } : {}),
    recipe_ingredients: typeof fields.rows === "string" ? fields.rows : JSON.stringify(fields.rows),
  });
  return agent.raw(method, url, payload, contentType);
}

async function created(agent: Agent, rows: Row[], title?: string): Promise<RecipeDetail> {
  const response = await submit(agent, "POST", "/api/recipes/recipes/", { rows, title });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<RecipeDetail>();
}

const recipeCount = async () =>
  (await db.execute<{ n: number }>(sql`select count(*)::int as n from recipes`)).rows[0]?.n;

/** Per ONE serving, as the form sends them: 2 eggs, ½ cup fresh herbs, … for 4. */
const MIXED: Row[] = [
  { ingredient_id: EGG, quantity: 0.5, unit_id: PIECE },
  { text: "  fresh herbs, chopped ", quantity: 0.125, unit_id: CUP },
  { text: "a handful of zorblax leaves" },
  { text: "quiddities, zested", quantity: 0.5 },
];

describe("a recipe's rows kept as written", () => {
  it("are created, read by anyone in order, and replaced by an update", async () => {
    const { agent } = await signedIn(app, db);
    const recipe = await created(agent, MIXED);
    expect(recipe.recipe_ingredients).toEqual([
      {
        id: expect.any(Number),
        ingredient: { id: EGG, name: "Egg" },
        quantity: 0.5,
        unit: { id: PIECE, name: "piece" },
        text: null,
        note: null,
        optional: false,
        grams_per_unit: null,
      },
      {
        id: expect.any(Number),
        ingredient: null,
        quantity: 0.125,
        unit: { id: CUP, name: "cup" },
        text: "fresh herbs, chopped",
        note: null,
        optional: false,
        grams_per_unit: null,
      },
      {
        id: expect.any(Number),
        ingredient: null,
        quantity: null,
        unit: null,
        text: "a handful of zorblax leaves",
        note: null,
        optional: false,
        grams_per_unit: null,
      },
      {
        id: expect.any(Number),
        ingredient: null,
        quantity: 0.5,
        unit: null,
        text: "quiddities, zested",
        note: null,
        optional: false,
        grams_per_unit: null,
      },
    ]);
    const anonymous = await new Agent(app).get(`/api/recipes/recipes/${recipe.id}/`);
    expect(anonymous.json<RecipeDetail>().recipe_ingredients).toEqual(recipe.recipe_ingredients);

    // A detail's rows sent back as they are (text null on catalogue rows, nulls on the rest).
    const sentBack = recipe.recipe_ingredients.map((row) => ({
      ingredient_id: row.ingredient?.id ?? null,
      text: row.text,
      quantity: row.quantity,
      unit_id: row.unit?.id ?? null,
    }));
    const same = await submit(agent, "PUT", `/api/recipes/recipes/${recipe.id}/`, {
      rows: sentBack,
    });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json<RecipeDetail>().recipe_ingredients.map(({ id: _, ...row }) => row)).toEqual(
      recipe.recipe_ingredients.map(({ id: _, ...row }) => row),
    );

    // The herbs picked from the catalogue after all, the egg kept as written instead.
    const updated = await submit(agent, "PUT", `/api/recipes/recipes/${recipe.id}/`, {
      rows: [
        { text: "eggs from the neighbour", quantity: 0.5 },
        { ingredient_id: FLOUR, quantity: 25, unit_id: G },
      ],
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json<RecipeDetail>().recipe_ingredients).toMatchObject([
      { ingredient: null, text: "eggs from the neighbour", quantity: 0.5, unit: null },
      { ingredient: { id: FLOUR }, text: null, quantity: 25, unit: { id: G } },
    ]);
  });

  it("refuses bad rows with the row's message and writes nothing", async () => {
    const { agent } = await signedIn(app, db);
    const before = await recipeCount();
    const cases: [Row[], string[]][] = [
      [
        [{ ingredient_id: EGG, quantity: 1, unit_id: PIECE, text: "eggs" }],
        ["Row 1: Give either text or an ingredient, not both."],
      ],
      [[{ text: "   " }], ["Row 1: text: This field may not be blank."]],
      [[{ text: "" }], ["Row 1: text: This field may not be blank."]],
      [
        [{ text: "x".repeat(201) }],
        ["Row 1: text: Ensure this field has no more than 200 characters."],
      ],
      [[{ text: "fresh herbs", unit_id: CUP }], ["Row 1: quantity: A unit needs a quantity."]],
      [
        [{ text: "fresh herbs", quantity: 0, unit_id: CUP }],
        ["Row 1: quantity: Ensure this value is greater than 0."],
      ],
      [[{ text: 42 }], ["Row 1: text: Not a valid string."]],
      [
        [{ text: "fresh herbs", quantity: 1, unit_id: 88888888 }],
        ["Row 1: unknown unit id 88888888."],
      ],
      [[{ ingredient_id: EGG, quantity: 1 }], ["Row 1: unit_id: This field is required."]],
    ];
    for (const [rows, messages] of cases) {
      const response = await submit(agent, "POST", "/api/recipes/recipes/", { rows });
      expect(response.statusCode, JSON.stringify(rows).slice(0, 80)).toBe(400);
      expect(response.json()).toEqual({ recipe_ingredients: messages });
    }
    expect(await recipeCount()).toBe(before);
    // 200 characters is the most a row holds.
    const longest = await created(agent, [{ text: "x".repeat(200) }]);
    expect(longest.recipe_ingredients[0]?.text).toHaveLength(200);
  });

  it("are found by their words, and never match the ingredient filter", async () => {
    const { agent } = await signedIn(app, db);
    const word = `zorblax${Date.now()}`;
    const recipe = await created(agent, [
      { ingredient_id: EGG, quantity: 0.5, unit_id: PIECE },
      { text: `a handful of ${word} leaves` },
    ]);
    const found = await agent.get(`/api/recipes/recipes/?search=${word}`);
    expect(found.statusCode).toBe(200);
    expect(found.json().results.map((r: { id: number }) => r.id)).toEqual([recipe.id]);
    // Filtered by its catalogue ingredient, it is there; the free row changes nothing.
    const byEgg = await agent.get(`/api/recipes/recipes/?mine=true&ingredient=${EGG}`);
    expect(byEgg.json().results.map((r: { id: number }) => r.id)).toContain(recipe.id);
    const withoutFlour = await agent.get(
      `/api/recipes/recipes/?mine=true&exclude_ingredient=${FLOUR}`,
    );
    expect(withoutFlour.json().results.map((r: { id: number }) => r.id)).toContain(recipe.id);
  });
});

describe("on a shopping list", () => {
  async function kitchen() {
    const { agent, user } = await signedIn(app, db);
    const list = (await agent.post("/api/groceries/lists/", { name: "Week" })).json<{
      id: number;
    }>();
    return { agent, user, list };
  }
  const plan = async (agent: Agent, listId: number, recipeId: number, guests: number) => {
    const response = await agent.post("/api/groceries/planned-recipes/", {
      grocery_list_id: listId,
      recipe_id: recipeId,
      guests,
    });
    expect(response.statusCode, response.body).toBe(201);
  };
  const items = async (agent: Agent, listId: number) => {
    const response = await agent.get(`/api/groceries/items/?grocery_list=${listId}`);
    expect(response.statusCode).toBe(200);
    return response.json<ShoppingItem[]>();
  };
  const freeLines = async (agent: Agent, listId: number) =>
    (await items(agent, listId))
      .filter((item) => item.text !== null)
      .map((item) => [item.text, item.quantity, item.unit?.name ?? null, item.from_recipes]);

  it("is a line of its own for its recipe, merged by text (any case) and unit", async () => {
    const { agent, list } = await kitchen();
    const omelette = await created(
      agent,
      [
        { ingredient_id: EGG, quantity: 0.5, unit_id: PIECE },
        { text: "fresh herbs", quantity: 0.125, unit_id: CUP },
        { text: "a handful of mint" },
      ],
      "Omelette",
    );
    const salad = await created(
      agent,
      [
        { text: "Fresh Herbs", quantity: 0.25, unit_id: CUP },
        { text: "A handful of MINT" },
        { text: "fresh herbs", quantity: 10, unit_id: G },
      ],
      "Salad",
    );
    await plan(agent, list.id, omelette.id, 4);
    await plan(agent, list.id, salad.id, 2);
    expect(await freeLines(agent, list.id)).toEqual([
      // The text as its first recipe wrote it.
      ["a handful of mint", null, null, "Omelette (4 guests) & Salad (2 guests)"],
      // ½ cup for 4 and ½ cup for 2: one cup.
      ["fresh herbs", 1, "cup", "Omelette (4 guests) & Salad (2 guests)"],
      // Grams are no cups: a line of their own.
      ["fresh herbs", 20, "g", "Salad (2 guests)"],
    ]);
    // The egg stays a catalogue line, named after its recipe.
    expect((await items(agent, list.id)).find((item) => item.ingredient.id === EGG)).toMatchObject({
      quantity: 2,
      from_recipes: "Omelette (4 guests)",
      text: null,
    });
  });

  it("merges with a typed line of the same text; more to buy is a line beside the ticked one", async () => {
    const { agent, list } = await kitchen();
    const tart = await created(
      agent,
      [{ text: "zorblax fruit", quantity: 0.5 }, { text: "a handful of mint" }],
      "Tart",
    );
    await plan(agent, list.id, tart.id, 2);
    const typed = await agent.post("/api/groceries/planned-extras/", {
      grocery_list_id: list.id,
      text: "3 Zorblax fruit",
    });
    expect(typed.statusCode, typed.body).toBe(201);
    // A quantity without a unit counts pieces, as a typed "3 zorblax fruit" does.
    expect(await freeLines(agent, list.id)).toEqual([
      ["a handful of mint", null, null, "Tart (2 guests)"],
      ["zorblax fruit", 4, "piece", "Tart (2 guests) & Extras"],
    ]);

    const lines = await items(agent, list.id);
    for (const line of lines) {
      const ticked = await agent.patch(`/api/groceries/items/${line.id}/`, { is_checked: true });
      expect(ticked.statusCode).toBe(200);
    }
    // A new title recomputes the list: the same amounts, the ticks stay.
    const renamed = await submit(agent, "PUT", `/api/recipes/recipes/${tart.id}/`, {
      title: "Fruit tart",
      rows: [{ text: "zorblax fruit", quantity: 0.5 }, { text: "A handful of mint" }],
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const after = await items(agent, list.id);
    expect(after.map((line) => [line.id, line.is_checked, line.from_recipes])).toEqual(
      lines.map((line) => [line.id, true, line.from_recipes.replace("Tart", "Fruit tart")]),
    );
    // More fruit: the 4 bought stay ticked and 1 more is a line to buy (issue 34 §2); the mint
    // (nothing to add up) keeps its tick.
    await submit(agent, "PUT", `/api/recipes/recipes/${tart.id}/`, {
      title: "Fruit tart",
      rows: [{ text: "zorblax fruit", quantity: 1 }, { text: "a handful of mint" }],
    });
    const more = await items(agent, list.id);
    // (Unticked lines come first.)
    expect(more.map((line) => [line.text, line.quantity, line.is_checked])).toEqual([
      ["zorblax fruit", 1, false],
      ["a handful of mint", null, true],
      ["zorblax fruit", 4, true],
    ]);
  });
});

describe("the JSON-LD export", () => {
  it("writes them as lines the importer keeps as written", async () => {
    const { agent } = await signedIn(app, db);
    const recipe = await created(agent, MIXED);
    const exported = await agent.get(`/api/recipes/recipes/${recipe.id}/jsonld/`);
    expect(exported.statusCode).toBe(200);
    const jsonLd = exported.json<RecipeJsonLd>();
    expect(jsonLd.recipeIngredient).toEqual([
      "2 eggs",
      "½ cup fresh herbs, chopped",
      "a handful of zorblax leaves",
      "2 quiddities, zested",
    ]);
    const html = `<script type="application/ld+json">${JSON.stringify(jsonLd)}</script>`;
    const draft = (await agent.post("/api/recipes/import/", { html })).json<RecipeDraft>();
    expect(
      draft.recipe_ingredients.map((line) => [line.ingredient?.name ?? null, line.as_written]),
    ).toEqual([
      ["Egg", null],
      // Issue 34 §7: what follows the comma only says how it is prepared: the row's note.
      [
        null,
        { text: "fresh herbs", quantity: 0.5, unit: { id: CUP, name: "cup" }, note: "chopped" },
      ],
      // "a handful" is an amount: the words after it are kept, with it.
      [
        null,
        {
          text: "zorblax leaves",
          quantity: 1,
          unit: expect.objectContaining({ name: "handful" }),
          note: null,
        },
      ],
      [
        null,
        { text: "quiddities", quantity: 2, unit: { id: PIECE, name: "piece" }, note: "zested" },
      ],
    ]);
  });
});
