// Bulk import through the API and the job queue, on a real database: each format we read
// (fixtures from import-fixtures.ts), what a cook sees while it runs and after, and who may
// see an import.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { startBackgroundJobs } from "../src/background-jobs.js";
import { recipes } from "../src/db/schema.js";
import { signedIn } from "./factories.js";
import { createTestApp } from "./helper.js";
import {
  finished,
  jpeg,
  paprikaArchive,
  paprikaRecipes,
  png,
  upload,
  zip,
} from "./import-fixtures.js";

const context = await createTestApp();
const { app, db } = context;
await startBackgroundJobs(app);

describe("Paprika", () => {
  it("imports a .paprikarecipes export with its pictures, yields, times, tags and notes", async () => {
    const { user, agent } = await signedIn(app, db);
    const file = await paprikaArchive(await paprikaRecipes());
    const response = await upload(agent, file, "My Recipes.paprikarecipes");
    expect(response.statusCode).toBe(202);
    const { id, status } = response.json();
    expect(status).toBe("queued");

    const result = await finished(agent, id);
    expect(result).toMatchObject({
      status: "done",
      format: "paprika",
      total: 3,
      processed: 3,
      imported: 3,
      skipped: 0,
      failed: 0,
    });
    expect(result.items.map((item) => item.title)).toEqual([
      "Crêpes Suzette",
      "Miso soup 味噌汁",
      "Grandma's flapjacks",
    ]);
    const crepesId = result.items[0]?.recipe_id as number;
    const crepes = (await agent.get(`/api/recipes/recipes/${crepesId}/`)).json();
    expect(crepes).toMatchObject({
      title: "Crêpes Suzette",
      servings: 4,
      prep_minutes: 15,
      cook_minutes: 70,
    });
    expect(crepes.tags).toEqual(["dessert", "french"]);
    expect(crepes.image).toMatch(/\.webp$/);
    expect(crepes.content).toContain("<ol><li>Whisk the flour, eggs and milk.</li>");
    expect(crepes).toMatchObject({
      notes: "Flambé with Grand Marnier.",
      source_name: "Grand-mère",
    });
    expect(crepes.content).not.toContain("Grand");

    const soup = (await agent.get(`/api/recipes/recipes/${result.items[1]?.recipe_id}/`)).json();
    expect(soup.servings).toBe(4);
    expect(soup.source_url).toBe("https://example.com/miso-soup");
    expect(soup.image).toMatch(/\.webp$/);

    const flapjacks = (
      await agent.get(`/api/recipes/recipes/${result.items[2]?.recipe_id}/`)
    ).json();
    expect(flapjacks.servings).toBe(12);
    expect(flapjacks.image).toBeNull();
    // Every line is there, matched or kept as written.
    expect(flapjacks.recipe_ingredients).toHaveLength(4);
    const [row] = await db.select().from(recipes).where(eq(recipes.authorId, user.id)).limit(1);
    expect(row).toBeDefined();
  });
});

describe("lines no ingredient matches", () => {
  it("are kept as written with their amount, per serving", async () => {
    const { agent } = await signedIn(app, db);
    const file = await paprikaArchive([
      {
        name: "Herb salad",
        servings: "2",
        ingredients: "2 handfuls of fresh herbs\n3 cups of zorblax leaves\nzest of 1 quiddity",
      },
    ]);
    const result = await finished(agent, (await upload(agent, file)).json().id);
    expect(result).toMatchObject({ status: "done", imported: 1 });
    const salad = (await agent.get(`/api/recipes/recipes/${result.items[0]?.recipe_id}/`)).json();
    expect(salad.servings).toBe(2);
    const rows = salad.recipe_ingredients.map(
      (row: {
        ingredient: unknown;
        text: string;
        quantity: number | null;
        unit: { name: string } | null;
      }) => ({
        ingredient: row.ingredient,
        text: row.text,
        quantity: row.quantity,
        unit: row.unit?.name ?? null,
      }),
    );
    // Quantities are per ONE serving: the recipe serves 2.
    expect(rows).toEqual([
      { ingredient: null, text: "fresh herbs", quantity: 1, unit: "handful" },
      { ingredient: null, text: "zorblax leaves", quantity: 1.5, unit: "cup" },
      { ingredient: null, text: "zest of 1 quiddity", quantity: null, unit: null },
    ]);
  });
});

