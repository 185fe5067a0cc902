// What real exports showed (issue 35 §1): a zip made on a Mac, Mealie's pre-1.0 export, a
// line the catalogue matches only in part, and what Paprika says beside the recipe (its
// rating, notes and source). Fixtures built here in the formats' shapes (import-fixtures.ts).
import type { ImportDetail } from "@potluck/contract";
import { describe, expect, it } from "vitest";
import { startBackgroundJobs } from "../src/background-jobs.js";
import { NOTHING_FOUND } from "../src/imports/save.js";
import { signedIn } from "./factories.js";
import { createTestApp } from "./helper.js";
import {
  asZippedOnAMac,
  finished,
  paprikaArchive,
  paprikaEntry,
  upload,
  zip,
} from "./import-fixtures.js";

const context = await createTestApp();
const { app, db } = context;
await startBackgroundJobs(app);

interface Row {
  ingredient: { name: string } | null;
  text: string | null;
  quantity: number | null;
  unit: { name: string } | null;
}
const rowsOf = (recipe: { recipe_ingredients: Row[] }) =>
  recipe.recipe_ingredients.map((row) => ({
    ingredient: row.ingredient?.name ?? null,
    text: row.text,
    quantity: row.quantity,
    unit: row.unit?.name ?? null,
  }));

const counts = (result: ImportDetail) => ({
  status: result.status,
  total: result.total,
  processed: result.processed,
  imported: result.imported,
  failed: result.failed,
});

describe("a zip made on a Mac", () => {
  it("Paprika: __MACOSX/._*, .DS_Store and Thumbs.db are no recipes, and not counted", async () => {
    const { agent } = await signedIn(app, db);
    const recipes = ["Zucchinipuffer", "Apfelstrudel"].map((name): [string, Buffer] => [
      `${name}.paprikarecipe`,
      paprikaEntry({ name, ingredients: "2 eggs\n100 g flour", directions: "Mix. Fry." }),
    ]);
    const file = await zip(asZippedOnAMac("My Recipes", recipes));
    const result = await finished(agent, (await upload(agent, file)).json().id);
    expect(counts(result)).toEqual({
      status: "done",
      total: 2,
      processed: 2,
      imported: 2,
      failed: 0,
    });
    expect(result.items.map((item) => item.title)).toEqual(["Zucchinipuffer", "Apfelstrudel"]);
  });

  it("Tandoor, a zip of zips: the resource forks of its zips are skipped too", async () => {
    const { agent } = await signedIn(app, db);
    const recipe = async (name: string) =>
      zip([["recipe.json", JSON.stringify({ name, steps: [{ instruction: "Stir." }] })]]);
    const file = await zip(
      asZippedOnAMac("export", [
        ["1.zip", await recipe("Goulash")],
        ["2.zip", await recipe("Borscht")],
      ]),
    );
    const result = await finished(agent, (await upload(agent, file)).json().id);
    expect(result.format).toBe("tandoor");
    expect(counts(result)).toEqual({
      status: "done",
      total: 2,
      processed: 2,
      imported: 2,
      failed: 0,
    });
  });
});

describe("Mealie before 1.0", () => {
  it("reads its snake_case recipe: lines, steps, tags, yield, times, address and notes", async () => {
    const { agent } = await signedIn(app, db);
    // As Mealie v0.5 writes recipes/<slug>/<slug>.json.
    const recipe = {
      name: "Beef Stew",
      slug: "beef-stew",
      description: "Slow and rich.",
      recipe_yield: "6 servings",
      recipe_ingredient: [
        {
          title: null,
          note: "1 kg stewing beef",
          unit: null,
          food: null,
          disable_amount: true,
          quantity: 1,
        },
        {
          title: null,
          note: "3 carrots, sliced",
          unit: null,
          food: null,
          disable_amount: true,
          quantity: 1,
        },
        {
          title: null,
          note: "chopped",
          unit: { name: "g" },
          food: { name: "onion" },
          disable_amount: false,
          quantity: 200,
        },
      ],
      recipe_instructions: [
        { title: "", text: "Brown the beef." },
        { title: "", text: "Simmer 2 hours." },
      ],
      recipe_category: ["Dinner"],
      tags: ["Winter", "Comfort"],
      total_time: "2 Hours 30 Minutes",
      prep_time: "20 Minutes",
      perform_time: "2 Hours 10 Minutes",
      org_url: "https://example.com/beef-stew",
      notes: [{ title: "Freezing", text: "Keeps three months." }],
      rating: 4,
    };
    const file = await zip([["recipes/beef-stew/beef-stew.json", JSON.stringify(recipe)]]);
    const result = await finished(agent, (await upload(agent, file)).json().id);
    expect(result).toMatchObject({ status: "done", format: "mealie", imported: 1 });
    expect(result.items[0]?.reason).toBeUndefined();
    const stew = (await agent.get(`/api/recipes/recipes/${result.items[0]?.recipe_id}/`)).json();
    expect(stew).toMatchObject({
      servings: 6,
      prep_minutes: 20,
      cook_minutes: 130,
      source_url: "https://example.com/beef-stew",
    });
    expect(stew.tags).toEqual(["comfort", "dinner", "winter"]);
    expect(stew.content).toContain("<ol><li>Brown the beef.</li><li>Simmer 2 hours.</li></ol>");
    // Its notes are the recipe's notes, not a section of the steps.
    expect(stew.notes).toBe("Freezing: Keeps three months.");
    expect(stew.content).not.toContain("Freezing");
    expect(rowsOf(stew).map((row) => row.ingredient ?? row.text)).toEqual([
      "Stewing beef",
      "Carrot",
      "Onion",
    ]);
  });

  it("a recipe with no ingredients and no steps is imported with a warning, in every format", async () => {
    const { agent } = await signedIn(app, db);
    const file = await zip([
      ["recipes/empty/empty.json", JSON.stringify({ name: "Just a title", recipeIngredient: [] })],
      [
        "recipes/full/full.json",
        JSON.stringify({
          name: "Toast",
          recipeIngredient: ["2 slices bread"],
          recipeInstructions: [{ text: "Toast." }],
        }),
      ],
    ]);
    const result = await finished(agent, (await upload(agent, file)).json().id);
    expect(result).toMatchObject({ status: "done", imported: 2, failed: 0 });
    expect(result.items.map(({ title, status, reason }) => ({ title, status, reason }))).toEqual([
      { title: "Just a title", status: "imported", reason: NOTHING_FOUND },
      { title: "Toast", status: "imported", reason: undefined },
    ]);
    expect(NOTHING_FOUND).toBe("No ingredients or steps were found in the file.");

    // A schema.org page with no lines either: the same warning.
    const page = JSON.stringify({ "@type": "Recipe", name: "Empty page recipe" });
    const single = await finished(agent, (await upload(agent, Buffer.from(page))).json().id);
    expect(single.items[0]).toMatchObject({ status: "imported", reason: NOTHING_FOUND });
  });
});

