// Issue 34 §7 and §11: a recipe row's note and optional mark, through create, read, update,
// the JSON-LD and account exports, import and the shopping list; and "to taste" without a
// quantity.
import type {
  ImportDetail,
  ParsedIngredientLine,
  RecipeDetail,
  RecipeDraft,
  RecipeJsonLd,
  ShoppingItem,
} from "@potluck/contract";
import { describe, expect, it } from "vitest";
import { startBackgroundJobs } from "../src/background-jobs.js";
import { multipartBody } from "../src/http/inject-agent.js";
import { ingredientId, signedIn, TEST_PASSWORD, unitId } from "./factories.js";
import { type Agent, createTestApp } from "./helper.js";
import { finished, upload } from "./import-fixtures.js";

const { app, db } = await createTestApp();
await startBackgroundJobs(app);
const cook = await signedIn(app, db);

const ONION = await ingredientId(db, "Onion");
const BUTTER = await ingredientId(db, "Butter");
const VANILLA = await ingredientId(db, "Vanilla extract");
const SALT = await ingredientId(db, "Salt");
const PIECE = await unitId(db, "piece");
const TBSP = await unitId(db, "tbsp");
const TSP = await unitId(db, "tsp");
const TO_TASTE = await unitId(db, "to taste");

async function send(
  method: "POST" | "PUT",
  url: string,
  rows: unknown[],
  agent: Agent = cook.agent,
) {
  const { payload, contentType } = multipartBody({
    title: "Onion butter",
    content: "<p>Cook.</p>",
    recipe_ingredients: JSON.stringify(rows),
  });
  return agent.raw(method, url, payload, contentType);
}

async function create(rows: unknown[], agent: Agent = cook.agent) {
  const response = await send("POST", "/api/recipes/recipes/", rows, agent);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<RecipeDetail>();
}

/** A row as the detail gives it, by names. */
const row = (line: RecipeDetail["recipe_ingredients"][number]) => ({
  ingredient: line.ingredient?.name ?? null,
  text: line.text,
  quantity: line.quantity,
  unit: line.unit?.name ?? null,
  note: line.note,
  optional: line.optional,
});

const NOTED = [
  { ingredient_id: ONION, unit_id: PIECE, quantity: 0.5, note: "diced" },
  { ingredient_id: BUTTER, unit_id: TBSP, quantity: 0.5, note: "  melted  " },
  { ingredient_id: VANILLA, unit_id: TSP, quantity: 0.25, optional: true },
  { text: "crusty bread", note: "to serve", optional: true },
  { ingredient_id: SALT, unit_id: TO_TASTE },
];

const EXPECTED_ROWS = [
  { ingredient: "Onion", text: null, quantity: 0.5, unit: "piece", note: "diced", optional: false },
  {
    ingredient: "Butter",
    text: null,
    quantity: 0.5,
    unit: "tbsp",
    note: "melted",
    optional: false,
  },
  {
    ingredient: "Vanilla extract",
    text: null,
    quantity: 0.25,
    unit: "tsp",
    note: null,
    optional: true,
  },
  {
    ingredient: null,
    text: "crusty bread",
    quantity: null,
    unit: null,
    note: "to serve",
    optional: true,
  },
  { ingredient: "Salt", text: null, quantity: null, unit: "to taste", note: null, optional: false },
];

