// GET /api/users/me/export/ (issue 25 §3): the zip's entries, each recipe's JSON-LD and
// Potluck fields against the API's own answers, pictures byte for byte from each storage,
// potluck.json, nothing of other cooks' that the cook may not read, and a download that is
// streamed as it is read rather than built in memory first.
import http from "node:http";
import type { Readable } from "node:stream";
import {
  type AccountExport,
  accountExport,
  type ExportedRecipe,
  exportedRecipe,
  type RecipeDetail,
} from "@potluck/contract";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import yauzl from "yauzl";
import { SESSION_COOKIE } from "../src/auth/sessions.js";
import { multipartBody } from "../src/http/inject-agent.js";
import { storeImage } from "../src/media/images.js";
import { buildRecipe, ingredientId, signedIn, unitId } from "./factories.js";
import { type Agent, createTestApp, type TestContext } from "./helper.js";
import { startTestBucket } from "./s3-server.js";
import { closeListening } from "./sse.js";

const bucket = await startTestBucket();
const disk = await createTestApp();
const inBucket = await createTestApp({ env: bucket.env });
const base = await disk.app.listen({ port: 0, host: "127.0.0.1" });
afterAll(() => closeListening(disk.app));

type Response = { statusCode: number; body: string };
async function ok(response: Promise<Response>) {
  const done = await response;
  expect(done.statusCode, done.body).toBeLessThan(300);
  return (done.body ? JSON.parse(done.body) : {}) as { id: number } & Record<string, unknown>;
}

/** The files of a zip, by name; fails on a broken archive. */
function readZip(data: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(data, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const files = new Map<string, Buffer>();
      zip.on("entry", (entry: yauzl.Entry) => {
        zip.openReadStream(entry, async (streamError, stream) => {
          if (streamError || !stream) return reject(streamError);
          const chunks: Buffer[] = [];
          for await (const chunk of stream) chunks.push(chunk as Buffer);
          files.set(entry.fileName, Buffer.concat(chunks));
          zip.readEntry();
        });
      });
      zip.on("end", () => resolve(files));
      zip.on("error", reject);
      zip.readEntry();
    });
  });
}

async function exportOf(agent: Agent) {
  const response = await agent.get("/api/users/me/export/");
  expect(response.statusCode, response.body).toBe(200);
  return { response, files: await readZip(response.rawPayload) };
}

const jsonOf = <T>(files: Map<string, Buffer>, name: string): T => {
  const file = files.get(name);
  if (!file) throw new Error(`${name} is not in the archive: ${[...files.keys()].join(", ")}`);
  return JSON.parse(file.toString("utf8")) as T;
};

const jpeg = (color: string) =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: color } })
    .jpeg()
    .toBuffer();

async function createRecipe(
  { db }: TestContext,
  agent: Agent,
  fields: Record<string, string>,
  picture = true,
) {
  const { payload, contentType } = multipartBody({
    content: "<h2>Base</h2><ol><li>Soften the onion.</li><li>Simmer 20 minutes.</li></ol>",
    recipe_ingredients: JSON.stringify([
      {
        ingredient_id: await ingredientId(db, "Onion"),
        unit_id: await unitId(db, "piece"),
        quantity: 0.25,
      },
      {
        ingredient_id: await ingredientId(db, "Red lentil"),
        unit_id: await unitId(db, "g"),
        quantity: 50,
      },
    ]),
    ...fields,
    ...(picture
      ? { image: { filename: "p.jpg", contentType: "image/jpeg", data: await jpeg("#884422") } }
      : {}),
  });
  const response = await agent.raw("POST", "/api/recipes/recipes/", payload, contentType);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<RecipeDetail>();
}

