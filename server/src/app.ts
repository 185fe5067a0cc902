import cookie from "@fastify/cookie";
import formbody from "@fastify/formbody";
import multipart from "@fastify/multipart";
import fastifyStatic from "@fastify/static";
import { okResponse, RECIPE_IMAGE_MAX_BYTES } from "@potluck/contract";
import { sql } from "drizzle-orm";
import Fastify, { type FastifyInstance, type FastifyRequest } from "fastify";
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import { accountSecurityRoutes } from "./auth/account-routes.js";
import { authPlugin } from "./auth/plugin.js";
import { authRoutes } from "./auth/routes.js";
import { SESSION_COOKIE } from "./auth/sessions.js";
import { collectionsRoutes } from "./collections/routes.js";
import type { Config } from "./config.js";
import { conversationRoutes } from "./conversation/routes.js";
import type { Db } from "./db/client.js";
import { NotifyHub } from "./db/notify-listener.js";
import { feedRoutes } from "./feed/routes.js";
import { groceryAislesRoutes } from "./groceries/routes/aisles.js";
import { groceryEventsRoutes } from "./groceries/routes/events.js";
import { ingredientAisleRoutes } from "./groceries/routes/ingredient-aisle.js";
import { groceryItemsRoutes } from "./groceries/routes/items.js";
import { groceryListsRoutes } from "./groceries/routes/lists.js";
import { groceryMembersRoutes } from "./groceries/routes/members.js";
import { groceryPlansRoutes } from "./groceries/routes/plans.js";
import { registerErrorHandler } from "./http/errors.js";
import { urlForLog } from "./http/log-url.js";
import { registerRequestLanguage } from "./http/request-language.js";
import { watchRouteSchemas } from "./http/route-schemas.js";
import { registerSecurityHeaders } from "./http/security-headers.js";
import { translateErrorBody } from "./i18n/from-english.js";
import { importsRoutes } from "./imports/routes.js";
import { ingredientsRoutes } from "./ingredients/routes.js";
import { JobQueue } from "./jobs/queue.js";
import { decorateImageStorage, serveImages } from "./media/serve.js";
import { adminRoutes, reportRoutes } from "./moderation/routes.js";
import { notificationSettingsRoutes, notificationsRoutes } from "./notifications/routes.js";
import { openApiRoutes, registerOpenApi } from "./openapi.js";
import { plannerPeopleRoutes } from "./planner/people-routes.js";
import { plannerRoutes } from "./planner/routes.js";
import { ratingsRoutes } from "./ratings/routes.js";
import { recipeImageAccess } from "./recipes/image-access.js";
import { importRoutes } from "./recipes/import/routes.js";
import { SearchRankings } from "./recipes/ranking-cache.js";
import { recipesRoutes } from "./recipes/routes.js";
import { termsRoutes } from "./terms/routes.js";
import { userAccountRoutes } from "./users/routes/account.js";
import { userBlocksRoutes } from "./users/routes/blocks.js";
import { userFollowsRoutes } from "./users/routes/follows.js";
import { userPreferencesRoutes } from "./users/routes/preferences.js";
import { userProfileRoutes } from "./users/routes/profile.js";
import { userSearchRoutes } from "./users/routes/search.js";
import { userStaplesRoutes } from "./users/routes/staples.js";
import { loadFirstLoadHtml, withLanguage } from "./web-app/first-load.js";

declare module "fastify" {
  interface FastifyInstance {
    db: Db;
    config: Config;
    searchRankings: SearchRankings;
    /** Background jobs: send from any route; background-jobs.ts says which this process works. */
    jobs: JobQueue;
    /** The one LISTEN connection: the session cache's and every live stream's channels. */
    notifyHub: NotifyHub;
  }
}

