// Bulk import through the API and the job queue, on a real database: each format we read
// (fixtures from import-fixtures.ts), what a cook sees while it runs and after, and who may
// see an import.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { startBackgroundJobs } from "../src/background-jobs.js";
import { recipes } from "../src/db/schema.js";
import { signedIn } from "./factories.js";
import { createTestApp } from "./helper.js";
import { finished, paprikaArchive, paprikaRecipes, upload, zip } from "./import-fixtures.js";

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
    expect(crepes.content).toContain("<h2>Notes</h2><p>Flambé with Grand Marnier.</p>");
    expect(crepes.content).toContain("Source: Grand-mère");

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
