// GET /api/recipes/recipes/{id}/jsonld/ and the round trip: a recipe exported as JSON-LD and
// imported again (pasted in a <script type="application/ld+json">) gives the same title,
// steps and ingredient lines.
import {
  measureOf,
  type RecipeDetail,
  type RecipeDraft,
  type RecipeJsonLd,
} from "@potluck/contract";
import { describe, expect, it } from "vitest";
import { Agent, multipartBody } from "../src/http/inject-agent.js";
import { ingredientId, signedIn, unitId } from "./factories.js";
import { createTestApp } from "./helper.js";

const { app, db } = await createTestApp();
const { agent } = await signedIn(app, db);

/** Creates a recipe through the API; quantities per ONE serving, as submitted. */
async function create(content: string, lines: [string, string, number][]) {
  const rows = await Promise.all(
    lines.map(async ([ingredient, unit, quantity]) => ({
      ingredient_id: await ingredientId(db, ingredient),
      unit_id: await unitId(db, unit),
      quantity,
    })),
  );
  const { payload, contentType } = multipartBody({
    title: "Lentil & Tomato Soup",
    content,
    recipe_ingredients: JSON.stringify(rows),
  });
  const response = await agent.raw("POST", "/api/recipes/recipes/", payload, contentType);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<RecipeDetail>();
}

const exportOf = async (id: number, by: Agent = agent) => {
  const response = await by.get(`/api/recipes/recipes/${id}/jsonld/`);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers["content-type"]).toMatch(/^application\/ld\+json/);
  return response.json<RecipeJsonLd>();
};

const importOf = async (jsonLd: RecipeJsonLd) => {
  const html = `<!doctype html><html><head><script type="application/ld+json">${JSON.stringify(jsonLd)}</script></head><body></body></html>`;
  const response = await agent.post("/api/recipes/import/", { html });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<RecipeDraft>();
};

const LINES: [string, string, number][] = [
  ["Red lentil", "g", 50],
  ["Chopped tomatoes", "can", 0.25],
  ["Onion", "piece", 0.25],
  ["Garlic", "clove", 0.5],
  ["Olive oil", "tbsp", 0.5],
  ["Ground cumin", "tsp", 0.25],
  ["Vegetable stock", "ml", 250],
  ["Crème fraîche", "tbsp", 0.5],
  ["Lemon juice", "tsp", 1 / 3],
  ["All-purpose flour", "cup", 0.125],
  ["Milk", "fl oz", 2],
  ["Bay leaf", "piece", 0.5],
  ["Black pepper", "pinch", 0.25],
];

describe("GET /api/recipes/recipes/{id}/jsonld/", () => {
  it("returns schema.org Recipe JSON-LD for 4 servings", async () => {
    const recipe = await create("<ol><li>Soften the onion.</li><li>Simmer 20 minutes.</li></ol>", [
      ["Red lentil", "g", 50],
      ["Onion", "piece", 0.25],
      ["Salt", "to taste", 1],
    ]);
    const jsonLd = await exportOf(recipe.id);
    expect(jsonLd).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Recipe",
      name: "Lentil & Tomato Soup",
      url: `http://localhost/recipes/${recipe.id}`,
      recipeYield: "4 servings",
      recipeIngredient: ["200 g Red lentil", "1 onion", "Salt to taste"],
      recipeInstructions: [
        { "@type": "HowToStep", text: "Soften the onion." },
        { "@type": "HowToStep", text: "Simmer 20 minutes." },
      ],
    });
    expect(jsonLd.image).toBeUndefined();
  });

  it("writes its nutrition per serving and diets when every row was counted", async () => {
    // 50 g butter and 1 egg a serving (SR26: 717 and 143 kcal per 100 g, an egg 50 g).
    const counted = await create("<p>Scramble.</p>", [
      ["Butter", "g", 50],
      ["Egg", "piece", 1],
    ]);
    expect(counted.nutrition.not_counted).toEqual([]);
    const jsonLd = await exportOf(counted.id);
    expect(jsonLd.nutrition).toEqual({
      "@type": "NutritionInformation",
      calories: `${counted.nutrition.per_serving.energy_kcal} calories`,
      proteinContent: `${counted.nutrition.per_serving.protein_g} g`,
      fatContent: `${counted.nutrition.per_serving.fat_g} g`,
      saturatedFatContent: `${counted.nutrition.per_serving.saturated_fat_g} g`,
      carbohydrateContent: `${counted.nutrition.per_serving.carbohydrate_g} g`,
      sugarContent: `${counted.nutrition.per_serving.sugars_g} g`,
      fiberContent: `${counted.nutrition.per_serving.fibre_g} g`,
      // salt 0.98 g (321.5 + 71 mg of sodium = 392.5 mg, × 2.5) ÷ 2.5
      sodiumContent: "392 mg",
    });
    expect(jsonLd.nutrition?.calories).toBe("430 calories");
    expect(jsonLd.suitableForDiet).toEqual([
      "https://schema.org/VegetarianDiet",
      "https://schema.org/GlutenFreeDiet",
    ]);
    // A recipe with a row it could not count (one of LINES': see not_counted) writes none.
    const soup = await create("<p>Stir.</p>", LINES);
    expect(soup.nutrition.not_counted.length).toBeGreaterThan(0);
    expect((await exportOf(soup.id)).nutrition).toBeUndefined();
  });

  it("reads like the recipe: public, 404 for an unknown one", async () => {
    const recipe = await create("<p>Stir.</p>", []);
    expect((await exportOf(recipe.id, new Agent(app))).name).toBe("Lentil & Tomato Soup");
    expect((await new Agent(app).get("/api/recipes/recipes/999999/jsonld/")).statusCode).toBe(404);
    expect((await new Agent(app).get("/api/recipes/recipes/abc/jsonld/")).statusCode).toBe(400);
  });
});