export async function buildApp(config: Config, db: Db): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === "silent" ? false : { level: config.logLevel },
    // Fastify's two lines per request (received, completed): ours below is one, or none.
    disableRequestLogging: true,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate("db", db);
  app.decorate("config", config);
  await decorateImageStorage(app, config);
  app.decorate("searchRankings", new SearchRankings());
  app.decorate("jobs", new JobQueue(db.$client, app.log, config.shutdownTimeoutMs));
  // After requests in flight: running jobs are told to stop, and return to the queue.
  app.addHook("onClose", () => app.jobs.stop());
  // Connected when a session or a stream first needs it; its subscribers stop before it.
  app.decorate("notifyHub", new NotifyHub(db, app.log));
  app.addHook("onClose", () => app.notifyHub.close());
  registerErrorHandler(app);
  if (config.logRequests) logRequests(app);

  registerSecurityHeaders(app, config);
  await app.register(cookie);
  await app.register(formbody);
  await app.register(multipart, {
    limits: { fileSize: RECIPE_IMAGE_MAX_BYTES, files: 1, fields: 20, fieldSize: 512 * 1024 },
  });
  await app.register(authPlugin);
  // After the session is known: the signed-in cook's language first. A page (index.html) is
  // answered without a session lookup of its own: its <html lang> is the cook's too.
  registerRequestLanguage(app, async (request) => {
    if (request.user) return request.user.language;
    const token = request.cookies[SESSION_COOKIE];
    if (!token || !isPageRequest(request)) return null;
    return (await app.sessions.userOf(token))?.language ?? null;
  });
  const assertRouteSchemas = watchRouteSchemas(app);
  // Before every route: the document is collected as routes are added.
  await registerOpenApi(app);

  // Liveness: the process answers. Cheap (no session, no database), so a load balancer may
  // ask often.
  const probe = { config: { access: "probe" as const }, schema: { response: { 200: okResponse } } };
  app.get("/api/health/", probe, async () => ({ ok: true as const }));
  // Readiness: the process can serve, its database included (503 while it is away).
  app.get("/api/ready/", probe, async (_request, reply) => {
    await app.db.execute(sql`select 1`);
    reply.header("cache-control", "no-store");
    return { ok: true as const };
  });
  await app.register(accountSecurityRoutes, { prefix: "/api/auth" });
  await app.register(authRoutes, { prefix: "/api/auth" });
  await app.register(termsRoutes, { prefix: "/api/tos" });
  // The recipes' own sub-resources, each its own plugin under the recipes' prefix.
  await app.register(ratingsRoutes, { prefix: "/api/recipes/ratings" });
  await app.register(importRoutes, { prefix: "/api/recipes" });
  await app.register(collectionsRoutes, { prefix: "/api/recipes" });
  await app.register(conversationRoutes, { prefix: "/api/recipes" });
  await app.register(recipesRoutes, { prefix: "/api/recipes" });
  await app.register(ingredientsRoutes, { prefix: "/api/ingredients" });
  await app.register(ingredientAisleRoutes, { prefix: "/api/ingredients" });
  // The users' sub-resources, each its own plugin under one prefix.
  await app.register(userFollowsRoutes, { prefix: "/api/users" });
  await app.register(userBlocksRoutes, { prefix: "/api/users" });
  await app.register(userSearchRoutes, { prefix: "/api/users" });
  await app.register(userProfileRoutes, { prefix: "/api/users" });
  await app.register(userPreferencesRoutes, { prefix: "/api/users" });
  await app.register(userStaplesRoutes, { prefix: "/api/users" });
  await app.register(userAccountRoutes, { prefix: "/api/users" });
  await app.register(notificationSettingsRoutes, { prefix: "/api/users" });
  await app.register(notificationsRoutes, { prefix: "/api/notifications" });
  await app.register(feedRoutes, { prefix: "/api/feed" });
  // The groceries' sub-resources, each its own plugin under one prefix.
  await app.register(groceryListsRoutes, { prefix: "/api/groceries" });
  await app.register(groceryPlansRoutes, { prefix: "/api/groceries" });
  await app.register(groceryItemsRoutes, { prefix: "/api/groceries" });
  await app.register(groceryAislesRoutes, { prefix: "/api/groceries" });
  await app.register(groceryMembersRoutes, { prefix: "/api/groceries" });
  await app.register(groceryEventsRoutes, { prefix: "/api/groceries" });
  await app.register(plannerRoutes, { prefix: "/api/planner" });
  await app.register(plannerPeopleRoutes, { prefix: "/api/planner" });
  await app.register(importsRoutes, { prefix: "/api/imports" });
  await app.register(reportRoutes, { prefix: "/api/reports" });
  await app.register(adminRoutes, { prefix: "/api/admin" });
  await openApiRoutes(app);

  // Media keys are random and never reused, so an image never changes: cached for a year.
  await serveImages(app, config, (key, request) => recipeImageAccess(app.db, key, request.user));
  await registerWebApp(app, config);
  assertRouteSchemas();
  return app;
}

