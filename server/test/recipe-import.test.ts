// POST /api/recipes/import/ over real HTTP against a local site of fixture pages
// (test/fixtures/import/), with IMPORT_ALLOW_PRIVATE_HOSTS on: every structure the importer
// reads, and the limits. The SSRF refusals (flag off) are in recipe-import-ssrf.test.ts.
import type { RecipeDetail, RecipeDraft } from "@potluck/contract";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { Agent, multipartBody } from "../src/http/inject-agent.js";
import { USER_AGENT } from "../src/recipes/import/fetch-page.js";
import { signedIn } from "./factories.js";
import { createTestApp } from "./helper.js";
import { fixture, fixtureNames, lastUserAgent, startImportSite } from "./import-server.js";

const site = await startImportSite();
const { app, db } = await createTestApp({
  env: {
    IMPORT_ALLOW_PRIVATE_HOSTS: "true",
    IMPORT_FETCH_TIMEOUT_MS: "1500",
    IMPORTS_PER_USER_PER_HOUR: "1000",
  },
});
const { agent } = await signedIn(app, db);

interface Expected {
  title: string;
  servings: number | null;
  /** An absolute URL, a path on the test site, or null. */
  image: string | null;
  steps: number;
  sections?: string[];
  ingredients: number;
  /** One line checked in full: its index, quantity (for `servings`, as written), unit, ingredient. */
  line?: [number, number | null, string | null, string | null];
}

