// Recipe images end to end, run on each storage (STORAGE): the local disk, an S3-compatible
// bucket (s3rver) streamed by the app at /media/, and the same bucket behind S3_PUBLIC_URL.
// Then what a cook sees while the bucket is down, and the STORAGE settings.
import { once } from "node:events";
import { existsSync } from "node:fs";
import net, { type AddressInfo } from "node:net";
import path from "node:path";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../src/config.js";
import { recipes } from "../src/db/schema.js";
import { type MultipartParts, multipartBody } from "../src/http/inject-agent.js";
import { ingredientId, signedIn } from "./factories.js";
import { Agent, type Agent as AgentType, createTestApp, type TestContext } from "./helper.js";
import { startImportSite } from "./import-server.js";
import { startTestBucket } from "./s3-server.js";

const bucket = await startTestBucket();
const site = await startImportSite();
// image_url fetches the import site on 127.0.0.1.
const testEnv = { IMPORT_ALLOW_PRIVATE_HOSTS: "true" };

const storages = [
  { storage: "the local disk", env: testEnv },
  { storage: "a bucket, streamed by the app", env: { ...testEnv, ...bucket.env } },
  {
    storage: "a bucket behind S3_PUBLIC_URL",
    env: { ...testEnv, ...bucket.env, S3_PUBLIC_URL: bucket.publicUrl },
  },
];
const contexts = await Promise.all(
  storages.map(async ({ storage, env }) => ({ storage, ...(await createTestApp({ env })) })),
);

type FilePart = Exclude<MultipartParts[string], string>;
type Fields = Record<string, string | FilePart>;

interface RecipeJson {
  id: number;
  title: string;
  image: string | null;
  image_card: string | null;
}

const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#c0392b" } })
    .jpeg()
    .toBuffer();
const filePart = (data: Buffer, filename = "photo.jpg", contentType = "image/jpeg"): FilePart => ({
  filename,
  contentType,
  data,
});

function submit(agent: AgentType, method: "POST" | "PUT", url: string, fields: Fields) {
  const body = multipartBody({ title: "Pancakes", content: "<p>Mix and fry.</p>", ...fields });
  return agent.raw(method, url, body.payload, body.contentType);
}
const create = (agent: AgentType, fields: Fields = {}) =>
  submit(agent, "POST", "/api/recipes/recipes/", fields);
const update = (agent: AgentType, id: number, fields: Fields = {}) =>
  submit(agent, "PUT", `/api/recipes/recipes/${id}/`, fields);

async function created(agent: AgentType, fields: Fields = {}): Promise<RecipeJson> {
  const response = await create(agent, fields);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<RecipeJson>();
}

const recipeCount = async ({ db }: TestContext) =>
  (await db.select({ n: sql<number>`count(*)::int` }).from(recipes))[0]?.n;

/** What a browser gets for an image URL of the API: from the app, or from the public URL. */
async function fetchImage({ app }: TestContext, url: string) {
  if (url.startsWith("/")) {
    const response = await app.inject({ url });
    return { status: response.statusCode, headers: response.headers, body: response.rawPayload };
  }
  const response = await fetch(url);
  return {
    status: response.status,
    headers: Object.fromEntries(response.headers),
    body: Buffer.from(await response.arrayBuffer()),
  };
}

/** The storage key behind an image URL, checking the URL has the form its storage gives. */
function keyOf({ config }: TestContext, url: string): string {
  const prefix = config.s3?.publicUrl ? `${config.s3.publicUrl}/` : "/media/";
  expect(url.startsWith(prefix), url).toBe(true);
  return url.slice(prefix.length);
}

/** Whether the storage still holds the object behind an image URL (on disk or in the bucket). */
async function isStored(context: TestContext, url: string): Promise<boolean> {
  const key = keyOf(context, url);
  return context.config.s3 ? bucket.has(key) : existsSync(path.join(context.config.mediaDir, key));
}
const bothStored = async (context: TestContext, recipe: RecipeJson) => [
  await isStored(context, recipe.image as string),
  await isStored(context, recipe.image_card as string),
];

