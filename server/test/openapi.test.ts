import { existsSync } from "node:fs";
import { Validator } from "@seriousme/openapi-schema-validator";
import Fastify from "fastify";
import { chromium } from "playwright-core";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { schemaProblems, watchRouteSchemas } from "../src/http/route-schemas.js";
import { Agent, createTestApp } from "./helper.js";
import { routesOf } from "./routes.js";

const { app } = await createTestApp();

type Operation = {
  "x-access"?: string;
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>;
};
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> } & Record<
  string,
  unknown
>;

const response = await new Agent(app).get("/api/openapi.json");
const doc = response.json() as Document;
const operation = (path: string, method: string) => {
  const found = doc.paths[path]?.[method];
  if (!found) throw new Error(`${method} ${path} is not in the document`);
  return found;
};

/** The reference's own page and files: HTML, scripts and styles, hidden from the document. */
const isDocsPage = (url: string) => url === "/api/docs" || url.startsWith("/api/docs/");

describe("GET /api/openapi.json", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("application/json");
    expect(doc.openapi).toMatch(/^3\.1\./);
    const result = await new Validator().validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("has every /api route of the app, and nothing else", () => {
    // Fastify's own route list; HEADs are their GET's.
    const documented = (method: string, url: string) =>
      !!doc.paths[url.replace(/:(\w+)/g, "{$1}")]?.[method.toLowerCase()];
    const apiRoutes = routesOf(app, documented).filter(
      ({ method, url }) => url.startsWith("/api/") && method !== "HEAD" && !isDocsPage(url),
    );
    expect(apiRoutes.length).toBeGreaterThan(50);
    const missing = apiRoutes.filter(({ method, url }) => {
      const path = url.replace(/:(\w+)/g, "{$1}");
      // A prefixed plugin's "/" route is also served without the slash: one operation.
      const item = doc.paths[path] ?? doc.paths[`${path}/`];
      return !item?.[method.toLowerCase()];
    });
    expect(missing).toEqual([]);
    expect(Object.keys(doc.paths).filter((path) => !path.startsWith("/api/"))).toEqual([]);
    expect(Object.keys(doc.paths).filter(isDocsPage)).toEqual([]);
  });

  it("marks each operation's access, with the session and CSRF pair as security", () => {
    const schemes = (doc.components as { securitySchemes: Record<string, unknown> })
      .securitySchemes;
    expect(schemes).toMatchObject({
      session: { type: "apiKey", in: "cookie", name: "sessionid" },
      csrfToken: { type: "apiKey", in: "header", name: "X-CSRFToken" },
      csrfCookie: { type: "apiKey", in: "cookie", name: "csrftoken" },
    });
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        const where = `${method} ${path}`;
        expect(["public", "user", "probe", "superuser"], where).toContain(op["x-access"]);
        const needs = new Set(op.security?.flatMap((requirement) => Object.keys(requirement)));
        expect(needs.has("session"), where).toBe(
          op["x-access"] === "user" || op["x-access"] === "superuser",
        );
        expect(needs.has("csrfToken") && needs.has("csrfCookie"), where).toBe(
          method !== "get" && op["x-access"] !== "probe",
        );
      }
    }
    expect(operation("/api/groceries/lists/", "get")["x-access"]).toBe("user");
    expect(operation("/api/admin/audit/", "get")["x-access"]).toBe("superuser");
    expect(operation("/api/recipes/recipes/", "get").security).toEqual([]);
  });

  it("describes POST /api/groceries/lists/ from the contract", () => {
    const op = operation("/api/groceries/lists/", "post");
    expect(op.requestBody?.content["application/json"]?.schema).toMatchObject({
      type: "object",
      properties: { name: { type: "string", minLength: 1, maxLength: 100 } },
      required: ["name"],
    });
    expect(op.responses["201"]?.content?.["application/json"]?.schema).toMatchObject({
      type: "object",
      properties: { id: { type: "number" }, name: { type: "string" } },
      required: ["id", "name"],
    });
    expect(Object.keys(op.responses).sort()).toEqual(["201", "400", "401", "403"]);
    expect(Object.keys(operation("/api/recipes/recipes/{id}/", "get").responses).sort()).toEqual([
      "200",
      "400",
      "404",
    ]);
  });

  it("describes params, queries, multipart forms, 204s and the event stream", () => {
    const detail = operation("/api/recipes/recipes/{id}/", "get");
    expect(detail.parameters).toEqual([expect.objectContaining({ in: "path", name: "id" })]);
    const list = operation("/api/recipes/recipes/", "get");
    expect(list.parameters?.map((p) => `${p.in}:${p.name}`)).toEqual(
      expect.arrayContaining(["query:limit", "query:cursor", "query:search"]),
    );
    for (const method of ["post", "put"]) {
      const path = method === "post" ? "/api/recipes/recipes/" : "/api/recipes/recipes/{id}/";
      const form = operation(path, method).requestBody?.content["multipart/form-data"]?.schema;
      expect(form).toMatchObject({
        properties: { title: { type: "string" }, image: { type: "string", format: "binary" } },
        required: ["title", "content"],
      });
    }
    expect(operation("/api/auth/logout/", "post").requestBody).toBeUndefined();
    expect(operation("/api/groceries/lists/{id}/", "delete").responses).toHaveProperty("204");
    expect(
      operation("/api/groceries/lists/{id}/events/", "get").responses["200"]?.content,
    ).toHaveProperty("text/event-stream");
    expect(
      operation("/api/planner/calendar/{token}.ics", "get").responses["200"]?.content,
    ).toHaveProperty("text/calendar");
  });
});