describe("schema.org JSON-LD", () => {
  it("imports a .json array and a @graph, an .html page and a zip of both", async () => {
    const { agent } = await signedIn(app, db);
    const recipe = (name: string, extra: object = {}) => ({
      "@type": "Recipe",
      name,
      recipeIngredient: ["2 eggs", "100 g sugar"],
      recipeInstructions: [{ "@type": "HowToStep", text: "Beat." }],
      ...extra,
    });
    const array = JSON.stringify([recipe("Meringue", { recipeYield: "6" }), recipe("Pavlova")]);
    const arrayResult = await finished(agent, (await upload(agent, Buffer.from(array))).json().id);
    expect(arrayResult).toMatchObject({ status: "done", format: "jsonld", imported: 2 });

    const graph = JSON.stringify({
      "@context": "https://schema.org",
      "@graph": [
        { "@type": "WebPage", name: "x" },
        recipe("Zabaglione", { url: "https://example.com/z" }),
      ],
    });
    const html = `<html><script type="application/ld+json">${JSON.stringify(recipe("Flan"))}</script></html>`;
    const archive = await zip([
      ["graph.json", graph],
      ["pages/flan.html", html],
    ]);
    const zipResult = await finished(agent, (await upload(agent, archive)).json().id);
    expect(zipResult).toMatchObject({ status: "done", format: "jsonld", imported: 2 });
    const zabaglione = (
      await agent.get(`/api/recipes/recipes/${zipResult.items[0]?.recipe_id}/`)
    ).json();
    expect(zabaglione.source_url).toBe("https://example.com/z");
  });
});

describe("other apps' archives", () => {
  it("Nextcloud Cookbook: a folder per recipe with recipe.json and full.jpg", async () => {
    const { agent } = await signedIn(app, db);
    const recipe = (name: string, extra: object) =>
      JSON.stringify({
        name,
        recipeIngredient: ["200 g rice", "1 pinch saffron"],
        recipeInstructions: ["Toast the rice.", "Add stock slowly."],
        prepTime: "PT0H10M0S",
        cookTime: "PT0H25M0S",
        keywords: "rice,italian",
        recipeCategory: "Main",
        ...extra,
      });
    const archive = await zip([
      [
        "Risotto/recipe.json",
        recipe("Risotto alla milanese", { recipeYield: 2, url: "https://example.com/risotto" }),
      ],
      ["Risotto/full.jpg", await jpeg("#f1c40f")],
      ["Risotto/thumb.jpg", await jpeg("#f1c40f", 8, 8)],
      ["Paella/recipe.json", recipe("Paella", {})],
    ]);
    const result = await finished(agent, (await upload(agent, archive)).json().id);
    expect(result).toMatchObject({ status: "done", format: "nextcloud", imported: 2 });
    const risotto = (await agent.get(`/api/recipes/recipes/${result.items[0]?.recipe_id}/`)).json();
    expect(risotto).toMatchObject({
      servings: 2,
      prep_minutes: 10,
      cook_minutes: 25,
      source_url: "https://example.com/risotto",
    });
    expect(risotto.tags).toEqual(["italian", "main", "rice"]);
    expect(risotto.image).toMatch(/\.webp$/);
  });

  it("Mealie: the current layout and the 2021 one", async () => {
    const { agent } = await signedIn(app, db);
    const current = {
      name: "Shakshuka",
      recipeServings: 3,
      recipeIngredient: [
        { note: "", quantity: 4, unit: null, food: { name: "eggs" }, originalText: "4 eggs" },
        { display: "1 tin chopped tomatoes" },
      ],
      recipeInstructions: [{ text: "Simmer the sauce." }, { text: "Crack in the eggs." }],
      tags: [{ name: "Brunch" }],
      recipeCategory: [{ name: "Breakfast" }],
      prepTime: "10 minutes",
      performTime: "1 Hour 5 Minutes",
      orgURL: "https://example.com/shakshuka",
      notes: [{ title: "Tip", text: "Serve with bread." }],
    };
    const old = {
      name: "Old-school scones",
      recipeYield: "8 scones",
      recipeIngredient: ["225 g self-raising flour", "55 g butter", "150 ml milk"],
      recipeInstructions: [{ text: "Rub in the butter." }, { text: "Bake 12 minutes." }],
      tags: ["baking"],
    };
    const currentZip = await zip([
      ["recipes/shakshuka/shakshuka.json", JSON.stringify(current)],
      ["recipes/shakshuka/images/original.webp", await png("#c0392b")],
      ["recipes/shakshuka/images/min-original.webp", await png("#c0392b", 4, 4)],
    ]);
    const oldZip = await zip([
      ["recipes/old-school-scones.json", JSON.stringify(old)],
      ["images/old-school-scones.jpg", await jpeg("#d35400")],
    ]);
    const first = await finished(agent, (await upload(agent, currentZip)).json().id);
    expect(first).toMatchObject({ status: "done", format: "mealie", imported: 1 });
    const shakshuka = (
      await agent.get(`/api/recipes/recipes/${first.items[0]?.recipe_id}/`)
    ).json();
    expect(shakshuka).toMatchObject({ servings: 3, prep_minutes: 10, cook_minutes: 65 });
    expect(shakshuka.tags).toEqual(["breakfast", "brunch"]);
    expect(shakshuka.notes).toBe("Tip: Serve with bread.");
    expect(shakshuka.content).not.toContain("Notes");
    expect(shakshuka.image).toMatch(/\.webp$/);
    const second = await finished(agent, (await upload(agent, oldZip)).json().id);
    expect(second).toMatchObject({ status: "done", format: "mealie", imported: 1 });
    const scones = (await agent.get(`/api/recipes/recipes/${second.items[0]?.recipe_id}/`)).json();
    expect(scones.servings).toBe(8);
    expect(scones.image).toMatch(/\.webp$/);
  });

  it("Tandoor: a zip of per-recipe zips", async () => {
    const { agent } = await signedIn(app, db);
    const tandoor = (name: string) => ({
      name,
      description: "Weeknight favourite",
      servings: 4,
      working_time: 15,
      waiting_time: 30,
      keywords: [{ name: "veggie" }],
      source_url: null,
      steps: [
        {
          name: "",
          instruction: "Chop everything.\nRoast for 30 minutes.",
          ingredients: [
            {
              food: { name: "carrots" },
              unit: { name: "g" },
              amount: 500,
              note: "",
              is_header: false,
              no_amount: false,
            },
            { food: { name: "Vegetables" }, unit: null, amount: 0, is_header: true },
            { food: { name: "salt" }, unit: null, amount: 0, note: "to taste", no_amount: true },
          ],
        },
      ],
    });
    const archive = await zip([
      [
        "1.zip",
        await zip([
          ["recipe.json", JSON.stringify(tandoor("Roast carrots"))],
          ["image.png", await png("#e74c3c")],
        ]),
      ],
      ["2.zip", await zip([["recipe.json", JSON.stringify(tandoor("Ratatouille"))]])],
      ["3.zip", Buffer.from("not a zip at all")],
    ]);
    const result = await finished(agent, (await upload(agent, archive)).json().id);
    expect(result).toMatchObject({ status: "done", format: "tandoor", imported: 2, failed: 1 });
    const carrots = (await agent.get(`/api/recipes/recipes/${result.items[0]?.recipe_id}/`)).json();
    expect(carrots).toMatchObject({ servings: 4, prep_minutes: 15, cook_minutes: 30 });
    expect(carrots.recipe_ingredients).toHaveLength(2);
    expect(carrots.image).toMatch(/\.webp$/);
  });
});