const EXPECTED: Record<string, Expected> = {
  "01-plain-jsonld.html": {
    title: "Simple Pancakes",
    servings: 4,
    image: "https://images.example.com/pancakes.jpg",
    steps: 3,
    ingredients: 7,
    line: [0, 1.5, "cup", "All-purpose flour"],
  },
  "02-graph-yoast.html": {
    title: "Chicken Tikka Masala",
    servings: 6,
    image: "https://spice.example/wp-content/uploads/tikka.jpg",
    steps: 4,
    ingredients: 11,
    line: [0, 600, "g", "Chicken thigh"],
  },
  "03-type-array.html": {
    title: "Lemon Drizzle Cake",
    servings: 8,
    image: "https://cdn.example.com/lemon-1x1.jpg",
    steps: 4,
    ingredients: 7,
    line: [0, 225, "g", "Unsalted butter"],
  },
  "04-howtosection.html": {
    title: "Homemade Pizza",
    servings: 2,
    image: "https://pizza.example/margherita.jpg",
    steps: 5,
    sections: ["Dough", "Topping and baking"],
    ingredients: 8,
    line: [0, 500, "g", "Tipo 00 flour"],
  },
  "05-microdata.html": {
    title: "Grandma's Beef Stew",
    servings: 8,
    image: "/photos/beef-stew.jpg",
    steps: 3,
    ingredients: 7,
    line: [0, 1, "kg", "Stewing beef"],
  },
  "06-several-recipes.html": {
    title: "Classic Hummus",
    servings: 4,
    image: null,
    steps: 2,
    ingredients: 4,
    line: [0, 1, "can", "Chickpea"],
  },
  "07-broken-then-good.html": {
    title: "Banana Bread",
    servings: 1,
    image: "https://bake.example/banana.jpg",
    steps: 3,
    ingredients: 8,
    line: [0, 3, "piece", "Banana"],
  },
  "08-missing-yield.html": {
    title: "Garlic Butter Prawns",
    servings: null,
    image: "https://sea.example/prawns.jpg",
    steps: 3,
    ingredients: 5,
    line: [0, 400, "g", "Prawn"],
  },
  "09-missing-image.html": {
    title: "Overnight Oats",
    servings: 2,
    image: null,
    steps: 2,
    ingredients: 6,
    line: [0, 1, "cup", "Rolled oats"],
  },
  "10-entities.html": {
    title: "Mac & Cheese with Jalapeños",
    servings: 4,
    image: "https://comfort.example/mac&cheese.jpg",
    steps: 3,
    ingredients: 7,
    line: [5, 1, "piece", "Jalapeño"],
  },
  "11-instructions-string.html": {
    title: "Guacamole",
    servings: 4,
    image: "https://mex.example/guac.jpg",
    steps: 3,
    ingredients: 6,
    line: [0, 3, "piece", "Avocado"],
  },
  "12-instructions-html-string.html": {
    title: "Crispy Roast Potatoes",
    servings: 6,
    image: null,
    steps: 3,
    ingredients: 4,
    line: [0, 1.5, "kg", "Potato"],
  },
  "13-serves-text.html": {
    title: "Shakshuka",
    servings: 6,
    image: "https://brunch.example/shakshuka.jpg",
    steps: 3,
    ingredients: 9,
    line: [7, 6, "piece", "Egg"],
  },
  "14-makes-cookies.html": {
    title: "Chocolate Chip Cookies",
    servings: 12,
    image: "https://cookie.example/ccc.jpg",
    steps: 3,
    ingredients: 8,
    line: [0, 1, "cup", "Unsalted butter"],
  },
  "15-webpage-mainentity.html": {
    title: "Miso Soup",
    servings: 4,
    image: "https://tokyo.example/miso.jpg",
    steps: 3,
    ingredients: 5,
    line: [1, 3, "tbsp", "White miso"],
  },
  "16-schema-uri-type.html": {
    title: "Vegetable Soup",
    servings: 4,
    image: null,
    steps: 2,
    ingredients: 6,
    line: [5, 1, "can", "Chopped tomatoes"],
  },
  "17-relative-image.html": {
    title: "Rosemary Focaccia",
    servings: 12,
    image: "/media/focaccia-wide.jpg",
    steps: 3,
    ingredients: 7,
  },
  "18-cdata-wrapped.html": {
    title: "Peach Iced Tea",
    servings: 4,
    image: null,
    steps: 2,
    ingredients: 4,
    line: [3, 0.25, "cup", "Honey"],
  },
  "19-microdata-nested-steps.html": {
    title: "Apple Crumble",
    servings: 6,
    image: "https://crumble.example/apple.jpg",
    steps: 3,
    ingredients: 6,
  },
  "20-top-level-array.html": {
    title: "Egg Fried Rice",
    servings: 2,
    image: "https://wok.example/rice.jpg",
    steps: 3,
    ingredients: 7,
    line: [1, 2, "piece", "Egg"],
  },
  "21-yield-number.html": {
    title: "Pan-Seared Steak",
    servings: 2,
    image: "https://grill.example/steak.jpg",
    steps: 3,
    ingredients: 6,
    line: [5, null, "to taste", "Salt"],
  },
  "22-old-ingredients-property.html": {
    title: "Old Fashioned Scones",
    servings: 8,
    image: null,
    steps: 2,
    ingredients: 5,
  },
  "24-html-in-ingredients.html": {
    title: "Fudgy Brownies",
    servings: 16,
    image: null,
    steps: 3,
    ingredients: 7,
    line: [6, 1.5, "tsp", "Vanilla extract"],
  },
  "25-steps-and-sections-mixed.html": {
    title: "Beef Tacos",
    servings: 4,
    image: "https://taco.example/tacos.jpg",
    steps: 4,
    sections: ["Filling", "To serve"],
    ingredients: 7,
  },
  "26-broken-jsonld-with-microdata.html": {
    title: "Pesto Pasta",
    servings: 4,
    image: null,
    steps: 2,
    ingredients: 4,
    line: [0, 400, "g", "Spaghetti"],
  },
  "27-itemlist-instructions.html": {
    title: "Proper Hot Chocolate",
    servings: 1,
    image: null,
    steps: 2,
    ingredients: 4,
    line: [0, 1, "cup", "Whole milk"],
  },
  "28-ld-after-body-content.html": {
    title: "Ratatouille",
    servings: 4,
    image: "https://summer.example/ratatouille.jpg",
    steps: 2,
    ingredients: 8,
    line: [0, 1, "piece", "Eggplant"],
  },
};
const NO_RECIPE = ["23-no-recipe.html"];

const importUrl = (url: string, by = agent) => by.post("/api/recipes/import/", { url });

