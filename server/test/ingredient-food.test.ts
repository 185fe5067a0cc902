// An ingredient's food (issue 38 §1): GET /api/ingredients/ingredients/{id}/ with its nutrition
// per 100 g and grams per unit from USDA SR26, its allergens, and where the data comes from;
// named in the reader's language; nothing made up for what the data does not know.
import { describe, expect, it } from "vitest";
import { ingredientId, signedIn } from "./factories.js";
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