describe("export, then import", () => {
  it("gives back the title, steps and ingredient lines", async () => {
    const content =
      "<p>Rinse the lentils.</p><h2>Soup</h2><ol><li>Soften the onion &amp; garlic in the oil.</li>" +
      "<li>Add the cumin, lentils, tomatoes and stock; simmer 20 minutes.</li></ol>" +
      "<h2>To serve</h2><ol><li>Stir in the crème fraîche and lemon juice.</li></ol>";
    const recipe = await create(content, LINES);
    const draft = await importOf(await exportOf(recipe.id));
    expect(draft.title).toBe(recipe.title);
    expect(draft.servings).toBe(4);
    // The opening paragraph comes back as a step of the list; the text of every step, and
    // the sections, are the same.
    const steps = (html: string) =>
      [...html.matchAll(/<(?:li|p|h2)>(.*?)<\/(?:li|p|h2)>/g)].map((match) => match[1]);
    expect(steps(draft.content)).toEqual(steps(recipe.content));
    expect(draft.content).toBe(
      "<ol><li>Rinse the lentils.</li></ol><h2>Soup</h2><ol><li>Soften the onion &amp; garlic in the oil.</li>" +
        "<li>Add the cumin, lentils, tomatoes and stock; simmer 20 minutes.</li></ol>" +
        "<h2>To serve</h2><ol><li>Stir in the crème fraîche and lemon juice.</li></ol>",
    );
    // The draft's quantities are the page's (for its 4 servings), to the JSON-LD's precision.
    // Issue 34 §6: the page, and so the JSON-LD, writes an amount in the friendlier unit of its
    // system (1000 ml as 1 l, 8 fl oz as 1 cup; was: the unit as written), so a measure comes
    // back as the same amount, compared in g or ml.
    const amount = (unit: string | undefined, quantity: number) => {
      const measure = unit === undefined ? undefined : measureOf(unit);
      return measure
        ? [measure.dimension, Math.round(quantity * measure.base * 10) / 10]
        : [unit, Math.round(quantity * 1000) / 1000];
    };
    expect(
      draft.recipe_ingredients.map((line) => [
        line.ingredient?.name,
        ...amount(line.unit?.name, line.quantity ?? 0),
      ]),
    ).toEqual(
      recipe.recipe_ingredients.map((line) => [
        line.ingredient?.name,
        ...amount(line.unit?.name, (line.quantity ?? 0) * 4),
      ]),
    );
  });

  it("keeps a 'to taste' line as one", async () => {
    const recipe = await create("<p>Season.</p>", [["Salt", "to taste", 1]]);
    const draft = await importOf(await exportOf(recipe.id));
    expect(draft.recipe_ingredients).toMatchObject([
      { ingredient: { name: "Salt" }, unit: { name: "to taste" }, quantity: null },
    ]);
  });
});
