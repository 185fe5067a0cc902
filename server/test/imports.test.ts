// Bulk import through the API and the job queue, on a real database: each format we read
// (fixtures from import-fixtures.ts), what a cook sees while it runs and after, and who may
// see an import.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { startBackgroundJobs } from "../src/background-jobs.js";
import { recipes } from "../src/db/schema.js";
import { signedIn } from "./factories.js";
import { createTestApp } from "./helper.js";
import { finished, paprikaArchive, paprikaRecipes, upload } from "./import-fixtures.js";

const { app, db } = await createTestApp();
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
