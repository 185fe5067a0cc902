import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { Agent, createTestApp } from "./helper.js";

// A stand-in for web/dist: the server's job is the headers and the fallback, not the bundle.
const webDist = mkdtempSync(path.join(os.tmpdir(), "potluck-dist-"));
mkdirSync(path.join(webDist, "assets"));
writeFileSync(
  path.join(webDist, "index.html"),
  "<!doctype html><html><head><title>Potluck</title></head><body><div id=root></div></body></html>",
);
// What the web build says each page needs first (web/scripts/first-load-plan.ts).
writeFileSync(
  path.join(webDist, "first-load.json"),
  JSON.stringify({
    everyPageData: ["/api/auth/status/"],
    pages: [
      {
        path: "/recipe/:id/:slug",
        modules: ["/assets/recipe-detail-page-abc.js"],
        data: ["/api/recipes/recipes/:id/", "/api/recipes/ratings/?recipe=:id"],
      },
      {
        path: "/planner",
        modules: ["/assets/planner-page-abc.js"],
        data: ["/api/planner/entries/?start=:weekStart&end=:weekEnd"],
      },
    ],
  }),
);
writeFileSync(path.join(webDist, "assets/index-abc123.js"), "console.log(1)");
// The build's compressed copy (web/scripts/precompress.ts).
writeFileSync(
  path.join(webDist, "assets/index-abc123.js.br"),
  brotliCompressSync("console.log(1)"),
);

const { app, config } = await createTestApp({ webDist });

describe("serving the web app", () => {
  it("caches hashed assets for a year", async () => {
    const response = await new Agent(app).get("/assets/index-abc123.js");
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("sends the build's compressed copy to a browser that accepts it, plain bytes otherwise", async () => {
    const compressed = await new Agent(app).get("/assets/index-abc123.js", {
      headers: { "accept-encoding": "gzip, deflate, br" },
    });
    expect(compressed.statusCode).toBe(200);
    expect(compressed.headers["content-encoding"]).toBe("br");
    expect(compressed.headers.vary).toContain("accept-encoding");
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe("console.log(1)");
    expect(compressed.headers["cache-control"]).toBe("public, max-age=31536000, immutable");

    const plain = await new Agent(app).get("/assets/index-abc123.js", {
      headers: { "accept-encoding": "identity" },
    });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe("console.log(1)");
  });

  it("answers client routes with index.html, revalidated every time", async () => {
    for (const route of ["/explore", "/recipe/12/pancakes", "/grocery-list/3?x=1"]) {
      const response = await new Agent(app).get(route);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain("<div id=root>");
      expect(response.headers["cache-control"]).toBe("no-cache");
    }
  });

  it("announces a page's chunks, and its data to a signed-in visitor, in its HTML", async () => {
    const preloads = (body: string) =>
      [...body.matchAll(/<link rel="(?:modulepreload|preload)"[^>]*href="([^"]+)"/g)].map(
        (match) => match[1],
      );
    const signedOut = await new Agent(app).get("/recipe/12/pancakes");
    expect(preloads(signedOut.body)).toEqual([
      "/api/auth/status/",
      "/assets/recipe-detail-page-abc.js",
    ]);
    expect(signedOut.body).toContain(
      '<link rel="preload" as="fetch" crossorigin href="/api/auth/status/">',
    );

    // Any session cookie: the server only takes it as a hint.
    const signedInGet = (url: string) =>
      app.inject({ method: "GET", url, headers: { cookie: "sessionid=anything" } });
    const signedIn = await signedInGet("/recipe/12/pancakes");
    expect(preloads(signedIn.body)).toEqual([
      "/api/auth/status/",
      "/assets/recipe-detail-page-abc.js",
      "/api/recipes/recipes/12/",
      "/api/recipes/ratings/?recipe=12",
    ]);
    expect(signedIn.headers["cache-control"]).toBe("no-cache");
    expect(signedIn.headers["content-type"]).toContain("text/html");

    // Not a number, or a query string that asks for other data: no data announced.
    for (const url of ["/recipe/abc/pancakes", "/recipe/12/pancakes?x=1"]) {
      const response = await signedInGet(url);
      expect(preloads(response.body)).toEqual([
        "/api/auth/status/",
        "/assets/recipe-detail-page-abc.js",
      ]);
    }
    // A page the plan does not name: only what every page asks.
    const other = await signedInGet("/settings");
    expect(preloads(other.body)).toEqual(["/api/auth/status/"]);
    expect(other.body).toContain("<div id=root>");
  });

  it("announces this week's planner data by the server's calendar, from the reader's first day, its query written as HTML", async () => {
    const now = new Date();
    const day = (offset: number) => {
      const date = new Date(now.getFullYear(), now.getMonth(), now.getDate() + offset);
      return [date.getFullYear(), date.getMonth() + 1, date.getDate()]
        .map((part) => String(part).padStart(2, "0"))
        .join("-");
    };
    // English and German weeks start on Monday, Japanese on Sunday, Arabic on Saturday.
    for (const [language, firstDay] of [
      ["en", 1],
      ["de", 1],
      ["ja", 0],
      ["ar", 6],
    ] as const) {
      const response = await app.inject({
        method: "GET",
        url: "/planner",
        headers: { cookie: "sessionid=anything", "accept-language": language },
      });
      const sinceStart = (now.getDay() - firstDay + 7) % 7;
      expect(response.body, language).toContain(
        `<link rel="preload" as="fetch" crossorigin href="/api/planner/entries/?start=${day(-sinceStart)}&amp;end=${day(6 - sinceStart)}">`,
      );
    }
  });

  it("answers unknown API paths and missing assets with a JSON 404, not the page", async () => {
    for (const url of ["/api/nothing-here/", "/assets/missing.js"]) {
      const response = await new Agent(app).get(url);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: "Not found." });
    }
  });

  it("serves media with long caching and nosniff", async () => {
    mkdirSync(path.join(config.mediaDir, "recipes"), { recursive: true });
    writeFileSync(path.join(config.mediaDir, "recipes/a.webp"), Buffer.from("RIFF0000WEBP"));
    const response = await new Agent(app).get("/media/recipes/a.webp");
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
  });
});

