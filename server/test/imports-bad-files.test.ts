// Bad files harm nothing: a file we can't read fails its import with a reason; an entry that
// breaks fails that recipe only; zip bombs, unsafe names and pictures that aren't pictures
// are refused without touching anything else. And the API's refusals and who may see what.
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { startBackgroundJobs } from "../src/background-jobs.js";
import { InflateBudget, SafeZip, UnreadableArchive } from "../src/imports/formats/safe-zip.js";
import { signedIn } from "./factories.js";
import { createTestApp } from "./helper.js";
import {
  finished,
  paprikaArchive,
  paprikaEntry,
  paprikaRecipes,
  replaceBytes,
  upload,
  zip,
  zipOfEmptyFiles,
} from "./import-fixtures.js";

const { app, db } = await createTestApp();
await startBackgroundJobs(app);

const good = { name: "Good soup", ingredients: "1 l water", directions: "Boil." };

describe("files we can't read", () => {
  it.each([
    ["random bytes", Buffer.from([0, 1, 2, 3, 4, 5, 6, 7, 8, 9])],
    ["a text file", Buffer.from("just some words, no recipe")],
    ["JSON that is not a recipe", Buffer.from('{"hello": "world"}')],
    ["JSON that won't parse", Buffer.from('{"name": "Broken",')],
    ["a page without a recipe", Buffer.from("<html><body>Hi</body></html>")],
    ["a truncated zip", Buffer.from("PK\u0003\u0004 and then nothing")],
  ])("%s: the import fails with a reason", async (_name, file) => {
    const { agent } = await signedIn(app, db);
    const response = await upload(agent, file);
    expect(response.statusCode).toBe(202);
    const result = await finished(agent, response.json().id);
    expect(result.status).toBe("failed");
    expect(result.reason).toEqual(expect.any(String));
    expect(result.items).toEqual([]);
  });

  it("a zip of files we don't know fails", async () => {
    const { agent } = await signedIn(app, db);
    const archive = await zip([
      ["notes.txt", "hello"],
      ["photo.jpg", "not really"],
    ]);
    const result = await finished(agent, (await upload(agent, archive)).json().id);
    expect(result.status).toBe("failed");
    expect(result.reason).toMatch(/not one we can import/);
  });
});

describe("broken entries fail alone", () => {
  it("bad gzip, bad JSON, a zip bomb, unsafe names and a picture that isn't one", async () => {
    const { agent } = await signedIn(app, db);
    const [crepes] = await paprikaRecipes();
    const archive = await zip([
      ["Good soup.paprikarecipe", paprikaEntry(good)],
      [
        "Bad gzip.paprikarecipe",
        Buffer.concat([Buffer.from([0x1f, 0x8b, 8, 0]), Buffer.from("garbage")]),
      ],
      ["Bad json.paprikarecipe", gzipSync("{ not json")],
      // 50 MB of zeros deflate to about 50 KB: a thousand to one.
      ["Bomb.paprikarecipe", Buffer.alloc(50 * 1024 * 1024)],
      ["aa/Slip.paprikarecipe", paprikaEntry({ ...good, name: "Slip" })],
      ["zz/Latin.paprikarecipe", paprikaEntry({ ...good, name: "Latin" })],
      [
        "Fake picture.paprikarecipe",
        paprikaEntry({
          ...crepes,
          name: "Fake picture",
          photo_data: Buffer.from("GIF89a nope").toString("base64"),
        }),
      ],
    ]);
    // Names yazl won't write: a zip slip and a name that is not UTF-8.
    const evil = replaceBytes(
      replaceBytes(archive, "aa/Slip", "../Slip"),
      "zz/Latin",
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("/Latin")]),
    );
    const result = await finished(agent, (await upload(agent, evil)).json().id);
    expect(result).toMatchObject({ status: "done", total: 7, imported: 2, failed: 5 });
    const byTitle = Object.fromEntries(result.items.map((item) => [item.title, item]));
    expect(byTitle["Good soup"]?.status).toBe("imported");
    expect(byTitle["Bad gzip"]).toMatchObject({
      status: "failed",
      reason: "It is not valid gzip data.",
    });
    expect(byTitle["Bad json"]).toMatchObject({
      status: "failed",
      reason: "It is not valid JSON.",
    });
    expect(byTitle.Bomb?.reason).toMatch(/zip bomb/);
    expect(byTitle.Slip?.reason).toMatch(/"\.\."/);
    expect(byTitle.Latin?.reason).toMatch(/not UTF-8/);
    expect(byTitle["Fake picture"]).toMatchObject({ status: "imported" });
    expect(byTitle["Fake picture"]?.reason).toMatch(/^Imported without its picture/);
    const fake = (
      await agent.get(`/api/recipes/recipes/${byTitle["Fake picture"]?.recipe_id}/`)
    ).json();
    expect(fake.image).toBeNull();
  }, 60_000);

  it("more than 20,000 entries: the import fails", async () => {
    const { agent } = await signedIn(app, db);
    const result = await finished(agent, (await upload(agent, zipOfEmptyFiles(20_001))).json().id);
    expect(result.status).toBe("failed");
    expect(result.reason).toMatch(/20000/);
  }, 60_000);

  it("stops inflating once an import's byte budget is spent", async () => {
    const archive = await zip([
      ["a.json", Buffer.alloc(600_000, 32)],
      ["b.json", Buffer.alloc(600_000, 32)],
    ]);
    const budget = new InflateBudget(1_000_000);
    const opened = await SafeZip.open(archive, budget);
    const [first, second] = opened.entries;
    expect((await opened.read(first as never, 10_000_000)).length).toBe(600_000);
    await expect(opened.read(second as never, 10_000_000)).rejects.toBeInstanceOf(
      UnreadableArchive,
    );
    opened.close();
  });
});

