// Property: no request, however malformed, gets a 5xx, and a refused one (4xx) changes nothing
// in the database. Every route of the app is enumerated from Fastify itself, so a new route
// without a generator below fails the suite.
import { randomBytes } from "node:crypto";
import {
  addListMemberBody,
  addPlannerMemberBody,
  adminReportsQuery,
  adminUsersQuery,
  aisleOrderBody,
  auditQuery,
  changePasswordBody,
  commentBody,
  cooksToFollowQuery,
  createCollectionBody,
  createGroceryListBody,
  createIngredientBody,
  createPlannedExtraBody,
  createPlannedRecipeBody,
  createPlannerEntryBody,
  createPlannerPersonBody,
  deleteAccountBody,
  feedItemsQuery,
  groceryListFilter,
  importRecipeBody,
  importUrlsBody,
  ingredientSearchQuery,
  loginBody,
  markNotificationsReadBody,
  moveIngredientAisleBody,
  moveTextAisleBody,
  notificationsQuery,
  pageQuery,
  parseLinesBody,
  passwordResetBody,
  passwordResetConfirmBody,
  plannerEntriesQuery,
  plannerEventsQuery,
  plannerPeopleQuery,
  ratingBody,
  ratingListQuery,
  recipeListQuery,
  recipeSubmissionFields,
  replaceStaplesBody,
  reportBody,
  resolveReportBody,
  sendToListBody,
  signupBody,
  suggestBody,
  tagListQuery,
  updateCollectionBody,
  updateGroceryListBody,
  updateNotificationSettingsBody,
  updatePlannerEntryBody,
  updatePlannerPersonBody,
  updatePreferencesBody,
  updateProfileBody,
  updateShoppingItemBody,
  userSearchQuery,
} from "@potluck/contract";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CSRF_COOKIE, csrfTokenFor } from "../src/auth/csrf.js";
import { createSession, findSessionUser, SESSION_COOKIE } from "../src/auth/sessions.js";
import { multipartBody } from "../src/http/inject-agent.js";
import { buildRecipe, ingredientId, signedIn, TEST_PASSWORD, unitId } from "./factories.js";
import { type InputShape, type RequestPlan, requests } from "./fuzz-requests.js";
import { Agent, createTestApp } from "./helper.js";
import { type Route, routesOf } from "./routes.js";

const { app, db, config } = await createTestApp();

/** Runs per route: 69 routes (HEADs included) take about 10 s on a quiet machine. */
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 40);

const fields = (schema: { shape: object }) => Object.keys(schema.shape);

/** The usernames of the fixtures' cooks, filled in once they exist. */
const usernames: string[] = [];

