// An ingredient's food (issue 38 §1): GET /api/ingredients/ingredients/{id}/ with its nutrition
// per 100 g and grams per unit from USDA SR26, its allergens, and where the data comes from;
// named in the reader's language; nothing made up for what the data does not know. And what a
// recipe's detail and list items say it contains (§2; the sums themselves:
// src/recipes/nutrition.test.ts; the filters against an in-memory model: recipe-filters.test.ts).
import type { RecipeDetail, RecipeListResponse } from "@potluck/contract";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { multipartBody } from "../src/http/inject-agent.js";
import { FACTS_VERSION } from "../src/recipes/facts.js";
import { refreshStaleFacts } from "../src/recipes/facts-job.js";
import { buildRecipe, ingredientId, signedIn, unitId } from "./factories.js";
import { Agent, createTestApp } from "./helper.js";

const { app, db } = await createTestApp();

const detail = async (id: number | string, headers: Record<string, string> = {}) =>
  new Agent(app).get(`/api/ingredients/ingredients/${id}/`, { headers });

describe("an ingredient's food", () => {
  it("gives butter's nutrition, weights, allergens and source, as SR26 has them", async () => {
    const butter = await ingredientId(db, "Butter");
    const response = await detail(butter);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      id: butter,
      name: "Butter",
      // SR26 #01001 "Butter, salted", per 100 g; salt is sodium × 2.5 (643 mg → 1.608 g).
      nutrition_per_100g: {
        energy_kcal: 717,
        energy_kj: 3000,
        protein_g: 0.85,
        fat_g: 81.11,
        saturated_fat_g: 51.368,
        carbohydrate_g: 0.06,
        sugars_g: 0.06,
        fibre_g: 0,
        sodium_mg: 643,
        salt_g: 1.608,
      },
      grams_per_unit: expect.arrayContaining([
        { unit: { id: expect.any(Number), name: "cup" }, grams: 227 },
        { unit: { id: expect.any(Number), name: "tbsp" }, grams: 14.2 },
        { unit: { id: expect.any(Number), name: "stick" }, grams: 113 },
      ]),
      allergens: ["milk"],
      source: "USDA SR26 #01001",
    });
  });

  it("weighs one egg, and names it and its units in the reader's language", async () => {
    const egg = await ingredientId(db, "Egg");
    const response = await detail(egg, { "accept-language": "de" });
    const body = response.json<{
      name: string;
      grams_per_unit: { unit: { name: string; code?: string }; grams: number }[];
      allergens: string[];
    }>();
    expect(body.name).toBe("Ei");
    expect(body.allergens).toEqual(["eggs"]);
    const piece = body.grams_per_unit.find((one) => one.unit.code === "piece");
    expect(piece).toEqual({ unit: expect.objectContaining({ name: "Stück" }), grams: 50 });
  });

  it("says what it knows of a catalogue food SR26 has no fitting entry for, and nothing more", async () => {
    const pepper = await ingredientId(db, "Padrón pepper");
    expect((await detail(pepper)).json()).toMatchObject({
      name: "Padrón pepper",
      nutrition_per_100g: null,
      grams_per_unit: [],
      allergens: [],
      source: null,
    });
  });

  it("knows nothing of a cook's own ingredient", async () => {
    const { agent } = await signedIn(app, db);
    const created = await agent.post("/api/ingredients/ingredients/", { name: "Zorblax fruit" });
    const own = created.json<{ id: number }>().id;
    expect((await detail(own)).json()).toEqual({
      id: own,
      name: "Zorblax fruit",
      nutrition_per_100g: null,
      grams_per_unit: [],
      allergens: [],
      source: null,
    });
  });

  it("answers 404 for an ingredient that does not exist and 400 for an id that is none", async () => {
    expect((await detail(2_000_000_000)).statusCode).toBe(404);
    const bad = await detail("butter");
    expect(bad.statusCode).toBe(400);
  });
});

describe("what a recipe contains", () => {
  it("gives its nutrition per serving, allergens and diets on its detail", async () => {
    const { user, agent } = await signedIn(app, db);
    const recipe = await buildRecipe(db, user.id, {
      title: "Buttered eggs",
      ingredients: [
        {
          ingredientId: await ingredientId(db, "Butter"),
          unitId: await unitId(db, "g"),
          quantity: 50,
        },
        {
          ingredientId: await ingredientId(db, "Egg"),
          unitId: await unitId(db, "piece"),
          quantity: 1,
        },
      ],
    });
    const detail = (await agent.get(`/api/recipes/recipes/${recipe.id}/`)).json();
    // 50 g butter (717 kcal per 100 g) and a 50 g egg (143): 358.5 + 71.5 kcal.
    expect(detail.nutrition).toMatchObject({
      per_serving: { energy_kcal: 430 },
      counted: 2,
      not_counted: [],
    });
    expect(detail).toMatchObject({
      allergens: ["eggs", "milk"],
      allergens_complete: true,
      diets: ["vegetarian", "pescatarian", "gluten_free", "nut_free"],
    });
  });
});