function checkDraft(draft: RecipeDraft, expected: Expected) {
  expect(draft.title).toBe(expected.title);
  expect(draft.servings).toBe(expected.servings);
  const image = expected.image?.startsWith("/") ? `${site}${expected.image}` : expected.image;
  expect(draft.image_url).toBe(image);
  expect(draft.content.match(/<li>/g)?.length ?? 0).toBe(expected.steps);
  const headings = [...draft.content.matchAll(/<h2>(.*?)<\/h2>/g)].map((m) => m[1]);
  expect(headings).toEqual(expected.sections ?? []);
  if (!expected.sections) expect(draft.content).toMatch(/^<ol><li>/);
  expect(draft.recipe_ingredients).toHaveLength(expected.ingredients);
  if (expected.line) {
    const [index, quantity, unit, ingredient] = expected.line;
    const line = draft.recipe_ingredients[index];
    expect(line?.quantity).toBe(quantity);
    expect(line?.unit?.name ?? null).toBe(unit);
    expect(line?.ingredient?.name ?? null).toBe(ingredient);
  }
}

describe("import from a link", () => {
  it("has a page for every structure listed, at least 25", () => {
    expect(fixtureNames.length).toBeGreaterThanOrEqual(25);
    expect([...Object.keys(EXPECTED), ...NO_RECIPE].sort()).toEqual([...fixtureNames].sort());
  });

  for (const [name, expected] of Object.entries(EXPECTED)) {
    it(`reads ${name}`, async () => {
      const response = await importUrl(`${site}/pages/${name}`);
      expect(response.statusCode, response.body).toBe(200);
      const draft = response.json<RecipeDraft>();
      checkDraft(draft, expected);
      expect(draft.source_url).toBe(`${site}/pages/${name}`);
    });
  }

  it("decodes HTML entities in names, steps and lines", async () => {
    const draft = (await importUrl(`${site}/pages/10-entities.html`)).json<RecipeDraft>();
    expect(draft.content).toContain("<li>Cook the macaroni &amp; drain.</li>");
    expect(draft.content).toContain("It's done!");
    expect(draft.recipe_ingredients[5]?.original).toBe("1 jalapeño, finely chopped");
    expect(draft.recipe_ingredients[6]).toMatchObject({
      original: "½ tsp mustard powder",
      quantity: 0.5,
      unit: { name: "tsp" },
      ingredient: { name: "Mustard powder" },
    });
  });

  it("keeps the draft's lines in the issue's shape", async () => {
    const draft = (await importUrl(`${site}/pages/01-plain-jsonld.html`)).json<RecipeDraft>();
    expect(Object.keys(draft).sort()).toEqual(
      [
        "content",
        "cook_minutes",
        "image_url",
        // Issue 37 §3: the page's language when it is one of ours.
        "language",
        "prep_minutes",
        "recipe_ingredients",
        "servings",
        // Issue 38 §2: the page's published nutrition, or null.
        "source_nutrition",
        "source_url",
        "tags",
        "title",
      ].sort(),
    );
    expect(Object.keys(draft.recipe_ingredients[0] ?? {}).sort()).toEqual(
      // Issue 34 §7: and the line's note and optional mark.
      ["as_written", "ingredient", "note", "optional", "original", "quantity", "unit"].sort(),
    );
  });

  it("says who it is", async () => {
    await importUrl(`${site}/pages/01-plain-jsonld.html`);
    expect(lastUserAgent).toBe(USER_AGENT);
    expect(USER_AGENT).toMatch(/^Potluck/);
  });

  it("follows up to 5 redirects and reports the final address", async () => {
    const response = await importUrl(`${site}/hops/4`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<RecipeDraft>().source_url).toBe(`${site}/pages/${fixtureNames[0]}`);
    const tooMany = await importUrl(`${site}/hops/5`);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().detail).toMatch(/redirects/);
  });

  it("answers 400 with a detail for a page without a recipe, a 404 or no server", async () => {
    for (const url of [
      `${site}/pages/23-no-recipe.html`,
      `${site}/missing`,
      "http://127.0.0.1:1/",
      "not a url",
      "ftp://example.com/recipe",
    ]) {
      const response = await importUrl(url);
      expect(response.statusCode, url).toBe(400);
      expect(typeof response.json().detail, url).toBe("string");
    }
  });

  it("stops a page over 5 MB and one slower than the timeout (400)", async () => {
    const big = await importUrl(`${site}/big`);
    expect(big.statusCode).toBe(400);
    expect(big.json().detail).toMatch(/too large/);
    const started = Date.now();
    const slow = await importUrl(`${site}/slow`);
    expect(slow.statusCode).toBe(400);
    expect(slow.json().detail).toMatch(/longer than/);
    expect(Date.now() - started).toBeLessThan(5000);
  });
});