describe("a row's note and optional mark (issue 34 §7)", () => {
  it("round-trip through create, read and update; a client that sends neither keeps working", async () => {
    const recipe = await create(NOTED);
    expect(recipe.recipe_ingredients.map(row)).toEqual(EXPECTED_ROWS);
    const read = await cook.agent.get(`/api/recipes/recipes/${recipe.id}/`);
    expect(read.json<RecipeDetail>().recipe_ingredients.map(row)).toEqual(EXPECTED_ROWS);

    // The detail's rows sent back as they are, one note changed.
    const back = recipe.recipe_ingredients.map((line, index) => ({
      ...line,
      ingredient_id: line.ingredient?.id ?? null,
      unit_id: line.unit?.id ?? null,
      ...(index === 0 ? { note: "sliced", optional: true } : {}),
    }));
    const updated = await send("PUT", `/api/recipes/recipes/${recipe.id}/`, back);
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json<RecipeDetail>().recipe_ingredients.map(row)[0]).toMatchObject({
      note: "sliced",
      optional: true,
    });

    const plain = await create([{ ingredient_id: ONION, unit_id: PIECE, quantity: 1 }]);
    expect(plain.recipe_ingredients.map(row)).toEqual([
      { ingredient: "Onion", text: null, quantity: 1, unit: "piece", note: null, optional: false },
    ]);
  });

  it("refuses a note over 200 characters and an optional that is no boolean", async () => {
    const response = await send("POST", "/api/recipes/recipes/", [
      { ingredient_id: ONION, unit_id: PIECE, quantity: 1, note: "x".repeat(201) },
      { ingredient_id: ONION, unit_id: PIECE, quantity: 1, optional: "maybe" },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      recipe_ingredients: [
        "Row 1: note: Ensure this field has no more than 200 characters.",
        "Row 2: optional: Must be a valid boolean.",
      ],
    });
  });

  it("writes the note and mark in the JSON-LD, and an import reads them back", async () => {
    const recipe = await create(NOTED);
    const jsonLd = (
      await cook.agent.get(`/api/recipes/recipes/${recipe.id}/jsonld/`)
    ).json<RecipeJsonLd>();
    expect(jsonLd.recipeIngredient).toEqual([
      "2 onions, diced",
      "2 tbsp Butter, melted",
      "1 tsp Vanilla extract (optional)",
      "crusty bread, to serve (optional)",
      "Salt to taste",
    ]);
    const html = `<script type="application/ld+json">${JSON.stringify(jsonLd)}</script>`;
    const imported = await cook.agent.post("/api/recipes/import/", { html });
    expect(imported.statusCode, imported.body).toBe(200);
    const draft = imported.json<RecipeDraft>();
    expect(
      // A line kept as written (its ingredient then only a suggestion) is no catalogue row.
      draft.recipe_ingredients.map((line) => ({
        ingredient: line.as_written ? null : (line.ingredient?.name ?? null),
        note: line.as_written ? line.as_written.note : line.note,
        optional: line.optional,
      })),
    ).toEqual([
      { ingredient: "Onion", note: "diced", optional: false },
      { ingredient: "Butter", note: "melted", optional: false },
      { ingredient: "Vanilla extract", note: null, optional: true },
      { ingredient: null, note: null, optional: true },
      { ingredient: "Salt", note: null, optional: false },
    ]);
    expect(draft.recipe_ingredients[4]).toMatchObject({
      quantity: null,
      unit: { name: "to taste" },
    });
  });

  it("keeps them through the account export and its import by another cook", async () => {
    const alice = await signedIn(app, db);
    await create(NOTED, alice.agent);
    const exported = await alice.agent.get("/api/users/me/export/");
    expect(exported.statusCode).toBe(200);
    const bob = await signedIn(app, db);
    const started = await upload(bob.agent, exported.rawPayload, "potluck-export.zip");
    expect(started.statusCode, started.body).toBe(202);
    const result: ImportDetail = await finished(bob.agent, started.json().id);
    expect(result).toMatchObject({ status: "done", imported: 1 });
    const copy = await bob.agent.get(`/api/recipes/recipes/${result.items[0]?.recipe_id}/`);
    expect(copy.json<RecipeDetail>().recipe_ingredients.map(row)).toEqual(EXPECTED_ROWS);
  });

  it("leaves an optional row off the shopping list", async () => {
    const recipe = await create(NOTED);
    const list = await cook.agent.post("/api/groceries/lists/", { name: "Week" });
    expect(list.statusCode, list.body).toBe(201);
    const listId = list.json<{ id: number }>().id;
    const planned = await cook.agent.post("/api/groceries/planned-recipes/", {
      grocery_list_id: listId,
      recipe_id: recipe.id,
      guests: 4,
    });
    expect(planned.statusCode, planned.body).toBe(201);
    const items = (await cook.agent.get(`/api/groceries/items/?grocery_list=${listId}`)).json<
      ShoppingItem[]
    >();
    expect(
      items
        .map((item) => [item.ingredient.name, item.quantity, item.unit?.name ?? null])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    ).toEqual([
      ["Butter", 2, "tbsp"],
      ["Onion", 2, "piece"],
      // §11: a "to taste" row puts its ingredient on the list, without an amount.
      ["Salt", null, "to taste"],
    ]);
  });
});