describe("/api/docs", () => {
  it("answers Swagger UI's page, loading only our own files and no inline script", async () => {
    for (const url of ["/api/docs", "/api/docs/"]) {
      const page = await new Agent(app).get(url);
      expect(page.statusCode).toBe(200);
      expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(page.headers["content-security-policy"]).toContain("script-src 'self';");
      const scripts = [...page.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
      expect(scripts.length).toBeGreaterThan(0);
      for (const [, attributes, body] of scripts) {
        expect(attributes).toMatch(/src="\/api\/docs\/[\w.-]+"/);
        expect(body?.trim()).toBe("");
      }
      const links = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1] ?? "");
      for (const link of links) {
        expect(link).toMatch(/^\/api\/docs\//);
        const file = await new Agent(app).get(link);
        expect(file.statusCode, link).toBe(200);
      }
    }
    expect((await new Agent(app).get("/api/docs/nothing.js")).statusCode).toBe(404);
  });

  it.skipIf(!existsSync("/usr/bin/chromium"))(
    "renders every operation in Chromium under our CSP, with no request elsewhere",
    { timeout: 60_000 },
    async () => {
      const address = await app.listen({ port: 0, host: "127.0.0.1" });
      const browser = await chromium.launch({
        executablePath: "/usr/bin/chromium",
        args: ["--headless", "--no-sandbox", "--disable-gpu"],
      });
      try {
        const page = await browser.newPage();
        const problems: string[] = [];
        page.on("console", (message) => {
          if (message.type() === "error") problems.push(message.text());
        });
        page.on("pageerror", (error) => problems.push(error.message));
        page.on("request", (request) => {
          if (!request.url().startsWith(address)) problems.push(`request to ${request.url()}`);
        });
        await page.goto(`${address}/api/docs`);
        await page.locator(".opblock").first().waitFor({ timeout: 30_000 });
        const operations = Object.values(doc.paths).flatMap((item) => Object.keys(item)).length;
        expect(await page.locator(".opblock").count()).toBe(operations);
        await expect(page.locator(".info .title").textContent()).resolves.toContain("Potluck API");
        expect(problems).toEqual([]);
      } finally {
        await browser.close();
      }
    },
  );
});

describe("every /api route declares its schemas", () => {
  const ok = { 200: z.object({}) };
  it("names what a route lacks", () => {
    expect(schemaProblems({ method: "GET", url: "/api/x/", config: {} })).toEqual([
      "no response schema for a success status",
    ]);
    expect(
      schemaProblems({ method: "GET", url: "/api/x/", schema: { response: { 404: z.null() } } }),
    ).toEqual(["no response schema for a success status"]);
    expect(schemaProblems({ method: "POST", url: "/api/x/", schema: { response: ok } })).toEqual([
      "no body schema",
    ]);
    expect(schemaProblems({ method: "DELETE", url: "/api/x/:id/", schema: {} })).toEqual([
      "no response schema for a success status",
      "no params schema",
    ]);
  });

  it("accepts a full schema and the written exemptions", () => {
    const params = z.object({ id: z.string() });
    const body = z.object({ a: z.string() });
    expect(
      schemaProblems({ method: "PUT", url: "/api/x/:id/", schema: { params, body, response: ok } }),
    ).toEqual([]);
    expect(
      schemaProblems({ method: "DELETE", url: "/api/x/", schema: { response: { 204: z.null() } } }),
    ).toEqual([]);
    expect(
      schemaProblems({
        method: "POST",
        url: "/api/x/",
        config: { noBody: true },
        schema: { response: ok },
      }),
    ).toEqual([]);
    expect(
      schemaProblems({
        method: "POST",
        url: "/api/x/",
        config: { multipart: body },
        schema: { response: ok },
      }),
    ).toEqual([]);
    expect(
      schemaProblems({ method: "GET", url: "/api/x/", config: { noJsonResponse: "a stream" } }),
    ).toEqual([]);
  });

  it("fails the start, listing every offender by method and path", async () => {
    const bare = Fastify();
    const assertSchemas = watchRouteSchemas(bare);
    bare.get("/api/a/", { schema: { response: ok } }, async () => ({}));
    bare.get("/api/b/:id/", async () => ({}));
    bare.post("/api/c/", { schema: { response: ok } }, async () => ({}));
    bare.get("/not-api/", async () => "");
    expect(assertSchemas).toThrow(
      "API routes without schemas:\n" +
        "  GET /api/b/:id/: no response schema for a success status; no params schema\n" +
        "  POST /api/c/: no body schema",
    );
    await bare.close();
  });
});