describe("import from pasted HTML", () => {
  it("gives the same draft as the link, with the url given as its source", async () => {
    for (const [name, expected] of Object.entries(EXPECTED)) {
      const url = `${site}/pages/${name}`;
      const response = await agent.post("/api/recipes/import/", { html: fixture(name), url });
      expect(response.statusCode, name).toBe(200);
      checkDraft(response.json<RecipeDraft>(), expected);
      expect(response.json<RecipeDraft>().source_url).toBe(url);
    }
  });

  it("has no source without a url", async () => {
    const response = await agent.post("/api/recipes/import/", {
      html: fixture("09-missing-image.html"),
    });
    expect(response.json<RecipeDraft>().source_url).toBeNull();
  });

  it("carries the page's published nutrition, as the source's, to the saved recipe", async () => {
    const page = {
      "@context": "https://schema.org",
      "@type": "Recipe",
      name: "Flapjacks",
      recipeIngredient: ["100 g rolled oats"],
      recipeInstructions: [{ "@type": "HowToStep", text: "Bake." }],
      nutrition: {
        "@type": "NutritionInformation",
        calories: "1046 kJ",
        fatContent: "9,5 g",
        saturatedFatContent: "4 g",
        sugarContent: "12 g",
        sodiumContent: "120 mg",
        proteinContent: "3 grams",
        servingSize: "1 bar",
      },
    };
    const html = `<script type="application/ld+json">${JSON.stringify(page)}</script>`;
    const draft = (await agent.post("/api/recipes/import/", { html })).json<RecipeDraft>();
    // 1046 kJ is 250 kcal; 120 mg sodium is 0.3 g salt; what the page leaves out is null.
    const expected = {
      energy_kcal: 250,
      protein_g: 3,
      fat_g: 9.5,
      saturated_fat_g: 4,
      carbohydrate_g: null,
      sugars_g: 12,
      fibre_g: null,
      salt_g: 0.3,
      serving_size: "1 bar",
    };
    expect(draft.source_nutrition).toEqual(expected);
    const { payload, contentType } = multipartBody({
      title: "Flapjacks",
      content: "<p>Bake.</p>",
      source_nutrition: JSON.stringify(draft.source_nutrition),
    });
    const created = await agent.raw("POST", "/api/recipes/recipes/", payload, contentType);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json<RecipeDetail>().source_nutrition).toEqual(expected);

    // Something that is no nutrition is refused, and nothing is saved.
    const bad = multipartBody({
      title: "Flapjacks",
      content: "<p>Bake.</p>",
      source_nutrition: '{"energy_kcal": "lots"}',
    });
    const refused = await agent.raw("POST", "/api/recipes/recipes/", bad.payload, bad.contentType);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ source_nutrition: ["Not valid nutrition information."] });
  });

  it("keeps the lines no ingredient matched as written, and they save as such", async () => {
    const page = {
      "@context": "https://schema.org",
      "@type": "Recipe",
      name: "Herb Salad",
      recipeYield: "2 servings",
      recipeIngredient: [
        "2 cups plain flour",
        "a handful of zorblax leaves",
        "1 (400 g) can quiddity beans",
        "zorblax and quiddity",
      ],
      recipeInstructions: [{ "@type": "HowToStep", text: "Toss." }],
    };
    const html = `<script type="application/ld+json">${JSON.stringify(page)}</script>`;
    const response = await agent.post("/api/recipes/import/", { html });
    expect(response.statusCode, response.body).toBe(200);
    const lines = response.json<RecipeDraft>().recipe_ingredients;
    expect(lines.map((line) => [line.ingredient?.name ?? null, line.as_written])).toEqual([
      ["All-purpose flour", null],
      // For the 2 servings the draft states: the handful is 1, as the page wrote it.
      [
        null,
        {
          text: "zorblax leaves",
          quantity: 1,
          unit: expect.objectContaining({ name: "handful" }),
          note: null,
        },
      ],
      // Splitting its amount off would lose the 400 g: kept whole.
      [null, { text: "1 (400 g) can quiddity beans", quantity: null, unit: null, note: null }],
      [null, { text: "zorblax and quiddity", quantity: null, unit: null, note: null }],
    ]);

    // The form sends them back as rows kept as written (quantities per ONE serving: ÷ 2).
    const rows = lines.flatMap((line) =>
      line.as_written === null
        ? []
        : [
            {
              text: line.as_written.text,
              ...(line.as_written.quantity === null
                ? {}
                : { quantity: line.as_written.quantity / 2, unit_id: line.as_written.unit?.id }),
            },
          ],
    );
    const { payload, contentType } = multipartBody({
      title: "Herb Salad",
      content: "<p>Toss.</p>",
      recipe_ingredients: JSON.stringify(rows),
    });
    const created = await agent.raw("POST", "/api/recipes/recipes/", payload, contentType);
    expect(created.statusCode, created.body).toBe(201);
    expect(
      created
        .json<RecipeDetail>()
        .recipe_ingredients.map((row) => [
          row.ingredient,
          row.text,
          row.quantity,
          row.unit?.name ?? null,
        ]),
    ).toEqual([
      [null, "zorblax leaves", 0.5, "handful"],
      [null, "1 (400 g) can quiddity beans", null, null],
      [null, "zorblax and quiddity", null, null],
    ]);
  });

  it("refuses a page over 5 MB with 400, never 413", async () => {
    const padding = "x".repeat(5 * 1024 * 1024);
    const over = await agent.post("/api/recipes/import/", { html: `<p>${padding}</p>` });
    expect(over.statusCode).toBe(400);
    expect(over.json().detail).toMatch(/too large/);
    const farOver = await agent.post("/api/recipes/import/", { html: padding.repeat(3) });
    expect(farOver.statusCode).toBe(400);
    expect(farOver.json().detail).toMatch(/too large/);
  });

  it("answers 400 for a page without a recipe, and for bad input", async () => {
    const none = await agent.post("/api/recipes/import/", { html: "<p>Hello</p>" });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ detail: "No recipe was found on this page." });
    expect((await agent.post("/api/recipes/import/", {})).statusCode).toBe(400);
    const badUrl = await agent.post("/api/recipes/import/", { html: "<p/>", url: "javascript:1" });
    expect(badUrl.statusCode).toBe(400);
    const deep = `<script type="application/ld+json">${"[".repeat(200_000)}${"]".repeat(200_000)}</script>`;
    expect((await agent.post("/api/recipes/import/", { html: deep })).statusCode).toBe(400);
  });
});

