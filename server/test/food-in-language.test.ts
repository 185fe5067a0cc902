// Food in the reader's language (issue 37 §3): the catalogue's ingredients, units and aisles
// named in the request's language wherever the API gives them, whatever language the recipe was
// written in; rows kept as written stay as written; English answers as they have always been.
// And the ingredient search in any shipped language, the caller's first.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buildRecipe, ingredientId, signedIn, unitId } from "./factories.js";
import { Agent, createTestApp } from "./helper.js";

const { app, db } = await createTestApp();

const EGG = await ingredientId(db, "Egg");
const FLOUR = await ingredientId(db, "All-purpose flour");
const MILK = await ingredientId(db, "Whole milk");
const PIECE = await unitId(db, "piece");
const G = await unitId(db, "g");
const ML = await unitId(db, "ml");
const TBSP = await unitId(db, "tbsp");

const inLanguage = (language: string) => ({ headers: { "accept-language": language } });

interface Row {
  ingredient: { id: number; name: string; forms?: Record<string, string> } | null;
  unit: { id: number; name: string; forms?: Record<string, string>; code?: string } | null;
  text: string | null;
  quantity: number | null;
}

/** An English recipe: 2 eggs, 120 g flour, 250 ml milk, 1 tbsp of "mystery syrup" as written. */
async function englishRecipe() {
  const { user, agent } = await signedIn(app, db);
  const recipe = await buildRecipe(db, user.id, {
    title: "Pancakes",
    ingredients: [
      { ingredientId: EGG, unitId: PIECE, quantity: 0.5 },
      { ingredientId: FLOUR, unitId: G, quantity: 30 },
      { ingredientId: MILK, unitId: ML, quantity: 62.5 },
    ],
  });
  await db.execute(
    `insert into recipe_ingredients (recipe_id, position, text, quantity, unit_id)
     values (${recipe.id}, 3, 'mystery syrup', 0.25, ${TBSP})`,
  );
  return { user, agent, recipe };
}

const rowsOf = async (agent: Agent, id: number, language?: string) => {
  const response = await agent.get(
    `/api/recipes/recipes/${id}/`,
    language ? inLanguage(language) : {},
  );
  expect(response.statusCode).toBe(200);
  return response.json<{ recipe_ingredients: Row[] }>().recipe_ingredients;
};

