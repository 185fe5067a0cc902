// Issue 25 §3: a cook's export (GET /api/users/me/export/) imported by ANOTHER cook through
// POST /api/imports/ gives back the same recipes, field by field: title, content, tags, times,
// source, visibility, servings, ingredient rows (catalogue and kept as written), pictures, and
// the collections with the same recipes in them.
import type { ImportDetail, RecipeDetail } from "@potluck/contract";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { startBackgroundJobs } from "../src/background-jobs.js";
import { collectionRecipes, collections } from "../src/db/schema.js";
import { multipartBody } from "../src/http/inject-agent.js";
import { ingredientId, signedIn, unitId } from "./factories.js";
import { type Agent, createTestApp } from "./helper.js";
import { finished, upload } from "./import-fixtures.js";

const { app, db } = await createTestApp();
await startBackgroundJobs(app);

const jpeg = (color: string) =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: color } })
    .jpeg()
    .toBuffer();

async function createRecipe(agent: Agent, fields: Record<string, string>, picture?: string) {
  const { payload, contentType } = multipartBody({
    ...fields,
    ...(picture
      ? { image: { filename: "p.jpg", contentType: "image/jpeg", data: await jpeg(picture) } }
      : {}),
  });
  const response = await agent.raw("POST", "/api/recipes/recipes/", payload, contentType);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<RecipeDetail>();
}

async function collect(agent: Agent, name: string, recipeIds: number[]) {
  const created = await agent.post("/api/recipes/collections/", { name });
  expect(created.statusCode, created.body).toBe(201);
  const { id } = created.json<{ id: number }>();
  for (const recipeId of recipeIds) {
    const put = await agent.put(`/api/recipes/collections/${id}/recipes/${recipeId}/`);
    expect(put.statusCode, put.body).toBe(204);
  }
}

/** The cook's collections: each name with the titles of its recipes. */
async function collectionsOf(userId: number) {
  const rows = await db
    .select({ name: collections.name, recipeId: collectionRecipes.recipeId })
    .from(collections)
    .leftJoin(collectionRecipes, eq(collectionRecipes.collectionId, collections.id))
    .where(eq(collections.ownerId, userId));
  const byName = new Map<string, number[]>();
  for (const row of rows) {
    byName.set(row.name, [
      ...(byName.get(row.name) ?? []),
      ...(row.recipeId === null ? [] : [row.recipeId]),
    ]);
  }
  return byName;
}

/** What a recipe is, without what names the site or the moment it was made. */
function comparable(detail: RecipeDetail) {
  return {
    title: detail.title,
    content: detail.content,
    tags: [...detail.tags].sort(),
    prep_minutes: detail.prep_minutes,
    cook_minutes: detail.cook_minutes,
    source_url: detail.source_url,
    source_name: detail.source_name,
    notes: detail.notes,
    visibility: detail.visibility,
    language: detail.language,
    servings: detail.servings,
    ingredients: detail.recipe_ingredients.map((row) => ({
      ingredient: row.ingredient?.name ?? null,
      text: row.text ?? null,
      quantity: row.quantity,
      unit: row.unit?.name ?? null,
    })),
    has_image: detail.image !== null,
  };
}

async function pictureOf(agent: Agent, detail: RecipeDetail) {
  expect(detail.image).not.toBeNull();
  const response = await agent.get(new URL(detail.image as string, "http://x").pathname);
  expect(response.statusCode).toBe(200);
  return sharp(response.rawPayload).metadata();
}