describe.each(contexts)("recipe images on $storage", (context) => {
  const { app, db } = context;

  it("stores both versions as WebP and serves them at the URLs the API gives", async () => {
    const { agent } = await signedIn(app, db);
    const recipe = await created(agent, { image: filePart(await jpeg(1600, 1200)) });
    expect(keyOf(context, recipe.image as string)).toMatch(/^recipes\/[\w-]+\.webp$/);
    expect(keyOf(context, recipe.image_card as string)).toMatch(/^recipes\/[\w-]+-card\.webp$/);

    const full = await fetchImage(context, recipe.image as string);
    expect(full.status).toBe(200);
    expect(full.headers["content-type"]).toBe("image/webp");
    expect(full.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect((await sharp(full.body).metadata()).width).toBe(1600);
    // Our own responses carry our security headers; a CDN sets its own.
    if (recipe.image?.startsWith("/"))
      expect(full.headers["x-content-type-options"]).toBe("nosniff");
    const card = await fetchImage(context, recipe.image_card as string);
    expect(card.status).toBe(200);
    const cardMetadata = await sharp(card.body).metadata();
    expect([cardMetadata.format, cardMetadata.width]).toEqual(["webp", 640]);

    // Anyone sees the same URLs on the recipe, in lists and in the feed.
    expect((await new Agent(app).get(`/api/recipes/recipes/${recipe.id}/`)).json()).toMatchObject({
      image: recipe.image,
      image_card: recipe.image_card,
    });
  });

  it("turns the image upright and strips its metadata", async () => {
    const { agent } = await signedIn(app, db);
    // A 300×100 photo taken with the camera on its side: EXIF orientation 6 (rotate 90°).
    const sideways = await sharp({
      create: { width: 300, height: 100, channels: 3, background: "#2980b9" },
    })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(sideways).metadata()).exif).toBeDefined();
    const recipe = await created(agent, { image: filePart(sideways) });
    const stored = await sharp((await fetchImage(context, recipe.image as string)).body).metadata();
    expect([stored.width, stored.height]).toEqual([100, 300]);
    expect(stored.exif).toBeUndefined();
    expect(stored.orientation).toBeUndefined();
  });

  it("checks the image by its content, not its name or declared type", async () => {
    const { agent } = await signedIn(app, db);
    const png = await sharp({ create: { width: 20, height: 20, channels: 4, background: "#fff" } })
      .png()
      .toBuffer();
    const named = await create(agent, { image: filePart(png, "notes.txt", "text/plain") });
    expect(named.statusCode).toBe(201);

    const before = await recipeCount(context);
    const fake = await create(agent, {
      image: filePart(Buffer.from("just some text, honestly"), "photo.jpg"),
    });
    expect(fake.statusCode).toBe(400);
    expect(Object.keys(fake.json())).toEqual(["image"]);
    expect(fake.json().image[0]).toMatch(/valid image/);

    const gif = await sharp({ create: { width: 5, height: 5, channels: 3, background: "#000" } })
      .gif()
      .toBuffer();
    const unsupported = await create(agent, { image: filePart(gif, "a.jpg") });
    expect(unsupported.statusCode).toBe(400);
    expect(unsupported.json().image[0]).toMatch(/JPEG, PNG or WebP/);
    expect(await recipeCount(context)).toBe(before);
  });

  it("stores a picture fetched from image_url in the same place", async () => {
    const { agent } = await signedIn(app, db);
    const recipe = await created(agent, { image_url: `${site}/picture.png` });
    expect(await bothStored(context, recipe)).toEqual([true, true]);
    const metadata = await sharp(
      (await fetchImage(context, recipe.image as string)).body,
    ).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(["webp", 64, 48]);
  });

  it("replaces the image and deletes the old objects; remove_image deletes it", async () => {
    const { agent } = await signedIn(app, db);
    const recipe = await created(agent, { image: filePart(await jpeg(800, 600)) });
    expect(await bothStored(context, recipe)).toEqual([true, true]);

    const kept = await update(agent, recipe.id, { title: "T" });
    expect(kept.json().image).toBe(recipe.image);

    const replaced = (
      await update(agent, recipe.id, { image: filePart(await jpeg(700, 500)) })
    ).json<RecipeJson>();
    expect(replaced.image).not.toBe(recipe.image);
    expect(await bothStored(context, recipe)).toEqual([false, false]);
    expect(await bothStored(context, replaced)).toEqual([true, true]);
    expect((await fetchImage(context, replaced.image as string)).status).toBe(200);

    const removed = await update(agent, recipe.id, { remove_image: "true" });
    expect(removed.json()).toMatchObject({ image: null, image_card: null });
    expect(await bothStored(context, replaced)).toEqual([false, false]);
  });

  it("changes nothing when the update is refused, its new image included", async () => {
    const { agent } = await signedIn(app, db);
    const recipe = await created(agent, { image: filePart(await jpeg(300, 200)) });
    const egg = await ingredientId(db, "Egg");
    const response = await update(agent, recipe.id, {
      title: "New title",
      recipe_ingredients: JSON.stringify([{ ingredient_id: egg, quantity: 1, unit_id: 77777777 }]),
      image: filePart(await jpeg(300, 200)),
    });
    expect(response.statusCode).toBe(400);
    expect((await agent.get(`/api/recipes/recipes/${recipe.id}/`)).json()).toEqual(recipe);
    expect(await bothStored(context, recipe)).toEqual([true, true]);
  });

  it("deletes the image with the recipe", async () => {
    const { agent } = await signedIn(app, db);
    const recipe = await created(agent, { image: filePart(await jpeg(400, 300)) });
    expect((await agent.delete(`/api/recipes/recipes/${recipe.id}/`)).statusCode).toBe(204);
    expect(await bothStored(context, recipe)).toEqual([false, false]);
  });

  it("answers 404 at /media/ for a missing or malformed key, never a 5xx", async () => {
    for (const url of [
      "/media/recipes/00000000-0000-4000-8000-000000000000.webp",
      "/media/recipes/00000000-0000-4000-8000-000000000000-card.webp",
      "/media/recipes/",
      "/media/recipes/nope.webp",
      "/media/recipes/..%2F..%2Fsession-secret",
      "/media/../session-secret",
    ]) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ detail: "Not found." });
    }
    // A NUL byte: @fastify/static (local disk) refuses it as a bad request, the bucket's route
    // finds no such key. Either way a 4xx with a detail.
    const nul = await app.inject({ url: "/media/recipes/%00.webp" });
    expect([400, 404]).toContain(nul.statusCode);
    expect(nul.json()).toEqual({ detail: expect.any(String) });
  });
});

