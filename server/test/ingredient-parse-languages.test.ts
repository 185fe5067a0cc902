// The ingredient line parser in every shipped language, through its route (issue 37 §3): the
// `language` field, the caller's language as the default, the catalogue matched by its names in
// the line's language, free text kept as written, and an imported page read in its language.
import type { ParsedIngredientLine, RecipeDraft } from "@potluck/contract";
import { describe, expect, it } from "vitest";
import { ingredients } from "../src/db/schema.js";
import { signedIn } from "./factories.js";
import { createTestApp } from "./helper.js";

const { app, db } = await createTestApp();
const { agent } = await signedIn(app, db);

const parse = async (body: { lines: string[]; language?: string }, headers = {}) => {
  const response = await agent.post("/api/ingredients/parse/", body, { headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ParsedIngredientLine[]>();
};

// The answer names what it matched in the caller's language (a German caller reads "Ei"):
// the tests say which catalogue entry it is by its English name, a unit by its English code.
const catalogue = new Map(
  (await db.select({ id: ingredients.id, name: ingredients.name }).from(ingredients)).map((row) => [
    row.id,
    row.name,
  ]),
);
const englishName = (id: number | null | undefined) => (id == null ? null : catalogue.get(id));

/** What a cook's line reads as: its amount, the catalogue ingredient, or the words kept. */
const seen = (line: ParsedIngredientLine | undefined) => ({
  quantity: line?.quantity,
  unit: line?.unit ? (line.unit.code ?? line.unit.name) : null,
  ingredient: line?.as_written ? null : (englishName(line?.ingredient?.id) ?? null),
  kept: line?.as_written?.text ?? null,
  note: line?.note,
  optional: line?.optional,
});

describe("POST /api/ingredients/parse/ in the lines' language", () => {
  it("reads the issue's lines, each in its language", async () => {
    const cases: [string, string, ReturnType<typeof seen>][] = [
      [
        "de",
        "2 EL Olivenöl",
        {
          quantity: 2,
          unit: "tbsp",
          ingredient: "Olive oil",
          kept: null,
          note: "",
          optional: false,
        },
      ],
      [
        "de",
        "1 TL Salz",
        { quantity: 1, unit: "tsp", ingredient: "Salt", kept: null, note: "", optional: false },
      ],
      [
        "de",
        "eine Prise Salz",
        { quantity: 1, unit: "pinch", ingredient: "Salt", kept: null, note: "", optional: false },
      ],
      [
        "de",
        "1,5 kg Kartoffeln",
        { quantity: 1.5, unit: "kg", ingredient: "Potato", kept: null, note: "", optional: false },
      ],
      [
        "fr",
        "1 c. à soupe d'huile",
        {
          quantity: 1,
          unit: "tbsp",
          ingredient: "Vegetable oil",
          kept: null,
          note: "",
          optional: false,
        },
      ],
      [
        "fr",
        "2 cuillères à café de sel",
        { quantity: 2, unit: "tsp", ingredient: "Salt", kept: null, note: "", optional: false },
      ],
      [
        "fr",
        "une pincée de sel",
        { quantity: 1, unit: "pinch", ingredient: "Salt", kept: null, note: "", optional: false },
      ],
      [
        "es",
        "200 g de harina",
        {
          quantity: 200,
          unit: "g",
          ingredient: "All-purpose flour",
          kept: null,
          note: "",
          optional: false,
        },
      ],
      [
        "es",
        "una pizca de sal",
        { quantity: 1, unit: "pinch", ingredient: "Salt", kept: null, note: "", optional: false },
      ],
      [
        "it",
        "1 cucchiaio di zucchero",
        { quantity: 1, unit: "tbsp", ingredient: "Sugar", kept: null, note: "", optional: false },
      ],
      [
        "it",
        "sale q.b.",
        {
          quantity: null,
          unit: "to taste",
          ingredient: "Salt",
          kept: null,
          note: "",
          optional: false,
        },
      ],
      [
        "nl",
        "2 eetlepels bloem",
        {
          quantity: 2,
          unit: "tbsp",
          ingredient: "All-purpose flour",
          kept: null,
          note: "",
          optional: false,
        },
      ],
      [
        "pt-BR",
        "2 colheres (sopa) de azeite",
        {
          quantity: 2,
          unit: "tbsp",
          ingredient: "Olive oil",
          kept: null,
          note: "",
          optional: false,
        },
      ],
      [
        "pl",
        "2 łyżki mąki",
        {
          quantity: 2,
          unit: "tbsp",
          ingredient: "All-purpose flour",
          kept: null,
          note: "",
          optional: false,
        },
      ],
      [
        "ja",
        "大さじ2 醤油",
        {
          quantity: 2,
          unit: "tbsp",
          ingredient: "Soy sauce",
          kept: null,
          note: "",
          optional: false,
        },
      ],
      [
        "ja",
        "卵 2個",
        { quantity: 2, unit: "piece", ingredient: "Egg", kept: null, note: "", optional: false },
      ],
      [
        "ar",
        "ملعقة كبيرة زيت",
        {
          quantity: 1,
          unit: "tbsp",
          ingredient: "Vegetable oil",
          kept: null,
          note: "",
          optional: false,
        },
      ],
      [
        "ar",
        "٢ كوب دقيق",
        {
          quantity: 2,
          unit: "cup",
          ingredient: "All-purpose flour",
          kept: null,
          note: "",
          optional: false,
        },
      ],
    ];
    for (const [language, line, expected] of cases) {
      const [parsed] = await parse({ lines: [line], language });
      expect({ language, line, ...seen(parsed) }).toEqual({ language, line, ...expected });
    }
  });

  it("keeps free text as written, after its amount, in the language", async () => {
    const [de, fr, ja] = [
      ...(await parse({ lines: ["1 Prise Zauberpulver"], language: "de" })),
      ...(await parse({ lines: ["200 g de poudre magique"], language: "fr" })),
      ...(await parse({ lines: ["謎の粉 大さじ2"], language: "ja" })),
    ];
    expect(de?.as_written).toMatchObject({
      text: "Zauberpulver",
      quantity: 1,
      unit: { name: "pinch" },
    });
    expect(fr?.as_written).toMatchObject({
      text: "poudre magique",
      quantity: 200,
      unit: { name: "g" },
    });
    expect(ja?.as_written).toMatchObject({ text: "謎の粉", quantity: 2, unit: { name: "tbsp" } });
  });

  it("keeps two foods in one line as written, with the first as a suggestion", async () => {
    const [line] = await parse({ lines: ["Salz und Pfeffer nach Geschmack"], language: "de" });
    expect(line).toMatchObject({ unit: { name: "to taste" }, ingredient: { name: "Salt" } });
    expect(line?.as_written?.text).toBe("Salz und Pfeffer nach Geschmack");
  });

  it("falls back to the English names, and to the cook's own ingredients", async () => {
    const [mozzarella, english] = await parse({
      lines: ["125 g Mozzarella", "1 EL olive oil"],
      language: "de",
    });
    expect(mozzarella?.ingredient?.name).toBe("Mozzarella cheese");
    expect(english).toMatchObject({ unit: { name: "tbsp" }, ingredient: { name: "Olive oil" } });
    const own = await agent.post("/api/ingredients/ingredients/", { name: "Omas Kräutersalz" });
    expect(own.statusCode).toBe(201);
    const [line] = await parse({ lines: ["1 TL Omas Kräutersalz"], language: "de" });
    expect(line?.ingredient?.name).toBe("Omas Kräutersalz");
  });

  it("reads a line pasted in English as English when its own language names nothing", async () => {
    const [eggs, flour, salt] = await parse(
      { lines: ["2 large eggs, beaten", "1 ½ cups plain flour", "1 Prise Zauberpulver"] },
      { "accept-language": "de" },
    );
    expect(seen(eggs)).toMatchObject({ quantity: 2, unit: "piece", ingredient: "Egg" });
    expect(eggs?.note).toContain("large");
    expect(seen(flour)).toMatchObject({
      quantity: 1.5,
      unit: "cup",
      ingredient: "All-purpose flour",
    });
    // German that names nothing stays German, kept as written.
    expect(salt?.as_written).toMatchObject({ text: "Zauberpulver", unit: { code: "pinch" } });
  });

  it("reads in the caller's language without a language, and English without either", async () => {
    const [german] = await parse({ lines: ["2 EL Olivenöl"] }, { "accept-language": "de-DE" });
    expect(seen(german)).toMatchObject({ quantity: 2, unit: "tbsp", ingredient: "Olive oil" });
    // The stated language wins over the caller's.
    const [english] = await parse(
      { lines: ["2 tbsp olive oil"], language: "en" },
      { "accept-language": "de-DE" },
    );
    expect(seen(english)).toMatchObject({ quantity: 2, unit: "tbsp", ingredient: "Olive oil" });
    const [plain] = await parse({ lines: ["1,000 g flour"] });
    expect(seen(plain)).toMatchObject({
      quantity: 1000,
      unit: "g",
      ingredient: "All-purpose flour",
    });
  });

  it("refuses a language that is not one of the ten", async () => {
    for (const language of ["xx", "pt", "EN", "", 3, null]) {
      const response = await agent.post("/api/ingredients/parse/", { lines: ["1 egg"], language });
      expect(response.statusCode, String(language)).toBe(400);
      expect(Object.keys(response.json())).toEqual(["language"]);
    }
    const response = await agent.post("/api/ingredients/parse/", { lines: [], language: "xx" });
    expect(response.json()).toEqual({ language: ['"xx" is not a valid choice.'] });
  });

  it("imports a page in its language: the recipe's inLanguage, else <html lang>", async () => {
    const recipe = (inLanguage?: string) => ({
      "@context": "https://schema.org",
      "@type": "Recipe",
      name: "Kartoffelsalat",
      ...(inLanguage ? { inLanguage } : {}),
      recipeIngredient: [
        "1 kg Kartoffeln",
        "1 Zwiebel, fein gewürfelt",
        "2 EL Öl",
        "Salz nach Geschmack",
      ],
    });
    const script = (inLanguage?: string) =>
      `<script type="application/ld+json">${JSON.stringify(recipe(inLanguage))}</script>`;
    const pages = [
      `<html><head>${script("de-DE")}</head></html>`,
      `<html lang="de"><head>${script()}</head></html>`,
    ];
    for (const html of pages) {
      const response = await agent.post("/api/recipes/import/", { html });
      expect(response.statusCode, response.body).toBe(200);
      const draft = response.json<RecipeDraft>();
      // The recipe is in the page's language: the form starts there.
      expect(draft.language).toBe("de");
      expect(
        draft.recipe_ingredients.map((line) => [
          line.quantity,
          line.unit?.name ?? null,
          line.as_written ? null : (line.ingredient?.name ?? null),
          line.note,
        ]),
      ).toEqual([
        [1, "kg", "Potato", null],
        [1, "piece", "Onion", "fein gewürfelt"],
        [2, "tbsp", "Vegetable oil", null],
        [null, "to taste", "Salt", null],
      ]);
    }
    // A page in none of the ten is read in English, as before.
    const english = `<html lang="sv">${script()
      .replace("1 kg Kartoffeln", "1 kg potatoes")
      .replace("2 EL Öl", "2 tbsp oil")}</html>`;
    const draft = (await agent.post("/api/recipes/import/", { html: english })).json<RecipeDraft>();
    expect(draft.language).toBeNull();
    expect(draft.recipe_ingredients[0]).toMatchObject({
      quantity: 1,
      ingredient: { name: "Potato" },
    });
    expect(draft.recipe_ingredients[2]).toMatchObject({
      quantity: 2,
      ingredient: { name: "Vegetable oil" },
    });
  });
});