describe("a volume's weight", () => {
  it("weighs a cup of flour beside its volume, but not a cup of milk, nor grams", async () => {
    const { user, agent } = await signedIn(app, db);
    const recipe = await buildRecipe(db, user.id, {
      title: "Batter",
      ingredients: [
        {
          ingredientId: await ingredientId(db, "All-purpose flour"),
          unitId: await unitId(db, "cup"),
          quantity: 1,
        },
        {
          ingredientId: await ingredientId(db, "Whole milk"),
          unitId: await unitId(db, "cup"),
          quantity: 1,
        },
        {
          ingredientId: await ingredientId(db, "Butter"),
          unitId: await unitId(db, "g"),
          quantity: 20,
        },
      ],
    });
    const detail = (await agent.get(`/api/recipes/recipes/${recipe.id}/`)).json<RecipeDetail>();
    // SR26: a cup of all-purpose flour is 125 g; milk is poured; grams are grams already.
    expect(detail.recipe_ingredients.map((row) => row.grams_per_unit)).toEqual([125, null, null]);
  });
});

describe("what a recipe contains, on the list", () => {
  const grams = () => unitId(db, "g");
  const row = async (name: string, quantity: number) => ({
    ingredient_id: await ingredientId(db, name),
    unit_id: await grams(),
    quantity,
  });
  const send = (
    agent: Agent,
    method: "POST" | "PUT",
    url: string,
    title: string,
    rows: object[],
  ) => {
    const body = multipartBody({
      title,
      content: "<p>Stir.</p>",
      recipe_ingredients: JSON.stringify(rows),
    });
    return agent.raw(method, url, body.payload, body.contentType);
  };
  const listed = async (agent: Agent, query: string) =>
    (await agent.get(`/api/recipes/recipes/?mine=true&${query}`)).json<RecipeListResponse>()
      .results;

  it("gives list items the detail's facts, kept by every write of the rows", async () => {
    const { agent } = await signedIn(app, db);
    const created = await send(agent, "POST", "/api/recipes/recipes/", "Peanut rice", [
      await row("Peanut", 30),
      await row("White rice", 75),
    ]);
    expect(created.statusCode, created.body).toBe(201);
    const recipe = created.json<RecipeDetail>();
    const [item] = await listed(agent, "");
    expect(item).toMatchObject({
      id: recipe.id,
      nutrition: recipe.nutrition,
      allergens: ["peanuts"],
      allergens_complete: true,
      diets: recipe.diets,
    });
    expect(item?.diets).toContain("vegan");
    expect((await listed(agent, "without_allergen=peanuts")).map((one) => one.id)).toEqual([]);
    expect((await listed(agent, "diet=vegan&diet=gluten_free")).map((one) => one.id)).toEqual([
      recipe.id,
    ]);

    // Butter instead of the peanuts: no longer vegan, and now free of peanuts.
    const updated = await send(agent, "PUT", `/api/recipes/recipes/${recipe.id}/`, "Butter rice", [
      await row("Butter", 10),
      await row("White rice", 75),
    ]);
    expect(updated.statusCode, updated.body).toBe(200);
    const [after] = await listed(agent, "");
    expect(after).toMatchObject({ allergens: ["milk"], nutrition: updated.json().nutrition });
    expect(after?.diets).not.toContain("vegan");
    expect((await listed(agent, "without_allergen=peanuts")).map((one) => one.id)).toEqual([
      recipe.id,
    ]);
    expect((await listed(agent, "diet=vegan")).map((one) => one.id)).toEqual([]);
  });

  it("leaves a recipe with a row kept as written out of the allergen and kcal filters", async () => {
    const { agent } = await signedIn(app, db);
    const created = await send(agent, "POST", "/api/recipes/recipes/", "Mystery rice", [
      await row("White rice", 75),
      { text: "a spoon of the sauce from the jar" },
    ]);
    expect(created.statusCode, created.body).toBe(201);
    const [item] = await listed(agent, "");
    expect(item).toMatchObject({ allergens: [], allergens_complete: false, diets: [] });
    expect(await listed(agent, "without_allergen=milk")).toEqual([]);
    expect(await listed(agent, "max_kcal=5000")).toEqual([]);
  });

  it("refuses a diet, allergen or kcal limit that is none with a 400", async () => {
    const { agent } = await signedIn(app, db);
    for (const query of ["diet=paleo", "without_allergen=nuts", "max_kcal=-1", "max_kcal=lots"]) {
      const response = await agent.get(`/api/recipes/recipes/?${query}`);
      expect(response.statusCode, query).toBe(400);
    }
  });

  it("recomputes the facts of recipes computed from other food data, and only those", async () => {
    const { user, agent } = await signedIn(app, db);
    const recipe = await buildRecipe(db, user.id, {
      title: "Old eggs",
      ingredients: [
        { ingredientId: await ingredientId(db, "Egg"), unitId: await grams(), quantity: 100 },
      ],
    });
    // As a recipe from before this release's food data (or a bulk seed) has them.
    await db.execute(sql`update recipes set nutrition = null, allergens = '{}', diets = '{}',
      facts_version = 'older' where id = ${recipe.id}`);
    expect((await listed(agent, "")).at(0)).toMatchObject({ nutrition: null, allergens: [] });
    expect(await refreshStaleFacts(db)).toBeGreaterThanOrEqual(1);
    expect((await listed(agent, "")).at(0)).toMatchObject({
      nutrition: { per_serving: { energy_kcal: 143 }, counted: 1 },
      allergens: ["eggs"],
    });
    const versions = await db.execute<{ facts_version: string }>(
      sql`select facts_version from recipes where id = ${recipe.id}`,
    );
    expect(versions.rows[0]?.facts_version).toBe(FACTS_VERSION);
    // Nothing is stale any more: a second run recomputes none.
    expect(await refreshStaleFacts(db)).toBe(0);
  });
});