// A bucket (and app) of its own, stopped and started again by the tests below, in order.
const down = await startTestBucket();
const downContext = await createTestApp({ env: down.env });

describe("while the bucket is down", async () => {
  const context = downContext;
  const { app, db } = context;
  const { agent } = await signedIn(app, db);
  const recipe = await created(agent, { image: filePart(await jpeg(300, 200)) });
  const other = await created(agent, { image: filePart(await jpeg(200, 200)) });
  const picture = (await fetchImage(context, recipe.image as string)).body;

  const expectStorageUnavailable = (response: Awaited<ReturnType<typeof create>>) => {
    expect(response.statusCode, response.body).toBe(503);
    expect(response.json()).toEqual({
      detail: expect.stringMatching(/image storage is unavailable/i),
    });
    expect(response.headers["retry-after"]).toBeDefined();
  };

  it("refuses a new recipe with an image with a 503, fast, and saves nothing", async () => {
    await down.stop();
    const before = await recipeCount(context);
    const started = Date.now();
    const response = await create(agent, { title: "Lost", image: filePart(await jpeg(300, 200)) });
    expectStorageUnavailable(response);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(await recipeCount(context)).toBe(before);
  });

  it("refuses a new image on an edit with a 503 and leaves the recipe as it was", async () => {
    const before = (await agent.get(`/api/recipes/recipes/${recipe.id}/`)).json();
    const response = await update(agent, recipe.id, {
      title: "Renamed",
      image: filePart(await jpeg(500, 400)),
    });
    expectStorageUnavailable(response);
    expect((await agent.get(`/api/recipes/recipes/${recipe.id}/`)).json()).toEqual(before);
  });

  it("answers 503 with Retry-After for an image it cannot read, not 404 or 500", async () => {
    const response = await app.inject({ url: recipe.image as string });
    expect(response.statusCode).toBe(503);
    expect(response.headers["retry-after"]).toBeDefined();
    expect(response.json()).toEqual({
      detail: expect.stringMatching(/^Image storage is unavailable/),
    });
    expect(response.json().detail).not.toMatch(/saved/);
  });

  it("still saves what needs no image, and deletes a recipe (its objects stay behind)", async () => {
    const plain = await create(agent, { title: "Plain toast" });
    expect(plain.statusCode).toBe(201);
    // The delete is committed; the objects it could not remove are logged, not the cook's error.
    expect((await agent.delete(`/api/recipes/recipes/${other.id}/`)).statusCode).toBe(204);
    expect((await agent.get(`/api/recipes/recipes/${other.id}/`)).statusCode).toBe(404);
  });

  it("shows the old image again once the bucket is back", async () => {
    await down.start();
    const served = await fetchImage(context, recipe.image as string);
    expect(served.status).toBe(200);
    expect(served.body.equals(picture)).toBe(true);
    const detail = (await agent.get(`/api/recipes/recipes/${recipe.id}/`)).json<RecipeJson>();
    expect(detail).toMatchObject({ title: "Pancakes", image: recipe.image });
    // The object of the recipe deleted while it was down is left over (see decision 18).
    expect(await down.has(keyOf(context, other.image as string))).toBe(true);
  });
});