describe("where they meet another cook's account deletion (issue 34 §3)", () => {
  it("keeps another cook's list as it was: no optional row appears, 'to taste' stays", async () => {
    const author = await signedIn(app, db);
    const recipe = await create(NOTED, author.agent);
    const list = await cook.agent.post("/api/groceries/lists/", { name: "Theirs" });
    const listId = list.json<{ id: number }>().id;
    const planned = await cook.agent.post("/api/groceries/planned-recipes/", {
      grocery_list_id: listId,
      recipe_id: recipe.id,
      guests: 4,
    });
    expect(planned.statusCode, planned.body).toBe(201);
    const lines = async () =>
      (await cook.agent.get(`/api/groceries/items/?grocery_list=${listId}`))
        .json<ShoppingItem[]>()
        .map((item) => [item.ingredient?.name ?? item.text, item.quantity, item.unit?.name ?? null])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
    const before = await lines();
    const deleted = await author.agent.request("DELETE", "/api/users/me/", {
      password: TEST_PASSWORD,
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await lines()).toEqual(before);
    // The plan became the list's extras, which its page lists.
    const extras = await cook.agent.get(`/api/groceries/planned-extras/?grocery_list=${listId}`);
    expect(extras.statusCode, extras.body).toBe(200);
  });
});

describe('"to taste" has no quantity (issue 34 §11)', () => {
  it("is accepted without one and stored without one, even when an older client sends 1", async () => {
    const recipe = await create([
      { ingredient_id: SALT, unit_id: TO_TASTE },
      { ingredient_id: SALT, unit_id: TO_TASTE, quantity: 1 },
    ]);
    expect(recipe.recipe_ingredients.map((line) => line.quantity)).toEqual([null, null]);
  });

  it("still refuses a quantity of 0 or none for any other unit", async () => {
    const response = await send("POST", "/api/recipes/recipes/", [
      { ingredient_id: ONION, unit_id: PIECE },
      { ingredient_id: ONION, unit_id: PIECE, quantity: 0 },
      { ingredient_id: SALT, unit_id: TSP, quantity: null },
    ]);
    expect(response.statusCode).toBe(400);
    const messages = response.json<{ recipe_ingredients: string[] }>().recipe_ingredients;
    expect(messages).toContain("Row 2: quantity: Ensure this value is greater than 0.");
    const missing = await send("POST", "/api/recipes/recipes/", [
      { ingredient_id: ONION, unit_id: PIECE },
      { ingredient_id: SALT, unit_id: TSP, quantity: null },
    ]);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      recipe_ingredients: [
        "Row 1: quantity: This field is required.",
        "Row 2: quantity: This field is required.",
      ],
    });
  });

  it("is parsed without a made-up 1", async () => {
    const response = await cook.agent.post("/api/ingredients/parse/", {
      lines: ["salt to taste", "Salt and pepper to taste"],
    });
    expect(response.statusCode, response.body).toBe(200);
    const [salt, both] = response.json<ParsedIngredientLine[]>();
    expect(salt).toMatchObject({
      quantity: null,
      unit: { name: "to taste" },
      ingredient: { name: "Salt" },
      as_written: null,
    });
    // Two foods are not one: kept as written, the whole line (decision 27).
    expect(both?.as_written).toEqual({
      text: "Salt and pepper to taste",
      quantity: null,
      unit: null,
      note: null,
    });
  });
});

describe("import of lines with notes (issue 34 §7)", () => {
  it("keeps what the parser did not map in the note, and '(optional)' as the mark", async () => {
    const response = await cook.agent.post("/api/ingredients/parse/", {
      lines: [
        "2 onions, diced",
        "1 (28 ounce) can crushed tomatoes",
        "2 tbsp butter, melted",
        "1 tsp vanilla (optional)",
        "2 cups mystery flour, sifted",
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const lines = response.json<ParsedIngredientLine[]>();
    expect(
      lines.map((line) => ({
        ingredient: line.as_written ? null : (line.ingredient?.name ?? null),
        quantity: line.quantity,
        unit: line.unit?.name ?? null,
        note: line.note,
        optional: line.optional,
        kept: line.as_written && { text: line.as_written.text, note: line.as_written.note },
      })),
    ).toEqual([
      {
        ingredient: "Onion",
        quantity: 2,
        unit: "piece",
        note: "diced",
        optional: false,
        kept: null,
      },
      // Crushed tomatoes are not Tomato: the catalogue's other name for them, "crushed" noted.
      {
        ingredient: "Canned tomatoes",
        quantity: 1,
        unit: "can",
        note: "28 ounce, crushed",
        optional: false,
        kept: null,
      },
      {
        ingredient: "Butter",
        quantity: 2,
        unit: "tbsp",
        note: "melted",
        optional: false,
        kept: null,
      },
      {
        ingredient: "Vanilla extract",
        quantity: 1,
        unit: "tsp",
        note: "",
        optional: true,
        kept: null,
      },
      {
        ingredient: null,
        quantity: 2,
        unit: "cup",
        note: "sifted",
        optional: false,
        kept: { text: "mystery flour", note: "sifted" },
      },
    ]);
  });
});