describe("security headers by kind of response", () => {
  const pagePolicies = {
    "content-security-policy": expect.stringContaining("script-src 'self'"),
    "x-frame-options": "SAMEORIGIN",
    "strict-transport-security": expect.stringContaining("max-age="),
    "referrer-policy": "no-referrer",
    "cross-origin-opener-policy": "same-origin",
    "x-content-type-options": "nosniff",
  };

  it("puts the page policies on the web app's pages, however they are reached", async () => {
    for (const url of ["/", "/explore", "/index.html"]) {
      const response = await new Agent(app).get(url);
      expect(response.headers["content-type"], url).toMatch(/^text\/html/);
      expect(response.headers, url).toMatchObject(pagePolicies);
    }
  });

  it("puts them on images too", async () => {
    mkdirSync(path.join(config.mediaDir, "recipes"), { recursive: true });
    writeFileSync(path.join(config.mediaDir, "recipes/b.webp"), Buffer.from("RIFF0000WEBP"));
    const response = await new Agent(app).get("/media/recipes/b.webp");
    expect(response.headers).toMatchObject(pagePolicies);
  });

  it("sends JSON, scripts and errors with nosniff only", async () => {
    for (const url of ["/api/health/", "/api/nothing-here/", "/assets/index-abc123.js"]) {
      const response = await new Agent(app).get(url);
      expect(response.headers["x-content-type-options"], url).toBe("nosniff");
      expect(response.headers["content-security-policy"], url).toBeUndefined();
      expect(response.headers["strict-transport-security"], url).toBeUndefined();
    }
  });
});