describe("the API", () => {
  it("refuses a bad list of addresses, a missing file, and strangers", async () => {
    const { agent } = await signedIn(app, db);
    const post = (body: Record<string, unknown>) => agent.post("/api/imports/", body);
    expect((await post({ urls: [] })).json()).toEqual({ urls: ["Give at least one address."] });
    expect((await post({ urls: ["ftp://example.com/x"] })).statusCode).toBe(400);
    expect((await post({})).statusCode).toBe(400);
    const tooMany = Array.from({ length: 501 }, (_, index) => `https://example.com/${index}`);
    expect((await post({ urls: tooMany })).statusCode).toBe(400);

    const { id } = (await upload(agent, await paprikaArchive([good]))).json();
    await finished(agent, id);
    const stranger = (await signedIn(app, db)).agent;
    expect((await stranger.get(`/api/imports/${id}/`)).statusCode).toBe(404);
    expect((await stranger.post(`/api/imports/${id}/cancel/`)).statusCode).toBe(404);
    expect((await stranger.get("/api/imports/")).json()).toEqual([]);
    expect((await agent.get("/api/imports/")).json()).toMatchObject([{ id, status: "done" }]);
  });

  it("skips what is already in my recipes, by address or else by title", async () => {
    const { agent } = await signedIn(app, db);
    const file = await paprikaArchive(await paprikaRecipes());
    const firstRun = await finished(agent, (await upload(agent, file)).json().id);
    expect(firstRun.imported).toBe(3);
    const again = await finished(agent, (await upload(agent, file)).json().id);
    expect(again).toMatchObject({ status: "done", imported: 0, skipped: 3 });
    expect(again.items.every((item) => item.reason === "Already in your recipes.")).toBe(true);
  });

  it("cancels: what is imported stays, the rest is not done", async () => {
    const { agent } = await signedIn(app, db);
    const many = Array.from({ length: 200 }, (_, index) => ({ ...good, name: `Stew ${index}` }));
    const { id } = (await upload(agent, await paprikaArchive(many))).json();
    for (;;) {
      if ((await agent.get(`/api/imports/${id}/`)).json().processed >= 2) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const cancelled = (await agent.post(`/api/imports/${id}/cancel/`)).json();
    expect(cancelled.status).toBe("cancelled");
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const after = (await agent.get(`/api/imports/${id}/`)).json();
    expect(after.status).toBe("cancelled");
    expect(after.processed).toBeLessThan(200);
    expect(after.processed).toBe(after.items.length);
    // Cancelling again changes nothing.
    expect((await agent.post(`/api/imports/${id}/cancel/`)).json().processed).toBe(after.processed);
  }, 60_000);
});
