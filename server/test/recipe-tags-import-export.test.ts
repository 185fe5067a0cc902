// Tags, times and source through import and the JSON-LD export (issue 23 §2): import keeps a
// page's keywords and recipeCategory as tags, prepTime/cookTime/totalTime as minutes (a lone
// totalTime as cook_minutes) and the page's address as source_url; the export writes them
// back (keywords, prepTime, cookTime, totalTime, isBasedOn), and a round trip keeps them.
import type { RecipeDetail, RecipeDraft, RecipeJsonLd } from "@potluck/contract";
import { describe, expect, it } from "vitest";
import { multipartBody } from "../src/http/inject-agent.js";
import { durationMinutes } from "../src/recipes/import/find-recipe.js";
import { isoDuration } from "../src/recipes/jsonld.js";
import { signedIn } from "./factories.js";
import { createTestApp } from "./helper.js";

const { app, db } = await createTestApp({ env: { IMPORTS_PER_USER_PER_HOUR: "1000" } });
const { agent } = await signedIn(app, db);

const page = (recipe: object) =>
  `<!doctype html><html><head><script type="application/ld+json">${JSON.stringify({
    "@context": "https://schema.org",
    "@type": "Recipe",
    name: "Weeknight dal",
    recipeIngredient: ["200 g red lentils"],
    recipeInstructions: [{ "@type": "HowToStep", text: "Simmer." }],
    ...recipe,
  })}</script></head><body></body></html>`;

async function importPage(recipe: object, url?: string): Promise<RecipeDraft> {
  const response = await agent.post("/api/recipes/import/", { html: page(recipe), url });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<RecipeDraft>();
}

describe("ISO 8601 durations", () => {
  it("reads hours, minutes, days and seconds, and writes them back", () => {
    expect(durationMinutes("PT1H30M")).toBe(90);
    expect(durationMinutes("PT45M")).toBe(45);
    expect(durationMinutes("P0DT2H")).toBe(120);
    expect(durationMinutes("P1D")).toBe(1440);
    expect(durationMinutes("PT1.5H")).toBe(90);
    expect(durationMinutes("PT90S")).toBe(2);
    expect(durationMinutes("pt20m")).toBe(20);
    for (const bad of ["", "PT", "P", "20 minutes", "PT-5M", "1H"]) {
      expect(durationMinutes(bad), bad).toBeNull();
    }
    for (const minutes of [0, 5, 45, 60, 90, 125, 10080]) {
      expect(durationMinutes(isoDuration(minutes))).toBe(minutes);
    }
    expect(isoDuration(90)).toBe("PT1H30M");
    expect(isoDuration(120)).toBe("PT2H");
    expect(isoDuration(0)).toBe("PT0M");
  });
});

describe("import", () => {
  it("keeps keywords and categories as tags, times as minutes, the address as source", async () => {
    const draft = await importPage(
      {
        keywords: "Vegan, quick , weeknight,vegan",
        recipeCategory: ["Main course", "Dinner"],
        prepTime: "PT10M",
        cookTime: "PT1H5M",
        totalTime: "PT1H15M",
      },
      "https://example.com/dal",
    );
    expect(draft).toMatchObject({
      tags: ["vegan", "quick", "weeknight", "main course", "dinner"],
      prep_minutes: 10,
      cook_minutes: 65,
      source_url: "https://example.com/dal",
    });
  });

  it("takes a lone totalTime as the cooking time, and the rest of it for a missing one", async () => {
    expect(await importPage({ totalTime: "PT40M" })).toMatchObject({
      prep_minutes: null,
      cook_minutes: 40,
    });
    expect(await importPage({ prepTime: "PT15M", totalTime: "PT40M" })).toMatchObject({
      prep_minutes: 15,
      cook_minutes: 25,
    });
    expect(await importPage({ cookTime: "PT30M", totalTime: "PT30M" })).toMatchObject({
      prep_minutes: null,
      cook_minutes: 30,
    });
    expect(await importPage({})).toMatchObject({
      tags: [],
      prep_minutes: null,
      cook_minutes: null,
      source_url: null,
    });
  });

  it("drops tags it could not save and times out of range", async () => {
    const draft = await importPage({
      keywords: ["x".repeat(31), ...Array.from({ length: 25 }, (_, i) => `k${i}`)],
      prepTime: "P8D",
      cookTime: "soon",
    });
    expect(draft.tags).toEqual(Array.from({ length: 20 }, (_, i) => `k${i}`));
    expect(draft).toMatchObject({ prep_minutes: null, cook_minutes: null });
  });
});

describe("export and round trip", () => {
  it("writes keywords, times and the source, and imports back to the same fields", async () => {
    const { payload, contentType } = multipartBody({
      title: "Weeknight dal",
      content: "<ol><li>Simmer.</li></ol>",
      tags: '["dinner", "vegan"]',
      prep_minutes: "10",
      cook_minutes: "80",
      source_url: "https://example.com/dal",
    });
    const created = await agent.raw("POST", "/api/recipes/recipes/", payload, contentType);
    expect(created.statusCode, created.body).toBe(201);
    const recipe = created.json<RecipeDetail>();
    const jsonLd = (
      await agent.get(`/api/recipes/recipes/${recipe.id}/jsonld/`)
    ).json<RecipeJsonLd>();
    expect(jsonLd).toMatchObject({
      keywords: "dinner, vegan",
      prepTime: "PT10M",
      cookTime: "PT1H20M",
      totalTime: "PT1H30M",
      isBasedOn: "https://example.com/dal",
    });
    const html = `<script type="application/ld+json">${JSON.stringify(jsonLd)}</script>`;
    const draft = (await agent.post("/api/recipes/import/", { html })).json<RecipeDraft>();
    expect(draft).toMatchObject({ tags: ["dinner", "vegan"], prep_minutes: 10, cook_minutes: 80 });
  });

  it("leaves out what the recipe does not say", async () => {
    const { payload, contentType } = multipartBody({ title: "Bare", content: "<p>Eat.</p>" });
    const recipe = (
      await agent.raw("POST", "/api/recipes/recipes/", payload, contentType)
    ).json<RecipeDetail>();
    const jsonLd = (
      await agent.get(`/api/recipes/recipes/${recipe.id}/jsonld/`)
    ).json<RecipeJsonLd>();
    for (const key of ["keywords", "prepTime", "cookTime", "totalTime", "isBasedOn"]) {
      expect(jsonLd, key).not.toHaveProperty(key);
    }
  });
});