describe("a recipe's rows in the reader's language", () => {
  it("names an English recipe's ingredients and units in German and in Japanese", async () => {
    const { recipe } = await englishRecipe();
    const anonymous = new Agent(app);
    const german = await rowsOf(anonymous, recipe.id, "de-DE,de;q=0.9");
    expect(german.map((row) => row.ingredient?.name ?? row.text)).toEqual([
      "Ei",
      "Weizenmehl (Type 405)",
      "Vollmilch",
      "mystery syrup",
    ]);
    expect(german[0]?.ingredient).toEqual({
      id: EGG,
      name: "Ei",
      forms: { one: "Ei", other: "Eier" },
    });
    expect(german[0]?.unit).toEqual({ id: PIECE, name: "Stück", code: "piece" });
    expect(german[1]?.unit).toEqual({ id: G, name: "g", code: "g" });
    // A row kept as written keeps its words; its unit is named for the reader.
    expect(german[3]).toMatchObject({ text: "mystery syrup", unit: { name: "EL", code: "tbsp" } });

    const japanese = await rowsOf(anonymous, recipe.id, "ja");
    expect(japanese.map((row) => row.ingredient?.name ?? row.text)).toEqual([
      "卵",
      "薄力粉",
      "成分無調整牛乳",
      "mystery syrup",
    ]);
    expect(japanese[0]?.ingredient).toEqual({ id: EGG, name: "卵" });
    expect(japanese[0]?.unit).toEqual({ id: PIECE, name: "個", code: "piece" });
    expect(japanese[3]?.unit).toMatchObject({ name: "大さじ", code: "tbsp" });
  });

  it("answers English exactly as before, and says the answer varies by language", async () => {
    const { recipe } = await englishRecipe();
    const response = await new Agent(app).get(`/api/recipes/recipes/${recipe.id}/`);
    const rows = response.json<{ recipe_ingredients: Row[] }>().recipe_ingredients;
    expect(rows[0]?.ingredient).toEqual({ id: EGG, name: "Egg" });
    expect(rows[0]?.unit).toEqual({ id: PIECE, name: "piece" });
    expect(String(response.headers.vary)).toMatch(/Accept-Language/);
  });

  it("writes the JSON-LD's lines in the reader's language", async () => {
    const { recipe } = await englishRecipe();
    const document = async (language: string) =>
      (
        await new Agent(app).get(`/api/recipes/recipes/${recipe.id}/jsonld/`, inLanguage(language))
      ).json<{ recipeIngredient: string[]; recipeYield: string }>();
    const jsonLd = async (language: string) => (await document(language)).recipeIngredient;
    expect((await document("de")).recipeYield).toBe("4 Portionen");
    expect((await document("ja")).recipeYield).toBe("4人分");
    expect((await document("en")).recipeYield).toBe("4 servings");
    expect(await jsonLd("de")).toEqual([
      "2 Eier",
      "120 g Weizenmehl (Type 405)",
      "250 ml Vollmilch",
      "1 EL mystery syrup",
    ]);
    expect(await jsonLd("en")).toEqual([
      "2 eggs",
      "120 g All-purpose flour",
      "250 ml Whole milk",
      "1 tbsp mystery syrup",
    ]);
  });
});

describe("an imported recipe's draft", () => {
  it("names the ingredients it matched in the reader's language", async () => {
    const { agent } = await signedIn(app, db);
    const recipe = {
      "@context": "https://schema.org",
      "@type": "Recipe",
      name: "Pancakes",
      recipeIngredient: ["2 eggs", "200 g all-purpose flour"],
      recipeInstructions: "Mix and fry.",
    };
    const html = `<html lang="en"><head><script type="application/ld+json">${JSON.stringify(recipe)}</script></head><body></body></html>`;
    const response = await agent.post("/api/recipes/import/", { html }, inLanguage("de"));
    expect(response.statusCode, response.body).toBe(200);
    const rows = response.json<{ recipe_ingredients: Row[] }>().recipe_ingredients;
    expect(rows.map((row) => [row.ingredient?.name, row.unit?.name])).toEqual([
      ["Ei", "Stück"],
      ["Weizenmehl (Type 405)", "g"],
    ]);
  });
});

describe("parsed lines", () => {
  it("name what they matched in the reader's language, whatever language the lines are in", async () => {
    const { agent } = await signedIn(app, db);
    const parse = (language: string) =>
      agent.post(
        "/api/ingredients/parse/",
        { lines: ["2 eggs", "200 g all-purpose flour"], language: "en" },
        inLanguage(language),
      );
    const german = await parse("de");
    expect(german.statusCode, german.body).toBe(200);
    const rows = german.json<Row[]>();
    expect(rows.map((row) => [row.ingredient?.id, row.ingredient?.name, row.unit?.name])).toEqual([
      [EGG, "Ei", "Stück"],
      [FLOUR, "Weizenmehl (Type 405)", "g"],
    ]);
    expect(rows[0]?.unit?.code).toBe("piece");
    const english = (await parse("en")).json<Row[]>();
    expect(english.map((row) => [row.ingredient?.name, row.unit?.name])).toEqual([
      ["Egg", "piece"],
      ["All-purpose flour", "g"],
    ]);
  });
});