describe.each([
  { storage: "the local disk", context: disk },
  { storage: "a bucket", context: inBucket },
])("the export's recipes and pictures, on $storage", ({ context }) => {
  const { app, db } = context;

  it("holds potluck.json, each recipe as JSON-LD with Potluck's fields, and its picture", async () => {
    const { user, agent } = await signedIn(app, db);
    const soup = await createRecipe(context, agent, {
      title: "Lentil & Tomato Soup",
      servings: "6",
      visibility: "followers",
      tags: JSON.stringify(["soup", "winter"]),
      prep_minutes: "15",
      cook_minutes: "40",
      source_url: "https://example.com/soup",
      source_name: "Nonna",
      notes: "Better the next day.",
    });
    const plain = await createRecipe(context, agent, { title: "Plain rice" }, false);
    // A line kept as written (issue 25 §1), with no amount.
    await db.execute(sql`insert into recipe_ingredients (recipe_id, text, position)
      values (${soup.id}, 'a handful of fresh herbs', 5)`);
    const other = await signedIn(app, db);
    await createRecipe(context, other.agent, { title: "Not mine" });

    const { response, files } = await exportOf(agent);
    expect(response.headers["content-type"]).toBe("application/zip");
    const today = new Date().toISOString().slice(0, 10);
    expect(response.headers["content-disposition"]).toContain(
      `attachment; filename="potluck-export-${user.username}-${today}.zip"`,
    );
    expect(response.headers["cache-control"]).toBe("no-store");
    expect([...files.keys()].sort()).toEqual(
      [
        "potluck.json",
        `recipes/${soup.id}-lentil-tomato-soup.json`,
        `images/${soup.id}-lentil-tomato-soup.webp`,
        `recipes/${plain.id}-plain-rice.json`,
      ].sort(),
    );

    const exported = exportedRecipe.parse(
      jsonOf<ExportedRecipe>(files, `recipes/${soup.id}-lentil-tomato-soup.json`),
    );
    const detail = (await agent.get(`/api/recipes/recipes/${soup.id}/`)).json<RecipeDetail>();
    // The schema.org part is the recipe's own JSON-LD export, field for field.
    const { "potluck:recipe": fields, ...jsonLd } = exported;
    const ownJsonLd = (await agent.get(`/api/recipes/recipes/${soup.id}/jsonld/`)).json();
    expect(jsonLd).toEqual(ownJsonLd);
    expect(jsonLd).toMatchObject({
      "@type": "Recipe",
      name: "Lentil & Tomato Soup",
      recipeYield: "6 servings",
      keywords: "soup, winter",
      prepTime: "PT15M",
      cookTime: "PT40M",
      isBasedOn: "https://example.com/soup",
    });
    // schema.org has no notes, and a source name is neither isBasedOn nor author: left out.
    expect(JSON.stringify(jsonLd)).not.toMatch(/Nonna|Better the next day/);
    // Potluck's fields are the detail's, as stored.
    expect(fields).toEqual({
      id: detail.id,
      slug: detail.slug,
      title: detail.title,
      visibility: "followers",
      servings: 6,
      prep_minutes: 15,
      cook_minutes: 40,
      source_url: "https://example.com/soup",
      source_name: "Nonna",
      notes: "Better the next day.",
      tags: ["soup", "winter"],
      content: detail.content,
      language: "en",
      ingredients: detail.recipe_ingredients.map((line) => ({
        ingredient: line.ingredient?.name ?? null,
        text: line.text ?? null,
        quantity: line.quantity,
        unit: line.unit?.name ?? null,
        note: line.note,
        optional: line.optional,
      })),
      created_on: detail.created_on,
      updated_on: detail.updated_on,
      image: `images/${soup.id}-lentil-tomato-soup.webp`,
    });
    expect(fields.ingredients).toEqual([
      {
        ingredient: "Onion",
        text: null,
        quantity: 0.25,
        unit: "piece",
        note: null,
        optional: false,
      },
      {
        ingredient: "Red lentil",
        text: null,
        quantity: 50,
        unit: "g",
        note: null,
        optional: false,
      },
      {
        ingredient: null,
        text: "a handful of fresh herbs",
        quantity: null,
        unit: null,
        note: null,
        optional: false,
      },
    ]);
    expect(jsonOf<ExportedRecipe>(files, `recipes/${plain.id}-plain-rice.json`)).toMatchObject({
      "potluck:recipe": { title: "Plain rice", image: null },
    });

    // The picture is the stored full-size file, byte for byte.
    const { rows } = await db.execute<{ image_key: string }>(
      sql`select image_key from recipes where id = ${soup.id}`,
    );
    const stored = await app.storage.read(rows[0]?.image_key as string);
    expect(stored).not.toBeNull();
    const chunks: Buffer[] = [];
    for await (const chunk of stored as Readable) chunks.push(chunk as Buffer);
    const picture = files.get(`images/${soup.id}-lentil-tomato-soup.webp`);
    expect(picture?.equals(Buffer.concat(chunks))).toBe(true);
    expect((await sharp(picture).metadata()).format).toBe("webp");
  });
});