describe("a line the catalogue matches only in part", () => {
  it("Tandoor's '(907 g) beef stew meat' keeps its words, with its amount", async () => {
    const { agent } = await signedIn(app, db);
    const recipe = {
      name: "Stew for two",
      servings: 2,
      steps: [
        {
          instruction: "Brown, then simmer.",
          ingredients: [
            {
              food: { name: "(907 g) beef stew meat" },
              unit: { name: "lb" },
              amount: 2,
              note: "",
              is_header: false,
              no_amount: false,
            },
            {
              food: { name: "carrots" },
              unit: { name: "g" },
              amount: 300,
              note: "",
              is_header: false,
              no_amount: false,
            },
          ],
        },
      ],
    };
    const file = await zip([["1.zip", await zip([["recipe.json", JSON.stringify(recipe)]])]]);
    const result = await finished(agent, (await upload(agent, file)).json().id);
    expect(result).toMatchObject({ status: "done", format: "tandoor", imported: 1 });
    const stew = (await agent.get(`/api/recipes/recipes/${result.items[0]?.recipe_id}/`)).json();
    // Per ONE serving: the recipe serves 2.
    expect(rowsOf(stew)).toEqual([
      { ingredient: null, text: "(907 g) beef stew meat", quantity: 1, unit: "lb" },
      { ingredient: "Carrot", text: null, quantity: 150, unit: "g" },
    ]);
  });

  it("pasted lines: the same rule, the matched ingredient kept as the suggestion", async () => {
    const { agent } = await signedIn(app, db);
    const response = await agent.post("/api/ingredients/parse/", {
      lines: ["2 lb beef stew meat", "2 lb beef", "1 cup chopped fresh parsley"],
    });
    expect(response.statusCode).toBe(200);
    const [stew, beef, parsley] = response.json();
    expect(stew).toMatchObject({
      ingredient: { name: "Beef" },
      as_written: { text: "beef stew meat", quantity: 2, unit: { name: "lb" } },
    });
    // All the words named: a catalogue row, as before.
    expect(beef).toMatchObject({ ingredient: { name: "Beef" }, as_written: null });
    expect(parsley).toMatchObject({ ingredient: { name: "Parsley" }, as_written: null });
  });
});

describe("what Paprika says beside the recipe", () => {
  it("its rating becomes the importer's; its notes and source go to the recipe's, not its steps", async () => {
    const { user, agent } = await signedIn(app, db);
    const file = await paprikaArchive([
      {
        name: "Nonna's ragù",
        ingredients: "500 g minced beef\n1 onion",
        directions: "Brown.\nSimmer.",
        notes: "Better the next day.",
        source: "Nonna",
        rating: 4,
      },
      {
        name: "Focaccia",
        ingredients: "500 g bread flour",
        directions: "Knead.",
        source: "https://example.com/focaccia",
        rating: 0,
      },
    ]);
    const result = await finished(agent, (await upload(agent, file)).json().id);
    expect(result).toMatchObject({ status: "done", imported: 2 });
    const ragu = (await agent.get(`/api/recipes/recipes/${result.items[0]?.recipe_id}/`)).json();
    // Four of five stars: 8 of Potluck's 10 half stars, shown as 4.
    expect(ragu).toMatchObject({
      average_rating: 4,
      rating_count: 1,
      source_url: null,
      source_name: "Nonna",
      notes: "Better the next day.",
    });
    const ratings = (
      await agent.get(`/api/recipes/ratings/?recipe=${result.items[0]?.recipe_id}`)
    ).json();
    expect(ratings).toMatchObject([{ rating: 8, comment: "", author_username: user.username }]);
    // The steps are the steps alone: no notes, no "Source: Nonna".
    expect(ragu.content).toBe("<ol><li>Brown.</li><li>Simmer.</li></ol>");
    const focaccia = (
      await agent.get(`/api/recipes/recipes/${result.items[1]?.recipe_id}/`)
    ).json();
    expect(focaccia).toMatchObject({
      average_rating: 0,
      rating_count: 0,
      source_url: "https://example.com/focaccia",
      // An address is the source's address, not its name.
      source_name: null,
      notes: null,
    });
    expect(focaccia.content).not.toContain("Notes");
  });
});