describe("the units", () => {
  it("are named in the caller's language, with their forms and English code", async () => {
    const response = await new Agent(app).get("/api/ingredients/units/", inLanguage("pl"));
    const units = response.json<{ id: number; name: string; forms?: object; code?: string }[]>();
    expect(units).toHaveLength(45);
    expect(units.find((unit) => unit.code === "tbsp")).toEqual({
      id: TBSP,
      name: "łyżka",
      forms: { one: "łyżka", few: "łyżki", many: "łyżek", other: "łyżki" },
      code: "tbsp",
    });
    const english = (await new Agent(app).get("/api/ingredients/units/")).json<object[]>();
    expect(english).toContainEqual({ id: TBSP, name: "tbsp" });
  });
});

describe("a shared shopping list", () => {
  it("reads to a German and to a Japanese cook each in their own language", async () => {
    const { user, agent: german } = await signedIn(app, db);
    const { user: friend, agent: japanese } = await signedIn(app, db);
    expect((await german.patch("/api/users/me/preferences/", { language: "de" })).statusCode).toBe(
      200,
    );
    expect(
      (await japanese.patch("/api/users/me/preferences/", { language: "ja" })).statusCode,
    ).toBe(200);
    const list = (await german.post("/api/groceries/lists/", { name: "Wochenende" })).json<{
      id: number;
    }>();
    const shared = await german.post(`/api/groceries/lists/${list.id}/members/`, {
      username: friend.username,
    });
    expect(shared.statusCode).toBe(201);
    const recipe = await buildRecipe(db, user.id, {
      title: "Pancakes",
      ingredients: [
        { ingredientId: EGG, unitId: PIECE, quantity: 0.5 },
        { ingredientId: FLOUR, unitId: G, quantity: 30 },
      ],
    });
    const planned = await german.post("/api/groceries/planned-recipes/", {
      grocery_list_id: list.id,
      recipe_id: recipe.id,
      guests: 4,
    });
    expect(planned.statusCode).toBe(201);
    const extra = await german.post("/api/groceries/planned-extras/", {
      grocery_list_id: list.id,
      ingredient_id: MILK,
      quantity: 500,
      unit_id: ML,
    });
    expect(extra.statusCode).toBe(201);
    expect(extra.json()).toMatchObject({ ingredient: { id: MILK, name: "Vollmilch" } });

    type Item = { ingredient: { name: string }; unit: { name: string }; aisle: { name: string } };
    const itemsOf = async (agent: Agent) =>
      (await agent.get(`/api/groceries/items/?grocery_list=${list.id}`))
        .json<Item[]>()
        .map((item) => `${item.aisle.name}: ${item.ingredient.name} (${item.unit.name})`)
        .sort();
    expect(await itemsOf(german)).toEqual([
      "Milchprodukte & Eier: Ei (Stück)",
      "Milchprodukte & Eier: Vollmilch (ml)",
      "Vorratsschrank: Weizenmehl (Type 405) (g)",
    ]);
    expect(await itemsOf(japanese)).toEqual([
      "乳製品・卵: 卵 (個)",
      "乳製品・卵: 成分無調整牛乳 (ml)",
      "加工食品・調味料: 薄力粉 (g)",
    ]);
    const aisles = (await japanese.get("/api/groceries/aisles/")).json<{ name: string }[]>();
    expect(aisles.map((aisle) => aisle.name)).toContain("乳製品・卵");
    const extras = (
      await japanese.get(`/api/groceries/planned-extras/?grocery_list=${list.id}`)
    ).json<{ ingredient: { name: string }; unit: { name: string } }[]>();
    expect(extras).toMatchObject([
      { ingredient: { name: "成分無調整牛乳" }, unit: { name: "ml" } },
    ]);

    // What each line is for, in each reader's words; in English exactly the spec's text.
    const sourcesOf = async (agent: Agent) =>
      Object.fromEntries(
        (await agent.get(`/api/groceries/items/?grocery_list=${list.id}`))
          .json<{ ingredient: { id: number }; from_recipes: string }[]>()
          .map((item) => [item.ingredient.id, item.from_recipes]),
      );
    expect(await sourcesOf(german)).toEqual({
      [EGG]: "Pancakes (4 Gäste)",
      [FLOUR]: "Pancakes (4 Gäste)",
      [MILK]: "Extras",
    });
    expect(await sourcesOf(japanese)).toEqual({
      [EGG]: "Pancakes（4人）",
      [FLOUR]: "Pancakes（4人）",
      [MILK]: "追加品",
    });
    const { user: third, agent: english } = await signedIn(app, db);
    const sharedAgain = await german.post(`/api/groceries/lists/${list.id}/members/`, {
      username: third.username,
    });
    expect(sharedAgain.statusCode).toBe(201);
    expect(await sourcesOf(english)).toEqual({
      [EGG]: "Pancakes (4 guests)",
      [FLOUR]: "Pancakes (4 guests)",
      [MILK]: "Extras",
    });
    // A line from before the sources were kept as data reads as it was stored.
    await db.execute(sql`update shopping_items set sources = null
      where grocery_list_id = ${list.id} and ingredient_id = ${MILK}`);
    expect((await sourcesOf(german))[MILK]).toBe("Extras");
    await db.execute(sql`update shopping_items set sources = null, from_recipes = 'Pancakes (4 guests)'
      where grocery_list_id = ${list.id} and ingredient_id = ${EGG}`);
    expect((await sourcesOf(german))[EGG]).toBe("Pancakes (4 guests)");
  });
});