/** The input of each route (HEAD routes are their GET's). A route missing here fails. */
const SHAPES: Record<string, InputShape> = {
  "GET /api/health/": {},
  "GET /api/ready/": {},
  "GET /api/auth/csrf/": {},
  "GET /api/auth/status/": {},
  "POST /api/auth/signup/": { body: fields(signupBody) },
  "POST /api/auth/login/": { body: fields(loginBody) },
  "POST /api/auth/logout/": {},
  // A wrong old password (no generator guesses the fixture's) is a 400 that changes nothing.
  "POST /api/auth/password/": { body: fields(changePasswordBody) },
  "POST /api/auth/password-reset/": { body: fields(passwordResetBody) },
  "POST /api/auth/password-reset/confirm/": { body: fields(passwordResetConfirmBody) },
  "GET /api/auth/sessions/": {},
  "DELETE /api/auth/sessions/:id/": {},
  "POST /api/auth/sessions/end-others/": {},
  "GET /api/tos/latest/": {},
  // The ratings are registered at "/" under a prefix: Fastify serves them with and without
  // the trailing slash.
  "GET /api/recipes/ratings": { query: fields(ratingListQuery) },
  "POST /api/recipes/ratings": { body: fields(ratingBody) },
  "GET /api/recipes/ratings/": { query: fields(ratingListQuery) },
  "POST /api/recipes/ratings/": { body: fields(ratingBody) },
  "PUT /api/recipes/ratings/:id/": { body: fields(ratingBody) },
  "DELETE /api/recipes/ratings/:id/": {},
  "GET /api/recipes/recipes/": { query: fields(recipeListQuery) },
  "POST /api/recipes/recipes/": {
    body: [...fields(recipeSubmissionFields), "image"],
    multipart: true,
  },
  "GET /api/recipes/recipes/:id/": {},
  "GET /api/recipes/tags/": { query: fields(tagListQuery) },
  "GET /api/recipes/collections/": {},
  "POST /api/recipes/collections/": { body: fields(createCollectionBody) },
  "PATCH /api/recipes/collections/:id/": { body: fields(updateCollectionBody) },
  "DELETE /api/recipes/collections/:id/": {},
  "PUT /api/recipes/collections/:id/recipes/:recipe_id/": {},
  "DELETE /api/recipes/collections/:id/recipes/:recipe_id/": {},
  "GET /api/recipes/recipes/:id/jsonld/": {},
  "GET /api/recipes/recipes/:id/conversation/": {},
  "POST /api/recipes/import/": { body: Object.keys(importRecipeBody.shape) },
  "PUT /api/recipes/recipes/:id/": {
    body: [...fields(recipeSubmissionFields), "image"],
    multipart: true,
  },
  "DELETE /api/recipes/recipes/:id/": {},
  "GET /api/ingredients/units/": {},
  "GET /api/ingredients/ingredients/": { query: fields(ingredientSearchQuery) },
  "GET /api/ingredients/ingredients/:id/": {},
  "POST /api/ingredients/ingredients/": { body: fields(createIngredientBody) },
  "PUT /api/ingredients/ingredients/:id/aisle/": { body: fields(moveIngredientAisleBody) },
  "POST /api/ingredients/parse/": { body: fields(parseLinesBody) },
  "GET /api/users/search/": { query: fields(userSearchQuery) },
  "GET /api/users/cooks-to-follow/": { query: fields(cooksToFollowQuery) },
  "GET /api/users/followers/": { query: fields(pageQuery) },
  "GET /api/users/following/": { query: fields(pageQuery) },
  "GET /api/users/:username/": { usernames },
  "POST /api/users/:id/follow/": {},
  "DELETE /api/users/:id/follow/": {},
  "POST /api/users/:username/block/": { usernames },
  "DELETE /api/users/:username/block/": { usernames },
  "GET /api/users/me/blocked/": {},
  "GET /api/users/me/preferences/": {},
  "PATCH /api/users/me/preferences/": { body: fields(updatePreferencesBody) },
  "GET /api/users/me/staples/": {},
  "PUT /api/users/me/staples/": { body: fields(replaceStaplesBody) },
  "GET /api/users/me/export/": {},
  "GET /api/users/me/": {},
  "PATCH /api/users/me/": { body: fields(updateProfileBody) },
  // A wrong password (no generator guesses the fixture's) is a 400 that deletes nothing.
  "DELETE /api/users/me/": { body: fields(deleteAccountBody) },
  "GET /api/users/me/notification-settings/": {},
  "PATCH /api/users/me/notification-settings/": { body: fields(updateNotificationSettingsBody) },
  // "/" under a prefix answers with and without the trailing slash.
  "GET /api/notifications": { query: fields(notificationsQuery) },
  "GET /api/notifications/": { query: fields(notificationsQuery) },
  "POST /api/notifications/read/": { body: fields(markNotificationsReadBody) },
  "GET /api/notifications/events/": {},
  "GET /api/planner/entries/": { query: fields(plannerEntriesQuery) },
  "POST /api/planner/entries/": { body: fields(createPlannerEntryBody) },
  "PATCH /api/planner/entries/:id/": { body: fields(updatePlannerEntryBody) },
  "DELETE /api/planner/entries/:id/": {},
  "GET /api/planner/members/": {},
  "POST /api/planner/members/": { body: fields(addPlannerMemberBody) },
  "DELETE /api/planner/members/:username/": { usernames },
  "GET /api/planner/people/": { query: fields(plannerPeopleQuery) },
  "POST /api/planner/people/": { body: fields(createPlannerPersonBody) },
  "PATCH /api/planner/people/:id/": { body: fields(updatePlannerPersonBody) },
  "DELETE /api/planner/people/:id/": {},
  "GET /api/planner/shared/": {},
  "DELETE /api/planner/shared/:username/": { usernames },
  "POST /api/planner/send-to-list/": { body: fields(sendToListBody) },
  "POST /api/planner/calendar-link/": {},
  "DELETE /api/planner/calendar-link/": {},
  "GET /api/planner/calendar/:token.ics": {},
  "POST /api/planner/suggest/": { body: fields(suggestBody) },
  "GET /api/planner/events/": { query: fields(plannerEventsQuery) },
  // Imports take {"urls"} as JSON (or a multipart file); "/" under a prefix answers with and
  // without the trailing slash. No job worker runs here: imports stay queued.
  "POST /api/imports": { body: fields(importUrlsBody) },
  "GET /api/imports": {},
  "POST /api/imports/": { body: fields(importUrlsBody) },
  "GET /api/imports/": {},
  "GET /api/imports/events/": {},
  "GET /api/imports/:id/": {},
  "POST /api/imports/:id/cancel/": {},
  "POST /api/reports": { body: fields(reportBody) },
  "POST /api/reports/": { body: fields(reportBody) },
  // Superusers only: the fuzzing cook gets 404 for every one (moderation.test.ts covers them).
  "GET /api/admin/reports/": { query: fields(adminReportsQuery) },
  "POST /api/admin/reports/:id/resolve/": { body: fields(resolveReportBody) },
  "POST /api/admin/reports/:id/unhide/": {},
  "GET /api/admin/reports/:id/context/": {},
  "GET /api/admin/users/": { query: fields(adminUsersQuery) },
  "POST /api/admin/users/:username/disable/": { usernames },
  "POST /api/admin/users/:username/enable/": { usernames },
  "GET /api/admin/audit/": { query: fields(auditQuery) },
  "GET /api/feed/items/": { query: fields(feedItemsQuery) },
  "POST /api/feed/items/:id/like/": {},
  "DELETE /api/feed/items/:id/like/": {},
  "GET /api/feed/items/:id/comments/": {},
  "POST /api/feed/items/:id/comments/": { body: fields(commentBody) },
  "PATCH /api/feed/comments/:id/": { body: fields(commentBody) },
  "DELETE /api/feed/comments/:id/": {},
  "GET /api/groceries/lists/": {},
  "POST /api/groceries/lists/": { body: fields(createGroceryListBody) },
  "GET /api/groceries/lists/:id/": {},
  "PATCH /api/groceries/lists/:id/": { body: fields(updateGroceryListBody) },
  "DELETE /api/groceries/lists/:id/": {},
  "GET /api/groceries/planned-recipes/": { query: fields(groceryListFilter) },
  "POST /api/groceries/planned-recipes/": { body: fields(createPlannedRecipeBody) },
  "DELETE /api/groceries/planned-recipes/:id/": {},
  "GET /api/groceries/planned-extras/": { query: fields(groceryListFilter) },
  "POST /api/groceries/planned-extras/": { body: fields(createPlannedExtraBody) },
  "DELETE /api/groceries/planned-extras/:id/": {},
  "GET /api/groceries/items/": { query: fields(groceryListFilter) },
  "PATCH /api/groceries/items/:id/": { body: fields(updateShoppingItemBody) },
  "GET /api/groceries/lists/:id/members/": {},
  "POST /api/groceries/lists/:id/members/": { body: fields(addListMemberBody) },
  "DELETE /api/groceries/lists/:id/members/:username/": { usernames },
  "GET /api/groceries/lists/:id/events/": {},
  "GET /api/groceries/aisles/": {},
  "PUT /api/groceries/aisle-order/": { body: fields(aisleOrderBody) },
  "PUT /api/groceries/aisles/text/": { body: fields(moveTextAisleBody) },
  "GET /api/openapi.json": {},
  "GET /api/docs": {},
  "GET /api/docs/": {},
  "GET /api/docs/:file": { words: ["init.js", "swagger-ui.css", "favicon-32x32.png", "x.js"] },
  // @fastify/static's media files.
  "GET /media/*": {},
};

