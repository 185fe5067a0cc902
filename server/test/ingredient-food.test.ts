// An ingredient's food (issue 38 §1): GET /api/ingredients/ingredients/{id}/ with its nutrition
// per 100 g and grams per unit from USDA SR26, its allergens, and where the data comes from;
// named in the reader's language; nothing made up for what the data does not know. And what a
// recipe's detail says it contains (§2; the sums themselves: src/recipes/nutrition.test.ts).
import { describe, expect, it } from "vitest";
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