describe("a cook's staples", () => {
  it("are named in the cook's language, by that name", async () => {
    const { agent } = await signedIn(app, db);
    const put = await agent.put(
      "/api/users/me/staples/",
      { ingredient_ids: [MILK, EGG, FLOUR] },
      inLanguage("de"),
    );
    expect(put.json()).toEqual([
      { id: EGG, name: "Ei", forms: { one: "Ei", other: "Eier" } },
      { id: MILK, name: "Vollmilch" },
      { id: FLOUR, name: "Weizenmehl (Type 405)" },
    ]);
    expect((await agent.get("/api/users/me/staples/")).json()).toEqual([
      { id: FLOUR, name: "All-purpose flour" },
      { id: EGG, name: "Egg" },
      { id: MILK, name: "Whole milk" },
    ]);
  });
});

describe("GET /api/ingredients/ingredients/?search= in any language", () => {
  const first = async (text: string, language: string) => {
    const response = await new Agent(app).get(
      `/api/ingredients/ingredients/?search=${encodeURIComponent(text)}`,
      inLanguage(language),
    );
    expect(response.statusCode).toBe(200);
    return response.json<{ results: { id: number; name: string }[] }>().results[0];
  };

  it("finds all-purpose flour by its name in the caller's language, named in it", async () => {
    expect(await first("Mehl", "de")).toMatchObject({ id: FLOUR, name: "Weizenmehl (Type 405)" });
    expect(await first("farine", "fr")).toMatchObject({ id: FLOUR, name: "Farine de blé (T45)" });
    expect(await first("harina", "es")).toMatchObject({ id: FLOUR, name: "Harina de trigo" });
    expect(await first("薄力粉", "ja")).toMatchObject({ id: FLOUR, name: "薄力粉" });
    expect(await first("Weizenmehl (Type 405)", "de")).toMatchObject({ id: FLOUR });
  });

  it("finds a name in another language too, named in the caller's", async () => {
    expect(await first("farine", "de")).toMatchObject({ id: FLOUR, name: "Weizenmehl (Type 405)" });
    expect(await first("薄力粉", "en")).toMatchObject({ id: FLOUR, name: "All-purpose flour" });
    expect(await first("Eier", "ja")).toMatchObject({ id: EGG, name: "卵" });
  });

  it("keeps English as it was", async () => {
    expect(await first("egg", "en")).toEqual({ id: EGG, name: "Egg", counted: true });
    expect(await first("flour", "en")).toEqual({
      id: FLOUR,
      name: "All-purpose flour",
      counted: false,
    });
  });
});