const shapeOf = ({ method, url }: Route) => SHAPES[`${method === "HEAD" ? "GET" : method} ${url}`];

// printRoutes draws @fastify/static's /media/* as a bare `*` under the root (checked below).
const routes = routesOf(app, (method, url) => shapeOf({ method, url }) !== undefined).map(
  (route) => (route.url === "*" ? { ...route, url: "/media/*" } : route),
);

// ---------- the database's contents ----------

/**
 * One hash of every table's rows. Left out: rate_limits, whose rows count refused logins and
 * signups on purpose (a refused attempt must count), sessions.last_seen_at, which any
 * signed-in request may refresh, and ingredient_names, the catalogue's names in nine languages
 * that only the start-up's reference data writes (15,000 rows: hashing them after every
 * request tripled this file's time).
 */
async function contentsQuery(): Promise<string> {
  const columns = await db.execute<{ table_name: string; column_name: string }>(sql`
    select table_name, column_name from information_schema.columns
    where table_schema = 'public' and table_name not in ('rate_limits', 'ingredient_names')
      and (table_name, column_name) <> ('sessions', 'last_seen_at')
      and table_name in (select table_name from information_schema.tables
                         where table_schema = 'public' and table_type = 'BASE TABLE')
    order by table_name, ordinal_position`);
  const byTable = new Map<string, string[]>();
  for (const { table_name, column_name } of columns.rows) {
    byTable.set(table_name, [...(byTable.get(table_name) ?? []), `"${column_name}"`]);
  }
  const perTable = [...byTable].map(
    ([table, cols]) =>
      `select '${table}' as t, count(*) || ':' || coalesce(sum(hashtextextended(row(${cols.join(", ")})::text, 0)), 0) as h from "${table}"`,
  );
  return `select string_agg(t || '=' || h, ',' order by t) as contents from (${perTable.join(" union all ")}) x`;
}
const CONTENTS = sql.raw(await contentsQuery());
const contents = async () =>
  (await db.execute<{ contents: string }>(CONTENTS)).rows[0]?.contents ?? "";