describe("export, then import as another cook", () => {
  it("restores every recipe and collection field by field", async () => {
    const alice = await signedIn(app, db);
    const onion = await ingredientId(db, "Onion");
    const lentil = await ingredientId(db, "Red lentil");
    const piece = await unitId(db, "piece");
    const gram = await unitId(db, "g");
    const cup = await unitId(db, "cup");
    const soup = await createRecipe(
      alice.agent,
      {
        title: "Lentil & Tomato Soup",
        content:
          "<h2>Base</h2><ol><li>Soften the onion.</li><li>Simmer <strong>20</strong> minutes.</li></ol><p>Serve hot.</p>",
        servings: "6",
        visibility: "followers",
        tags: JSON.stringify(["soup", "winter"]),
        prep_minutes: "15",
        cook_minutes: "40",
        source_url: "https://example.com/soup",
        source_name: "Nonna",
        notes: "Better the next day.\n\nFreezes well.",
        recipe_ingredients: JSON.stringify([
          { ingredient_id: onion, unit_id: piece, quantity: 0.25 },
          { ingredient_id: lentil, unit_id: gram, quantity: 50 },
          { text: "fresh herbs", quantity: 0.5, unit_id: cup },
          { text: "zorblax fruit", quantity: 2 },
          { text: "a pinch of something secret" },
        ]),
      },
      "#884422",
    );
    const rice = await createRecipe(alice.agent, {
      title: "Plain rice",
      content: "<p>Boil it.</p>",
      visibility: "public",
      language: "it",
      recipe_ingredients: JSON.stringify([]),
    });
    const secret = await createRecipe(
      alice.agent,
      {
        title: "Grandma's secret stew",
        content: "<ol><li>Stew.</li></ol>",
        servings: "2",
        visibility: "private",
        tags: JSON.stringify(["family"]),
        cook_minutes: "180",
        recipe_ingredients: JSON.stringify([{ ingredient_id: onion, unit_id: piece, quantity: 1 }]),
      },
      "#2266aa",
    );
    await collect(alice.agent, "Weeknight", [soup.id, rice.id]);
    await collect(alice.agent, "Family favourites", [secret.id]);

    const exported = await alice.agent.get("/api/users/me/export/");
    expect(exported.statusCode).toBe(200);

    const bob = await signedIn(app, db);
    const started = await upload(bob.agent, exported.rawPayload, "potluck-export.zip");
    expect(started.statusCode, started.body).toBe(202);
    const result: ImportDetail = await finished(bob.agent, started.json().id);
    expect(result).toMatchObject({
      status: "done",
      format: "potluck",
      total: 3,
      imported: 3,
      skipped: 0,
      failed: 0,
    });
    expect(result.items.every((item) => item.reason === undefined)).toBe(true);
    // The notes and source name are kept as the recipe's (issue 35 §1), not added to its steps.
    const soupId = result.items.find((item) => item.title === soup.title)?.recipe_id;
    expect((await bob.agent.get(`/api/recipes/recipes/${soupId}/`)).json()).toMatchObject({
      notes: "Better the next day.\n\nFreezes well.",
      source_name: "Nonna",
      content: soup.content,
    });

    const originals = [soup, rice, secret];
    const byTitle = new Map(result.items.map((item) => [item.title, item.recipe_id as number]));
    const copyOf = new Map<number, number>();
    for (const original of originals) {
      const copyId = byTitle.get(original.title);
      expect(copyId, original.title).toBeTypeOf("number");
      copyOf.set(original.id, copyId as number);
      const before = (
        await alice.agent.get(`/api/recipes/recipes/${original.id}/`)
      ).json<RecipeDetail>();
      const after = (await bob.agent.get(`/api/recipes/recipes/${copyId}/`)).json<RecipeDetail>();
      expect(after.author_username).not.toBe(before.author_username);
      expect(comparable(after)).toEqual(comparable(before));
      if (before.image) {
        const [was, is] = [await pictureOf(alice.agent, before), await pictureOf(bob.agent, after)];
        expect({ width: is.width, height: is.height }).toEqual({
          width: was.width,
          height: was.height,
        });
      }
    }
    // The kept-as-written rows came back as written, amounts and all.
    const soupCopy = (
      await bob.agent.get(`/api/recipes/recipes/${copyOf.get(soup.id)}/`)
    ).json<RecipeDetail>();
    expect(comparable(soupCopy).ingredients).toEqual([
      { ingredient: "Onion", text: null, quantity: 0.25, unit: "piece" },
      { ingredient: "Red lentil", text: null, quantity: 50, unit: "g" },
      { ingredient: null, text: "fresh herbs", quantity: 0.5, unit: "cup" },
      { ingredient: null, text: "zorblax fruit", quantity: 2, unit: null },
      { ingredient: null, text: "a pinch of something secret", quantity: null, unit: null },
    ]);

    const mapped = (byName: Map<string, number[]>, map: (id: number) => number | undefined) =>
      Object.fromEntries(
        [...byName].map(([name, ids]) => [name, ids.map(map).sort((a, b) => (a ?? 0) - (b ?? 0))]),
      );
    expect(mapped(await collectionsOf(bob.user.id), (id) => id)).toEqual(
      mapped(await collectionsOf(alice.user.id), (id) => copyOf.get(id)),
    );
  });

  it("restores empty collections and other cooks' recipes the importer may read", async () => {
    const carol = await signedIn(app, db);
    const open = await createRecipe(carol.agent, {
      title: "Carol's open sandwich",
      visibility: "public",
      content: "<p>Make it.</p>",
      recipe_ingredients: JSON.stringify([]),
    });
    const forFollowers = await createRecipe(carol.agent, {
      title: "Carol's followers' pie",
      visibility: "followers",
      content: "<p>Make it.</p>",
      recipe_ingredients: JSON.stringify([]),
    });
    const alice = await signedIn(app, db);
    const follow = await alice.agent.post(`/api/users/${carol.user.id}/follow/`);
    expect(follow.statusCode, follow.body).toBeLessThan(300);
    const own = await createRecipe(alice.agent, {
      title: "Alice's toast",
      visibility: "public",
      content: "<p>Make it.</p>",
      recipe_ingredients: JSON.stringify([]),
    });
    await collect(alice.agent, "Someday", []);
    await collect(alice.agent, "Carol's best", [open.id, forFollowers.id, own.id]);
    const exported = (await alice.agent.get("/api/users/me/export/")).rawPayload;

    // Bob doesn't follow Carol: her followers-only pie is not his to keep.
    const bob = await signedIn(app, db);
    const first = await finished(bob.agent, (await upload(bob.agent, exported)).json().id);
    expect(first).toMatchObject({ status: "done", imported: 1 });
    const toastCopy = first.items[0]?.recipe_id as number;
    const expected = { Someday: [], "Carol's best": [open.id, toastCopy].sort((a, b) => a - b) };
    const sorted = (byName: Map<string, number[]>) =>
      Object.fromEntries([...byName].map(([name, ids]) => [name, ids.sort((a, b) => a - b)]));
    expect(sorted(await collectionsOf(bob.user.id))).toEqual(expected);

    // The same file again: the toast is already there, and nothing is doubled.
    const again = await finished(bob.agent, (await upload(bob.agent, exported)).json().id);
    expect(again).toMatchObject({ status: "done", imported: 0, skipped: 1 });
    expect(sorted(await collectionsOf(bob.user.id))).toEqual(expected);
  });
});
