// A recipe's own servings (issue 22, item 4): the submission takes them (1–100, 4 when
// absent), quantities stay per ONE serving, detail and list items carry them, the JSON-LD
// export is written for them, and import keeps a page's yield so its quantities read as written.
import {
  FORM_SERVINGS,
  quantityForGuests,
  type RecipeDetail,
  type RecipeDraft,
  type RecipeListResponse,
} from "@potluck/contract";
import { describe, expect, it } from "vitest";
import { type MultipartParts, multipartBody } from "../src/http/inject-agent.js";
import { ingredientId, signedIn, unitId } from "./factories.js";
import { createTestApp } from "./helper.js";
import { startImportSite } from "./import-server.js";

const site = await startImportSite();
const { app, db } = await createTestApp({
  env: { IMPORT_ALLOW_PRIVATE_HOSTS: "true", IMPORTS_PER_USER_PER_HOUR: "1000" },
});
const { agent } = await signedIn(app, db);

const egg = await ingredientId(db, "Egg");
const butter = await ingredientId(db, "Unsalted butter");
const grams = await unitId(db, "g");
const piece = await unitId(db, "piece");

interface Row {
  ingredient_id: number;
  quantity: number;
  unit_id: number;
}

function submit(
  method: "POST" | "PUT",
  url: string,
  fields: Record<string, string | undefined>,
  rows: Row[] = [],
) {
  const parts: MultipartParts = { title: "Lemon drizzle", content: "<p>Bake.</p>" };
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) parts[name] = value;
  parts.recipe_ingredients = JSON.stringify(rows);
  const body = multipartBody(parts);
  return agent.raw(method, url, body.payload, body.contentType);
}
const create = (fields: Record<string, string | undefined>, rows?: Row[]) =>
  submit("POST", "/api/recipes/recipes/", fields, rows);
const detail = async (id: number) =>
  (await agent.get(`/api/recipes/recipes/${id}/`)).json<RecipeDetail>();

/** What the cook wrote for `servings`: 225 g butter and 4 eggs for 8. */
const written = [
  { ingredient_id: butter, quantity: 225, unit_id: grams },
  { ingredient_id: egg, quantity: 4, unit_id: piece },
];
/** The submission's rows: per ONE serving, as the form sends them (typed ÷ servings). */
const perServing = (rows: Row[], servings: number) =>
  rows.map((row) => ({ ...row, quantity: row.quantity / servings }));
/** The lines as the recipe page shows them for `guests`. */
const shown = (recipe: RecipeDetail, guests: number) =>
  recipe.recipe_ingredients.map((line) =>
    quantityForGuests(line.quantity ?? 0, line.unit?.name ?? "", guests, recipe.servings),
  );