// ---------- fixtures: two cooks who follow each other, with something of everything ----------

const me = await signedIn(app, db);
const other = await signedIn(app, db);
await me.agent.post(`/api/users/${other.user.id}/follow/`);
await other.agent.post(`/api/users/${me.user.id}/follow/`);
usernames.push(me.user.username, other.user.username);
const INGREDIENT = await ingredientId(db, "Egg");
const UNIT = await unitId(db, "piece");
const ids: number[] = [me.user.id, other.user.id, INGREDIENT, UNIT];

const ok = async (response: Promise<{ statusCode: number; body: string }>) => {
  const done = await response;
  expect(done.statusCode, done.body).toBeLessThan(300);
  return JSON.parse(done.body) as { id: number };
};

/** How many times the fixtures were added (their collections' names must differ). */
let fixtureRound = 0;

/** A fresh set of rows the requests' ids can hit, as each route's run may delete some. */
/**
 * Signs a fixture's agent in again when a request ended its session: "sign out everywhere
 * else", sent with the test's own session of the same cook, ends the agent's.
 */
async function keepSignedIn(fixture: Awaited<ReturnType<typeof signedIn>>) {
  const status = (await fixture.agent.get("/api/auth/status/")).json();
  if ((status as { authenticated: boolean }).authenticated) return;
  // A new browser: the old one's CSRF token was bound to the session that ended.
  fixture.agent = new Agent(app);
  const login = { username: fixture.user.username, password: TEST_PASSWORD };
  await ok(fixture.agent.post("/api/auth/login/", login));
}