// A "bucket" that accepts connections and never answers: the worst kind of down.
const held = new Set<net.Socket>();
const silent = net.createServer((socket) => held.add(socket)).listen(0, "127.0.0.1");
await once(silent, "listening");
afterAll(() => {
  for (const socket of held) socket.destroy();
  silent.close();
});
const hung = await createTestApp({
  env: { ...bucket.env, S3_ENDPOINT: `http://127.0.0.1:${(silent.address() as AddressInfo).port}` },
});

describe("when the bucket hangs", () => {
  it("answers a write with an image 503 within seconds, and saves nothing", async () => {
    const { agent } = await signedIn(hung.app, hung.db);
    const before = await recipeCount(hung);
    const started = Date.now();
    const response = await create(agent, { image: filePart(await jpeg(300, 200)) });
    expect(response.statusCode, response.body).toBe(503);
    expect(response.json().detail).toMatch(/image storage is unavailable/i);
    // Two attempts of 2 s silence each (media/s3-storage.ts), not the SDK's minutes.
    expect(Date.now() - started).toBeLessThan(6000);
    expect(await recipeCount(hung)).toBe(before);
  });
});

describe("STORAGE settings", () => {
  const base = { DATA_DIR: downContext.config.dataDir };

  it("defaults to the local disk", () => {
    expect(loadConfig(base).s3).toBeUndefined();
  });

  it("needs every S3_ variable with STORAGE=s3, and names each missing one", () => {
    expect(() => loadConfig({ ...base, STORAGE: "s3", S3_BUCKET: "images" })).toThrow(
      /S3_ENDPOINT: must be set[\s\S]*S3_REGION: must be set[\s\S]*S3_ACCESS_KEY_ID: must be set[\s\S]*S3_SECRET_ACCESS_KEY: must be set/,
    );
  });

  it("refuses a bad value, naming the variable without printing secrets or URLs", () => {
    const s3 = { ...base, ...bucket.env };
    for (const [name, value] of [
      ["STORAGE", "ftp"],
      ["S3_ENDPOINT", "minio:9000"],
      ["S3_PUBLIC_URL", "ftp://cdn.example.com"],
      ["S3_PUBLIC_URL", "not a url"],
      ["S3_BUCKET", "Bad_Bucket"],
    ] as const) {
      let error: unknown;
      try {
        loadConfig({ ...s3, [name]: value });
      } catch (caught) {
        error = caught;
      }
      expect(error, `${name}=${value}`).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toContain(name);
      if (/URL|SECRET/.test(name)) expect((error as Error).message).not.toContain(value);
    }
  });

  it("keeps the public URL without a trailing slash", () => {
    const config = loadConfig({
      ...base,
      ...bucket.env,
      S3_PUBLIC_URL: "https://cdn.example.com/img/",
    });
    expect(config.s3?.publicUrl).toBe("https://cdn.example.com/img");
  });
});
