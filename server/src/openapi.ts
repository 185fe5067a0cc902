import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import swagger from "@fastify/swagger";
import { detailSchema, fieldErrorsSchema, openApiDocument } from "@potluck/contract";
import type { FastifyInstance, FastifySchema } from "fastify";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import { z } from "zod";
import { CSRF_COOKIE } from "./auth/csrf.js";
import type { Access } from "./auth/plugin.js";
import { SESSION_COOKIE } from "./auth/sessions.js";
import { notFound } from "./http/errors.js";

/** The API's version in the document: raised when a change breaks a client. */
export const API_VERSION = "1.0.0";

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Who may call an operation, as OpenAPI security requirements (all of one object at once). */
function securityOf(access: Access | undefined, methods: string[]): Record<string, string[]>[] {
  const write = methods.some((method) => WRITE_METHODS.has(method));
  const csrf: Record<string, string[]> = write ? { csrfToken: [], csrfCookie: [] } : {};
  if (access === "user" || access === "superuser") return [{ session: [], ...csrf }];
  // Public writes (sign in, sign up) still need the CSRF pair; public reads need nothing.
  return write && access === "public" ? [csrf] : [];
}

const error = (description: string, body: z.ZodType = detailSchema) => ({
  description,
  content: { "application/json": { schema: body } },
});

/** The errors every route of its kind may answer, in the shapes of http/errors.ts. */
function errorResponses(access: Access | undefined, methods: string[], schema: FastifySchema) {
  if (access === "probe") return {};
  const write = methods.some((method) => WRITE_METHODS.has(method));
  const input = write || schema.querystring || schema.params;
  return {
    ...(input ? { 400: error("Invalid input.", z.union([fieldErrorsSchema, detailSchema])) } : {}),
    ...(access === "user" ? { 401: error("Not signed in.") } : {}),
    ...(write || access === "user" ? { 403: error("CSRF check failed, or not allowed.") } : {}),
    ...(schema.params || access === "superuser"
      ? { 404: error("No such object (or not yours to see); anyone but a superuser.") }
      : {}),
  };
}

/**
 * Generates the OpenAPI document from the routes' zod schemas (registered before any route:
 * @fastify/swagger collects them as they are added). Only /api routes are in it; each
 * operation carries its `config.access` as `x-access` and as security requirements.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Potluck API",
        version: API_VERSION,
        description:
          "The JSON API of Potluck, the recipe-sharing app. Signed-in calls carry the session " +
          `cookie (\`${SESSION_COOKIE}\`, set by \`POST /api/auth/login/\`). Every write (any ` +
          "method but GET/HEAD/OPTIONS) also needs the CSRF pair: the `csrftoken` cookie and " +
          "the `X-CSRFToken` header, both from `GET /api/auth/csrf/` (ask again after signing " +
          'in or out). Errors are `{"detail": "..."}` or `{"field": ["message"]}`.',
      },
      components: {
        securitySchemes: {
          session: {
            type: "apiKey",
            in: "cookie",
            name: SESSION_COOKIE,
            description: "The session, set by POST /api/auth/login/ (HttpOnly).",
          },
          csrfToken: {
            type: "apiKey",
            in: "header",
            name: "X-CSRFToken",
            description: "The `csrfToken` of GET /api/auth/csrf/; required on every write.",
          },
          csrfCookie: {
            type: "apiKey",
            in: "cookie",
            name: CSRF_COOKIE,
            description: "The CSRF secret cookie, set by GET /api/auth/csrf/.",
          },
        },
      },
    },
    transform: (document) => {
      const { route, url } = document;
      if (!url.startsWith("/api/")) return { schema: { hide: true }, url };
      const config = route.config ?? {};
      const methods = [route.method].flat();
      const schema: FastifySchema & Record<string, unknown> = {
        ...(document.schema ?? {}),
        // Grouped by the path's first part: auth, recipes, groceries, ...
        tags: [config.access === "probe" ? "probes" : (url.split("/")[2] ?? "api")],
        security: securityOf(config.access, methods),
        "x-access": config.access,
      };
      if (config.multipart) {
        schema.body = config.multipart;
        schema.consumes = ["multipart/form-data"];
      }
      if (config.noJsonResponse && !schema.response) {
        schema.response = {
          200: {
            description: config.noJsonResponse,
            content: { [config.responseMediaType ?? "text/event-stream"]: { schema: z.string() } },
          },
        };
      }
      schema.response = {
        ...errorResponses(config.access, methods, schema),
        ...(schema.response as object),
      };
      return jsonSchemaTransform({ ...document, schema });
    },
  });
}

// ---------- the browsable reference: Swagger UI, every file from our own origin ----------

// @fastify/swagger-ui ships Swagger UI's build (without swagger-ui-dist's postinstall); we
// serve its files through our own routes, each declaring its access like any other.
const swaggerUiDir = path.join(
  path.dirname(createRequire(import.meta.url).resolve("@fastify/swagger-ui/package.json")),
  "static",
);

/** No inline script (the CSP allows only 'self'): the start-up is a file of its own. */
const INIT_JS = `// Potluck API reference: Swagger UI on /api/openapi.json.
window.addEventListener("load", function () {
  var SAFE = ["GET", "HEAD", "OPTIONS"];
  // "Try it out" sends the session cookie; a write also needs the CSRF token, fetched here.
  function withCsrf(request) {
    if (SAFE.indexOf(String(request.method).toUpperCase()) >= 0 || request.headers["X-CSRFToken"]) {
      return request;
    }
    return fetch("/api/auth/csrf/", { credentials: "same-origin" })
      .then(function (response) { return response.json(); })
      .then(function (body) {
        request.headers["X-CSRFToken"] = body.csrfToken;
        return request;
      });
  }
  window.ui = SwaggerUIBundle({
    url: "/api/openapi.json",
    dom_id: "#swagger-ui",
    deepLinking: true,
    presets: [SwaggerUIBundle.presets.apis],
    layout: "BaseLayout",
    validatorUrl: null,
    requestInterceptor: withCsrf,
  });
});
`;