describe("potluck.json", () => {
  const { app, db } = disk;

  it("holds the cook's account, settings, collections, ratings, comments, lists and planner", async () => {
    const { user, agent } = await signedIn(app, db);
    const friend = await signedIn(app, db);
    const member = await signedIn(app, db);
    const mine = await createRecipe(disk, agent, { title: "My pie" }, false);
    const theirs = await createRecipe(disk, friend.agent, { title: "Their cake" }, false);
    const secret = await createRecipe(disk, friend.agent, { title: "Secret of the friend" }, false);

    await ok(
      agent.patch("/api/users/me/preferences/", { units: "metric", default_visibility: "private" }),
    );
    const butter = await ingredientId(db, "Butter");
    await ok(agent.put("/api/users/me/staples/", { ingredient_ids: [butter] }));
    const [aisle] = (
      await db.execute<{ id: number; name: string }>(
        sql`select id, name from aisles order by position limit 1`,
      )
    ).rows;
    await ok(agent.put("/api/groceries/aisles/text/", { text: "Bin bags", aisle_id: aisle?.id }));
    await ok(agent.post(`/api/users/${friend.user.id}/follow/`));
    const pest = await signedIn(app, db);
    await ok(agent.post(`/api/users/${pest.user.username}/block/`));

    const collection = await ok(agent.post("/api/recipes/collections/", { name: "Sweet" }));
    for (const recipe of [mine, theirs, secret]) {
      await ok(agent.put(`/api/recipes/collections/${collection.id}/recipes/${recipe.id}/`));
    }
    await ok(
      agent.post("/api/recipes/ratings/", { recipe: theirs.id, rating: 9, comment: "Great" }),
    );
    const item = (
      await db.execute<{ id: number }>(
        sql`select id from feed_items where recipe_id = ${theirs.id} limit 1`,
      )
    ).rows[0]?.id;
    await ok(agent.post(`/api/feed/items/${item}/comments/`, { text: "Made it twice" }));
    await ok(agent.post(`/api/feed/items/${item}/like/`));

    const list = await ok(agent.post("/api/groceries/lists/", { name: "Weekend" }));
    await ok(agent.patch(`/api/groceries/lists/${list.id}/`, { notes: "<p>Bring bags</p>" }));
    await ok(
      agent.post(`/api/groceries/lists/${list.id}/members/`, { username: member.user.username }),
    );
    await ok(
      agent.post("/api/groceries/planned-recipes/", {
        grocery_list_id: list.id,
        recipe_id: theirs.id,
        guests: 8,
        planned_on: "2030-05-04",
      }),
    );
    await ok(
      agent.post("/api/groceries/planned-extras/", { grocery_list_id: list.id, text: "Bin bags" }),
    );
    await ok(
      agent.post("/api/groceries/planned-extras/", {
        grocery_list_id: list.id,
        ingredient_id: butter,
        quantity: 250,
        unit_id: await unitId(db, "g"),
      }),
    );
    const items = (await agent.get(`/api/groceries/items/?grocery_list=${list.id}`)).json<
      { id: number; text: string | null }[]
    >();
    const binBags = items.find((line) => line.text === "Bin bags");
    await ok(agent.patch(`/api/groceries/items/${binBags?.id}/`, { is_checked: true }));

    await ok(agent.post("/api/planner/members/", { username: member.user.username }));
    await ok(
      agent.post("/api/planner/entries/", {
        date: "2030-05-04",
        slot: "dinner",
        recipe_id: mine.id,
        guests: 3,
      }),
    );
    await ok(
      member.agent.post("/api/planner/entries/", {
        date: "2030-05-04",
        slot: "dinner",
        note: "Salad",
        planner: user.username,
      }),
    );
    await ok(
      agent.post("/api/planner/entries/", { date: "2030-05-03", slot: "lunch", note: "Out" }),
    );

    // Made private after it was collected: the cook may no longer read it.
    await db.execute(sql`update recipes set visibility = 'private' where id = ${secret.id}`);

    const { files } = await exportOf(agent);
    const document = accountExport.parse(jsonOf<AccountExport>(files, "potluck.json"));
    expect(document).toMatchObject({
      format: "potluck-account-export",
      version: 1,
      origin: "http://localhost",
      account: { id: user.id, username: user.username, email: user.email },
      preferences: { units: "metric", default_visibility: "private" },
      staples: ["Butter"],
      aisles: { order: [], ingredients: [], texts: [{ text: "bin bags", aisle: aisle?.name }] },
      following: [friend.user.username],
      blocked: [{ username: pest.user.username, blocked_on: expect.any(String) }],
    });
    const author = friend.user.username;
    expect(document.collections).toEqual([
      {
        name: "Sweet",
        created_on: expect.any(String),
        recipes: [
          {
            id: mine.id,
            slug: "my-pie",
            title: "My pie",
            author: user.username,
            added_on: expect.any(String),
          },
          {
            id: theirs.id,
            slug: "their-cake",
            title: "Their cake",
            author,
            added_on: expect.any(String),
          },
          // Its title is its author's now: the id alone.
          { id: secret.id, added_on: expect.any(String) },
        ],
      },
    ]);
    expect(document.ratings).toEqual([
      {
        recipe: { id: theirs.id, slug: "their-cake", title: "Their cake", author },
        rating: 9,
        stars: 4.5,
        comment: "Great",
        created_on: expect.any(String),
        updated_on: expect.any(String),
      },
    ]);
    const feedItem = {
      id: item,
      event_type: "new_recipe",
      by: author,
      recipe: { id: theirs.id, slug: "their-cake", title: "Their cake", author },
    };
    expect(document.comments).toEqual([
      { feed_item: feedItem, text: "Made it twice", created_on: expect.any(String) },
    ]);
    expect(document.likes).toEqual([{ feed_item: feedItem, created_on: expect.any(String) }]);
    expect(document.grocery_lists).toEqual([
      {
        id: list.id,
        name: "Weekend",
        notes: "<p>Bring bags</p>",
        created_on: expect.any(String),
        updated_on: expect.any(String),
        shared_with: [member.user.username],
        planned_recipes: [
          {
            recipe: { id: theirs.id, slug: "their-cake", title: "Their cake", author },
            guests: 8,
            planned_on: "2030-05-04",
          },
        ],
        planned_extras: [
          { ingredient: null, text: "Bin bags", quantity: null, unit: null, planned_on: null },
          { ingredient: "Butter", text: null, quantity: 250, unit: "g", planned_on: null },
        ],
        lines: expect.arrayContaining([
          expect.objectContaining({ text: "Bin bags", ingredient: null, ticked: true }),
          expect.objectContaining({ ingredient: "Red lentil", text: null, ticked: false }),
        ]),
      },
    ]);
    expect(document.planner).toEqual({
      shared_with: [member.user.username],
      entries: [
        {
          date: "2030-05-03",
          slot: "lunch",
          position: 0,
          recipe: null,
          guests: null,
          note: "Out",
          added_by: user.username,
        },
        {
          date: "2030-05-04",
          slot: "dinner",
          position: 0,
          recipe: { id: mine.id, slug: "my-pie", title: "My pie", author: user.username },
          guests: 3,
          note: null,
          added_by: user.username,
        },
        {
          date: "2030-05-04",
          slot: "dinner",
          position: 1,
          recipe: null,
          guests: null,
          note: "Salad",
          added_by: member.user.username,
        },
      ],
    });
  });

  // Issue 34 §19: five stars were written as `"rating": 10`, read as ten stars.
  it("writes each rating in stars beside the API's 1–10: 10 is 5 stars, 1 is half a star", async () => {
    const { agent } = await signedIn(app, db);
    const friend = await signedIn(app, db);
    const best = await createRecipe(disk, friend.agent, { title: "Best soup" }, false);
    const worst = await createRecipe(disk, friend.agent, { title: "Worst soup" }, false);
    await ok(agent.post("/api/recipes/ratings/", { recipe: best.id, rating: 10, comment: "" }));
    await ok(agent.post("/api/recipes/ratings/", { recipe: worst.id, rating: 1, comment: "" }));

    const { files } = await exportOf(agent);
    const document = accountExport.parse(jsonOf<AccountExport>(files, "potluck.json"));
    const byTitle = new Map(document.ratings.map((r) => [r.recipe.title, r]));
    expect(byTitle.get("Best soup")).toMatchObject({ rating: 10, stars: 5 });
    expect(byTitle.get("Worst soup")).toMatchObject({ rating: 1, stars: 0.5 });
  });

  it("holds nothing of other cooks' but what the cook may read, and none of their writing", async () => {
    const { user, agent } = await signedIn(app, db);
    const stranger = await signedIn(app, db);
    const mine = await createRecipe(disk, agent, { title: "Shared dish" }, false);
    // What the stranger has and writes: their private recipe, their words on the cook's
    // recipe, their own list and planner.
    const hidden = await createRecipe(
      disk,
      stranger.agent,
      {
        title: "Stranger private hotpot",
        visibility: "private",
        content: "<p>Stranger method</p>",
      },
      false,
    );
    await ok(
      stranger.agent.post("/api/recipes/ratings/", {
        recipe: mine.id,
        rating: 3,
        comment: "Stranger opinion of the dish",
      }),
    );
    const item = (
      await db.execute<{ id: number }>(
        sql`select id from feed_items where recipe_id = ${mine.id} limit 1`,
      )
    ).rows[0]?.id;
    await ok(stranger.agent.post(`/api/users/${user.id}/follow/`));
    await ok(stranger.agent.post(`/api/feed/items/${item}/comments/`, { text: "Stranger remark" }));
    const theirList = await ok(
      stranger.agent.post("/api/groceries/lists/", { name: "Stranger list" }),
    );
    await ok(
      stranger.agent.post("/api/groceries/planned-recipes/", {
        grocery_list_id: theirList.id,
        recipe_id: hidden.id,
        guests: 2,
      }),
    );
    await ok(
      stranger.agent.post("/api/planner/entries/", {
        date: "2030-06-01",
        slot: "dinner",
        note: "Stranger planner note",
      }),
    );

    const { files } = await exportOf(agent);
    const everything = [...files.entries()]
      .map(([name, data]) => `${name}\n${data.toString("latin1")}`)
      .join("\n");
    for (const theirs of [
      "Stranger private hotpot",
      "Stranger method",
      "Stranger opinion",
      "Stranger remark",
      "Stranger list",
      "Stranger planner note",
      stranger.user.email,
      `"id": ${hidden.id},`,
    ]) {
      expect(everything).not.toContain(theirs);
    }
    // The cook's own recipe is there: the check above looked at a real export.
    expect(everything).toContain("Shared dish");
  });
});