/** Serves the built SPA: hashed assets cached for a year, index.html for every client route. */
async function registerWebApp(app: FastifyInstance, config: Config): Promise<void> {
  const webDist = config.webDist;
  // index.html with the page's chunks and data announced (decision 0021), when the build says.
  const pageHtml = webDist ? loadFirstLoadHtml(webDist) : undefined;
  if (webDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      // The build writes a .br and a .gz beside each text file (web/scripts/precompress.ts):
      // sent to browsers that accept them, a third of the bytes on a phone's network.
      preCompressed: true,
      // Our own cache-control below; the plugin's default would overwrite it.
      cacheControl: false,
      // index.html is a page like any other (the not-found handler below): written in the
      // request's language, with the page's preloads; "/" and "/index.html" included.
      globIgnore: ["index.html", "index.html.br", "index.html.gz"],
      setHeaders: (res, filePath) => {
        // The same address answers br, gzip or plain bytes: caches must keep them apart.
        res.setHeader("vary", "accept-encoding");
        res.setHeader(
          "cache-control",
          filePath.includes("/assets/") ? "public, max-age=31536000, immutable" : "no-cache",
        );
      },
    });
    app.get("/assets/*", (request, reply) => {
      const file = (request.params as { "*": string })["*"];
      return reply.sendFile(`assets/${file}`);
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (webDist && isPageRequest(request)) {
      // The page is written in the request's language (<html lang dir>), which the cookies
      // and Accept-Language decide: a shared cache must keep each answer apart, and the
      // browser asks again each time (no-cache) anyway.
      reply.header("cache-control", "no-cache");
      reply.header("vary", "Cookie, Accept-Language");
      // A hint only: a stale cookie costs the signed-in reads a refusal each, nothing more.
      const html = pageHtml?.(
        request.url,
        Boolean(request.cookies[SESSION_COOKIE]),
        request.language,
      );
      if (html === undefined) return reply.sendFile("index.html");
      return reply.type("text/html; charset=utf-8").send(withLanguage(html, request.language));
    }
    return reply.code(404).send(translateErrorBody({ detail: "Not found." }, request.language));
  });
}

/** A GET of a page of the web app: any address but the API's, the images' and the assets'. */
function isPageRequest(request: FastifyRequest): boolean {
  return (
    request.method === "GET" &&
    !request.url.startsWith("/api/") &&
    !request.url.startsWith("/media/") &&
    !request.url.startsWith("/assets/")
  );
}

/** One line per request, when it has been answered. */
function logRequests(app: FastifyInstance): void {
  app.addHook("onResponse", (request, reply, done) => {
    request.log.info(
      {
        method: request.method,
        url: urlForLog(request.url),
        statusCode: reply.statusCode,
        responseTime: Math.round(reply.elapsedTime * 10) / 10,
        remoteAddress: request.ip,
      },
      "request completed",
    );
    done();
  });
}