const DOCS_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Potluck API reference</title>
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
<link rel="icon" type="image/png" href="/api/docs/favicon-32x32.png">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script>
</body>
</html>
`;

const DOCS_FILES = {
  "swagger-ui.css": { type: "text/css; charset=utf-8", file: "swagger-ui.css" },
  "swagger-ui-bundle.js": {
    type: "application/javascript; charset=utf-8",
    file: "swagger-ui-bundle.js",
  },
  "favicon-32x32.png": { type: "image/png", file: "favicon-32x32.png" },
  "init.js": { type: "application/javascript; charset=utf-8", file: undefined },
} as const;
type DocsFile = keyof typeof DOCS_FILES;
const docsFileParams = z.object({ file: z.string() });

/** `GET /api/openapi.json` and the reference at `/api/docs`. */
export async function openApiRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    "/api/openapi.json",
    { config: { access: "public" }, schema: { response: { 200: openApiDocument } } },
    async () => app.swagger() as z.infer<typeof openApiDocument>,
  );

  for (const url of ["/api/docs", "/api/docs/"]) {
    app.get(
      url,
      {
        config: { access: "public", noJsonResponse: "an HTML page (Swagger UI)" },
        schema: { hide: true },
      },
      async (_request, reply) =>
        reply.type("text/html; charset=utf-8").header("cache-control", "no-cache").send(DOCS_HTML),
    );
  }

  const cache = new Map<DocsFile, Buffer | string>();
  app.get(
    "/api/docs/:file",
    {
      config: { access: "public", noJsonResponse: "Swagger UI's script, style and icon files" },
      schema: { hide: true, params: docsFileParams },
    },
    async (request, reply) => {
      const asked = (request.params as z.infer<typeof docsFileParams>).file;
      if (!Object.hasOwn(DOCS_FILES, asked)) throw notFound();
      const name = asked as DocsFile;
      const { type, file } = DOCS_FILES[name];
      let body = cache.get(name);
      if (body === undefined) {
        body = file === undefined ? INIT_JS : await readFile(path.join(swaggerUiDir, file));
        cache.set(name, body);
      }
      return reply.type(type).header("cache-control", "no-cache").send(body);
    },
  );
}