describe("access and limits", () => {
  it("answers 401 when not signed in", async () => {
    const response = await new Agent(app).post("/api/recipes/import/", {
      url: `${site}/pages/01-plain-jsonld.html`,
    });
    expect(response.statusCode).toBe(401);
  });

  it("limits imports per user per hour (IMPORTS_PER_USER_PER_HOUR)", async () => {
    const limited = await createTestApp({ env: { IMPORTS_PER_USER_PER_HOUR: "2" } });
    const cook = await signedIn(limited.app, limited.db);
    const html = fixture("01-plain-jsonld.html");
    for (let i = 0; i < 2; i += 1) {
      expect((await cook.agent.post("/api/recipes/import/", { html })).statusCode).toBe(200);
    }
    const third = await cook.agent.post("/api/recipes/import/", { html });
    expect(third.statusCode).toBe(429);
    const other = await signedIn(limited.app, limited.db);
    expect((await other.agent.post("/api/recipes/import/", { html })).statusCode).toBe(200);
  });
});

describe("image_url on recipe create", () => {
  const createWith = (fields: Record<string, string>) => {
    const { payload, contentType } = multipartBody({
      title: "Tomato toast",
      content: "<p>Toast, tomato.</p>",
      ...fields,
    });
    return agent.raw("POST", "/api/recipes/recipes/", payload, contentType);
  };

  it("fetches the picture and stores it re-encoded, as an upload", async () => {
    const response = await createWith({ image_url: `${site}/picture.png` });
    expect(response.statusCode, response.body).toBe(201);
    const recipe = response.json<RecipeDetail>();
    expect(recipe.image).toMatch(/^\/media\/recipes\/.+\.webp$/);
    const file = await app.inject({ url: recipe.image ?? "" });
    expect(file.statusCode).toBe(200);
    const metadata = await sharp(file.rawPayload).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(["webp", 64, 48]);
    const exported = await agent.get(`/api/recipes/recipes/${recipe.id}/jsonld/`);
    expect(exported.json().image).toBe(`http://localhost${recipe.image}`);
  });

  it("takes the uploaded file when both come", async () => {
    const { payload, contentType } = multipartBody({
      title: "Both",
      content: "<p>x</p>",
      image_url: `${site}/not-a-picture.png`,
      image: { filename: "p.png", contentType: "image/png", data: await pngBytes() },
    });
    const response = await agent.raw("POST", "/api/recipes/recipes/", payload, contentType);
    expect(response.statusCode, response.body).toBe(201);
  });

  it("answers 400 on an image_url that is no web address, and saves nothing", async () => {
    const before = (await agent.get("/api/recipes/recipes/?mine=true&limit=100")).json().results
      .length;
    for (const url of ["not a url", "file:///etc/passwd"]) {
      const response = await createWith({ image_url: url });
      expect(response.statusCode, url).toBe(400);
      expect(Object.keys(response.json()), url).toEqual(["image_url"]);
      expect(response.json().image_url[0], url).toMatch(/valid http or https URL/);
    }
    const after = (await agent.get("/api/recipes/recipes/?mine=true&limit=100")).json().results
      .length;
    expect(after).toBe(before);
  });

  it("saves the recipe without a picture it can't fetch or use, and says so (issue 34 §8)", async () => {
    const cases: [string, RegExp][] = [
      [`${site}/not-a-picture.png`, /valid image/],
      [`${site}/missing.png`, /could not be fetched/],
    ];
    for (const [url, reason] of cases) {
      const response = await createWith({ image_url: url });
      expect(response.statusCode, response.body).toBe(201);
      const saved = response.json<RecipeDetail & { image_warning?: string }>();
      expect(saved.image, url).toBeNull();
      expect(saved.image_warning, url).toMatch(/^The recipe was saved without its picture: /);
      expect(saved.image_warning, url).toMatch(reason);
      // The recipe is there, whole.
      const read = await agent.get(`/api/recipes/recipes/${saved.id}/`);
      expect(read.json()).toMatchObject({ title: "Tomato toast", image: null });
      expect(read.json().image_warning).toBeUndefined();
    }
    // An edit that names such a picture keeps the recipe's own.
    const withPicture = (
      await createWith({ image_url: `${site}/picture.png` })
    ).json<RecipeDetail>();
    const { payload, contentType } = multipartBody({
      title: "Tomato toast, again",
      content: "<p>Toast.</p>",
      image_url: `${site}/missing.png`,
    });
    const edited = await agent.raw(
      "PUT",
      `/api/recipes/recipes/${withPicture.id}/`,
      payload,
      contentType,
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ title: "Tomato toast, again", image: withPicture.image });
    expect(edited.json().image_warning).toMatch(/could not be fetched/);
  });
});

async function pngBytes(): Promise<Buffer> {
  return sharp({ create: { width: 8, height: 8, channels: 3, background: "#fff" } })
    .png()
    .toBuffer();
}