describe("streaming", () => {
  const { app, db } = disk;
  const RECIPES = 60;

  /** A cook with many recipes, each with a picture that does not compress (noise). */
  async function cookWithManyPictures() {
    const cook = await signedIn(app, db);
    const noise = await sharp(
      Buffer.from(Array.from({ length: 700 * 700 * 3 }, () => Math.floor(Math.random() * 256))),
      {
        raw: { width: 700, height: 700, channels: 3 },
      },
    )
      .webp({ quality: 90 })
      .toBuffer();
    for (let i = 0; i < RECIPES; i++) {
      const recipe = await buildRecipe(db, cook.user.id, { title: `Dish number ${i}` });
      const key = await storeImage(app.storage, { full: noise, card: noise });
      await db.execute(sql`update recipes set image_key = ${key} where id = ${recipe.id}`);
    }
    return { ...cook, pictureBytes: noise.length };
  }

  it("sends the zip as the client reads it, never the whole archive at once", async () => {
    const { agent, pictureBytes } = await cookWithManyPictures();
    expect(pictureBytes * RECIPES).toBeGreaterThan(20_000_000);
    // Count the pictures the export has read from storage so far.
    let picturesRead = 0;
    const read = app.storage.read.bind(app.storage);
    app.storage.read = async (key) => {
      picturesRead += 1;
      return read(key);
    };
    try {
      const cookie = `${SESSION_COOKIE}=${agent.cookie(SESSION_COOKIE)}`;
      const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
        http
          .get(`${base}/api/users/me/export/`, { headers: { cookie } }, resolve)
          .on("error", reject);
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers["transfer-encoding"]).toBe("chunked");
      expect(response.headers["content-length"]).toBeUndefined();
      // Read a first chunk, then stop reading a while: the server must wait for us.
      const chunks: Buffer[] = [];
      const first = await new Promise<Buffer>((resolve) => response.once("data", resolve));
      chunks.push(first);
      response.pause();
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const readWhilePaused = picturesRead;
      // Only what fits in the socket's and the stream's buffers has been read.
      expect(readWhilePaused).toBeLessThan(RECIPES / 2);

      // One export at a time per cook: a second one waits for this one to end.
      expect((await agent.get("/api/users/me/export/")).statusCode).toBe(429);

      response.resume();
      for await (const chunk of response) chunks.push(chunk as Buffer);
      expect(chunks.length).toBeGreaterThan(10);
      expect(picturesRead).toBe(RECIPES);
      const files = await readZip(Buffer.concat(chunks));
      expect([...files.keys()].filter((name) => name.startsWith("images/"))).toHaveLength(RECIPES);
      expect([...files.keys()].filter((name) => name.startsWith("recipes/"))).toHaveLength(RECIPES);
    } finally {
      app.storage.read = read;
    }
    // The turn is given back when the download ends.
    await expect
      .poll(async () => (await agent.get("/api/users/me/export/")).statusCode, { timeout: 5000 })
      .toBe(200);
  });

  it("ends the export when the client goes away, and lets the next one start", async () => {
    const { agent } = await cookWithManyPictures();
    const cookie = `${SESSION_COOKIE}=${agent.cookie(SESSION_COOKIE)}`;
    const request = http.get(`${base}/api/users/me/export/`, { headers: { cookie } });
    const response = await new Promise<http.IncomingMessage>((resolve) =>
      request.once("response", resolve),
    );
    await new Promise((resolve) => response.once("data", resolve));
    request.destroy();
    await expect
      .poll(async () => (await agent.get("/api/users/me/export/")).statusCode, { timeout: 5000 })
      .toBe(200);
  });

  it("answers 401 signed out", async () => {
    const response = await app.inject({ url: "/api/users/me/export/" });
    expect(response.statusCode).toBe(401);
  });
});