async function addFixtures(): Promise<void> {
  await keepSignedIn(me);
  await keepSignedIn(other);
  const recipeRows = JSON.stringify([{ ingredient_id: INGREDIENT, quantity: 1, unit_id: UNIT }]);
  const { payload, contentType } = multipartBody({
    title: "Omelette",
    content: "<p>Beat and fry.</p>",
    recipe_ingredients: recipeRows,
  });
  const mine = await ok(me.agent.raw("POST", "/api/recipes/recipes/", payload, contentType));
  const theirs = await buildRecipe(db, other.user.id);
  const rating = await ok(
    me.agent.post("/api/recipes/ratings/", { rating: 6, comment: "Good", recipe: theirs.id }),
  );
  const item = await db.execute<{ id: number }>(sql`
    select id from feed_items where recipe_id = ${mine.id} order by id desc limit 1`);
  const itemId = item.rows[0]?.id ?? 1;
  const comment = await ok(me.agent.post(`/api/feed/items/${itemId}/comments/`, { text: "Yum" }));
  const list = await ok(me.agent.post("/api/groceries/lists/", { name: "Week" }));
  const planned = await ok(
    me.agent.post("/api/groceries/planned-recipes/", {
      grocery_list_id: list.id,
      recipe_id: mine.id,
      guests: 2,
    }),
  );
  const extra = await ok(
    me.agent.post("/api/groceries/planned-extras/", {
      grocery_list_id: list.id,
      ingredient_id: INGREDIENT,
      quantity: 2,
      unit_id: UNIT,
    }),
  );
  const items = await db.execute<{ id: number }>(sql`
    select id from shopping_items where grocery_list_id = ${list.id}`);
  const theirList = await ok(other.agent.post("/api/groceries/lists/", { name: "Theirs" }));
  // Shared both ways, so that the members routes find someone to list and remove.
  await ok(
    me.agent.post(`/api/groceries/lists/${list.id}/members/`, { username: other.user.username }),
  );
  await ok(
    other.agent.post(`/api/groceries/lists/${theirList.id}/members/`, {
      username: me.user.username,
    }),
  );
  // Planners shared both ways, with an entry each (ids for PATCH and DELETE to hit).
  const entry = await ok(
    me.agent.post("/api/planner/entries/", {
      date: "2030-01-07",
      slot: "dinner",
      recipe_id: mine.id,
    }),
  );
  const theirEntry = await ok(
    other.agent.post("/api/planner/entries/", { date: "2030-01-07", slot: "lunch", note: "Out" }),
  );
  await me.agent.post("/api/planner/members/", { username: other.user.username });
  await other.agent.post("/api/planner/members/", { username: me.user.username });
  fixtureRound += 1;
  const collection = await ok(
    me.agent.post("/api/recipes/collections/", { name: `Keep ${fixtureRound}` }),
  );
  await me.agent.put(`/api/recipes/collections/${collection.id}/recipes/${theirs.id}/`);
  const theirCollection = await ok(
    other.agent.post("/api/recipes/collections/", { name: `Theirs ${fixtureRound}` }),
  );
  ids.push(
    collection.id,
    theirCollection.id,
    mine.id,
    theirs.id,
    rating.id,
    itemId,
    comment.id,
    list.id,
    planned.id,
    extra.id,
    theirList.id,
    entry.id,
    theirEntry.id,
    ...items.rows.map((row) => row.id),
  );
}

// ---------- sending a plan ----------

/** The session the signed-in requests use; replaced when a request ended it (logout, login). */
let session = await createSession(db, me.user.id);
const csrfSecret = randomBytes(16).toString("base64url");

/** Starts a new session when a write ended ours (logout, login); true when it did. */
async function renewSession(): Promise<boolean> {
  if (await findSessionUser(db, session)) return false;
  session = await createSession(db, me.user.id);
  return true;
}