// Last: it stops this file's own job worker.
describe("running as a job", () => {
  it("carries on after a restart in the middle, importing nothing twice", async () => {
    // A process of its own, stopped half-way; a second one on the same database finishes.
    const first = await createTestApp({ sameDatabaseAs: context });
    // One machine: the same data directory, where the upload waits.
    const second = await createTestApp({
      sameDatabaseAs: context,
      env: { DATA_DIR: first.config.dataDir },
    });
    // Only the first works jobs at first: this file's app must not take the import.
    await app.jobs.stop();
    await startBackgroundJobs(first.app);
    const { user, agent } = await signedIn(first.app, db);
    const many = Array.from({ length: 60 }, (_, index) => ({
      name: `Soup number ${index}`,
      ingredients: "1 l water\n2 carrots",
      directions: "Boil.",
    }));
    const { id } = (await upload(agent, await paprikaArchive(many))).json();
    for (;;) {
      const { processed } = (await agent.get(`/api/imports/${id}/`)).json();
      if (processed >= 5) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await first.app.jobs.stop();
    const halfway = (await agent.get(`/api/imports/${id}/`)).json();
    expect(halfway.status).toBe("running");
    expect(halfway.processed).toBeLessThan(60);

    await startBackgroundJobs(second.app);
    const result = await finished(agent, id, 60_000);
    expect(result).toMatchObject({ status: "done", total: 60, processed: 60, imported: 60 });
    expect(new Set(result.items.map((item) => item.position)).size).toBe(60);
    const titles = (
      await db.select({ title: recipes.title }).from(recipes).where(eq(recipes.authorId, user.id))
    ).map((row) => row.title);
    expect(titles).toHaveLength(60);
    expect(new Set(titles).size).toBe(60);
  }, 90_000);
});