describe("a recipe's servings", () => {
  it("keeps servings 8 and the quantities as written for 8", async () => {
    const response = await create({ servings: "8" }, perServing(written, 8));
    expect(response.statusCode, response.body).toBe(201);
    const recipe = await detail(response.json<RecipeDetail>().id);
    expect(recipe.servings).toBe(8);
    // Stored per one serving, shown for the recipe's 8 as the cook wrote them.
    expect(recipe.recipe_ingredients.map((line) => line.quantity)).toEqual([28.125, 0.5]);
    expect(shown(recipe, recipe.servings)).toEqual([225, 4]);
    expect(shown(recipe, 4)).toEqual([112.5, 2]);
  });

  it("is 4 when the submission does not say, and on list items too", async () => {
    const response = await create({ title: "Servings default" }, perServing(written, 4));
    expect(response.statusCode, response.body).toBe(201);
    const { id, servings } = response.json<RecipeDetail>();
    expect(servings).toBe(4);
    expect((await detail(id)).servings).toBe(4);
    const mine = (await agent.get("/api/recipes/recipes/?mine=true")).json<RecipeListResponse>();
    expect(mine.results.find((item) => item.id === id)?.servings).toBe(4);
    const eight = (await create({ title: "Servings eight", servings: "8" })).json<RecipeDetail>();
    const found = (
      await agent.get("/api/recipes/recipes/?search=servings%20eight")
    ).json<RecipeListResponse>();
    expect(found.results.find((item) => item.id === eight.id)?.servings).toBe(8);
  });

  it("refuses servings outside 1–100 or not whole with a field error (400)", async () => {
    for (const [value, message] of [
      ["0", "Ensure this value is greater than or equal to 1."],
      ["101", "Ensure this value is less than or equal to 100."],
      ["2.5", "A valid integer is required."],
      ["six", "A valid integer is required."],
    ] as const) {
      const response = await create({ servings: value });
      expect(response.statusCode, value).toBe(400);
      expect(response.json(), value).toEqual({ servings: [message] });
    }
    expect((await create({ title: "Servings edge", servings: "100" })).statusCode).toBe(201);
    expect((await create({ title: "Servings edge", servings: "1" })).statusCode).toBe(201);
  });

  it("changes on update, and an update without servings keeps them", async () => {
    const { id } = (await create({ servings: "6" })).json<RecipeDetail>();
    const url = `/api/recipes/recipes/${id}/`;
    expect((await submit("PUT", url, { title: "Kept" })).statusCode).toBe(200);
    expect((await detail(id)).servings).toBe(6);
    expect((await submit("PUT", url, { servings: "2" })).statusCode).toBe(200);
    expect((await detail(id)).servings).toBe(2);
    const bad = await submit("PUT", url, { servings: "0" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty("servings");
  });

  it("exports JSON-LD for its servings", async () => {
    const { id } = (await create({ servings: "8" }, perServing(written, 8))).json<RecipeDetail>();
    const ld = (await agent.get(`/api/recipes/recipes/${id}/jsonld/`)).json();
    expect(ld.recipeYield).toBe("8 servings");
    expect(ld.recipeIngredient).toEqual(["225 g Unsalted butter", "4 eggs"]);
  });
});

describe("import keeps the page's yield", () => {
  /** A draft line's quantity: for the servings the draft states, as the page wrote it. */
  const forServings = (draft: RecipeDraft, index: number) =>
    draft.recipe_ingredients[index]?.quantity;

  it("imports a page for 8 slices as servings 8 with its quantities as written", async () => {
    const response = await agent.post("/api/recipes/import/", {
      url: `${site}/pages/03-type-array.html`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const draft = response.json<RecipeDraft>();
    expect(draft.servings).toBe(8);
    // "225g unsalted butter", "4 eggs": for the page's 8, as written.
    expect(forServings(draft, 0)).toBe(225);
    expect(forServings(draft, 2)).toBe(4);

    // Saved as the form saves it, the recipe page opens at 8 with the page's quantities.
    const rows = draft.recipe_ingredients.flatMap((line) =>
      line.ingredient && line.unit && line.quantity
        ? [
            {
              ingredient_id: line.ingredient.id,
              unit_id: line.unit.id,
              quantity: line.quantity / (draft.servings ?? FORM_SERVINGS),
            },
          ]
        : [],
    );
    const saved = await create({ title: draft.title, servings: String(draft.servings) }, rows);
    expect(saved.statusCode, saved.body).toBe(201);
    const recipe = await detail(saved.json<RecipeDetail>().id);
    expect(recipe.servings).toBe(8);
    expect(shown(recipe, recipe.servings).slice(0, 3)).toEqual([225, 225, 4]);
  });

  it("keeps the description as the instructions' first paragraph", async () => {
    const html = `<html><head><script type="application/ld+json">${JSON.stringify({
      "@context": "https://schema.org",
      "@type": "Recipe",
      name: "Victoria sponge",
      description: "A light sponge <b>for tea</b> & birthdays.",
      recipeYield: "Serves 8",
      recipeIngredient: ["225 g butter", "4 eggs"],
      recipeInstructions: [{ "@type": "HowToStep", text: "Beat." }, "Bake."],
    })}</script></head><body></body></html>`;
    const response = await agent.post("/api/recipes/import/", { html });
    expect(response.statusCode, response.body).toBe(200);
    const draft = response.json<RecipeDraft>();
    expect(draft.content).toBe(
      "<p>A light sponge for tea &amp; birthdays.</p><ol><li>Beat.</li><li>Bake.</li></ol>",
    );
    expect(draft.servings).toBe(8);
    expect(forServings(draft, 0)).toBe(225);
  });
});