async function send(plan: RequestPlan, method: string) {
  const sessionToken = plan.signedIn ? session : undefined;
  const cookies = [
    ...(sessionToken ? [`${SESSION_COOKIE}=${sessionToken}`] : []),
    ...(plan.csrf === "no-cookie" ? [] : [`${CSRF_COOKIE}=${csrfSecret}`]),
    ...(plan.headers.cookie ? [plan.headers.cookie] : []),
  ];
  const token = csrfTokenFor(config.sessionSecret, csrfSecret, sessionToken);
  const headers: Record<string, string> = {
    ...(plan.body ? { "content-type": plan.body.contentType } : {}),
    ...plan.headers,
    cookie: cookies.join("; "),
    ...(plan.csrf === "missing" ? {} : { "x-csrftoken": plan.csrf === "wrong" ? "x" : token }),
  };
  const response = await app.inject({
    method: method as "GET",
    url: plan.query ? `${plan.path}?${plan.query}` : plan.path,
    headers,
    remoteAddress: plan.remoteAddress,
    ...(plan.body ? { payload: plan.body.payload } : {}),
    // An event stream never ends: inject answers at its head, and the test hangs up.
    payloadAsStream: true,
  });
  if (response.headers["content-type"] === "text/event-stream") {
    response.raw.res.destroy();
    return { statusCode: response.statusCode, body: "" };
  }
  const chunks: Buffer[] = [];
  for await (const chunk of response.stream()) chunks.push(chunk as Buffer);
  return { statusCode: response.statusCode, body: Buffer.concat(chunks).toString() };
}

// ---------- the property ----------

const SAFE_METHODS = ["GET", "HEAD"];

/** Whether a write comes with the token and from our own origin (inject's is localhost:80). */
function isSameSiteWrite(plan: RequestPlan): boolean {
  const { origin, "sec-fetch-site": site } = plan.headers;
  const ourOrigin =
    !origin ||
    origin === "null" ||
    (URL.canParse(origin) && new URL(origin).host === "localhost:80");
  return plan.csrf === "valid" && ourOrigin && site !== "cross-site";
}

describe("no request gets a 5xx, and a refused one changes nothing", () => {
  it("has a generator for every route of the app", () => {
    expect(routes.length).toBeGreaterThan(40);
    expect(app.hasRoute({ method: "GET", url: "/media/*" })).toBe(true);
    const missing = routes.filter((route) => !shapeOf(route));
    expect(missing).toEqual([]);
    const known = new Set(routes.map(({ method, url }) => `${method} ${url}`));
    expect(Object.keys(SHAPES).filter((key) => !known.has(key))).toEqual([]);
  });

  // Fresh rows for the ids to hit whenever a route's run may have deleted some.
  let fixturesSpent = true;

  for (const route of routes) {
    it(`${route.method} ${route.url}`, { timeout: 120_000 }, async () => {
      const shape = shapeOf(route);
      if (!shape) throw new Error(`no generator for ${route.method} ${route.url}`);
      if (fixturesSpent) await addFixtures();
      fixturesSpent = false;
      let before = await contents();
      await fc.assert(
        fc.asyncProperty(
          requests(route.method, route.url, shape, () => ids),
          async (plan) => {
            const response = await send(plan, route.method);
            const where = `${route.method} ${plan.path}?${plan.query} → ${response.statusCode} ${response.body.slice(0, 300)}`;
            expect(response.statusCode, where).toBeLessThan(500);
            let after = await contents();
            if (response.statusCode >= 400) expect(after, `changed by ${where}`).toBe(before);
            if (!SAFE_METHODS.includes(route.method) && response.statusCode < 400) {
              // A write without the right token, or from another site, never succeeds.
              expect(isSameSiteWrite(plan), `forged write accepted: ${where}`).toBe(true);
              if (route.method === "DELETE") fixturesSpent = true;
              if (await renewSession()) after = await contents();
            }
            before = after;
          },
        ),
        { numRuns: RUNS_PER_ROUTE },
      );
    });
  }
});
