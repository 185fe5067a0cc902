import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import type { Viewer } from "../src/auth/policy.js";
import {
  canActOnRecipe,
  canReadRecipe,
  mayActOnRecipe,
  mayReadRecipe,
  readerFacts,
} from "../src/recipes/policy.js";
import {
  buildFeedItem,
  buildRecipe,
  buildUser,
  signedIn,
  TEST_PASSWORD,
  type TestUser,
} from "./factories.js";
import { Agent, createTestApp } from "./helper.js";

// Reports and moderation (issue 27 §3, decision 0033). Two apps on one database stand for two
// app processes: a disabled cook's sessions end in both.
const one = await createTestApp({ env: { REPORTS_PER_USER: "5" } });
const two = await createTestApp({ sameDatabaseAs: one, env: { REPORTS_PER_USER: "5" } });
const { app, db } = one;

/** Polls a condition every few milliseconds, failing after two seconds. */
async function until(condition: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 2000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function follow(agent: Agent, user: TestUser) {
  expect((await agent.post(`/api/users/${user.id}/follow/`)).statusCode).toBe(201);
}

/**
 * A world: A (author) wrote a public recipe with a feed item, B follows A and commented on it,
 * and so did A; M is a superuser, C a stranger who follows A too.
 */
async function world(title = `Lasagne ${Math.random().toString(36).slice(2, 8)}`) {
  const a = await signedIn(app, db);
  const b = await signedIn(app, db);
  const c = await signedIn(app, db);
  const m = await signedIn(app, db, { isSuperuser: true });
  const recipe = await buildRecipe(db, a.user.id, { title });
  const itemId = await buildFeedItem(db, a.user.id, recipe.id);
  await follow(b.agent, a.user);
  await follow(c.agent, a.user);
  await follow(m.agent, a.user);
  const byA = (
    await a.agent.post(`/api/feed/items/${itemId}/comments/`, { text: "Thanks for trying it!" })
  ).json<{ id: number }>();
  const byB = (
    await b.agent.post(`/api/feed/items/${itemId}/comments/`, {
      text: "Buy cheap pills at spam.example",
    })
  ).json<{ id: number }>();
  return { a, b, c, m, recipe, itemId, commentByA: byA.id, commentByB: byB.id };
}

type World = Awaited<ReturnType<typeof world>>;

/** What `agent` sees of the world's recipe and comments, everywhere they show. */
async function seen(agent: Agent, w: World) {
  const detail = await agent.get(`/api/recipes/recipes/${w.recipe.id}/`);
  const explore = await agent.get("/api/recipes/recipes/?limit=100");
  const search = await agent.get(
    `/api/recipes/recipes/?search=${encodeURIComponent(w.recipe.title)}`,
  );
  const feed = await agent.get("/api/feed/items/?limit=100");
  const comments = await agent.get(`/api/feed/items/${w.itemId}/comments/`);
  const ids = (response: { json: () => { results: { id: number }[] } }) =>
    response.json().results.map((row) => row.id);
  const item =
    feed.statusCode === 200
      ? feed
          .json<{ results: { id: number; comment_count: number }[] }>()
          .results.find((row) => row.id === w.itemId)
      : undefined;
  return {
    detail: detail.statusCode,
    hiddenFlag: detail.statusCode === 200 ? (detail.json().hidden_by_moderator ?? false) : null,
    explore: ids(explore).includes(w.recipe.id),
    search: ids(search).includes(w.recipe.id),
    feed: item !== undefined,
    commentCount: item?.comment_count ?? null,
    comments:
      comments.statusCode === 200
        ? comments
            .json<{ id: number; hidden_by_moderator?: true }[]>()
            .map((row: { id: number; hidden_by_moderator?: true }) =>
              row.hidden_by_moderator ? `${row.id} hidden` : String(row.id),
            )
        : comments.statusCode,
  };
}

async function report(agent: Agent, body: Record<string, unknown>) {
  return agent.post("/api/reports/", { reason: "spam", ...body });
}

async function openReportId(
  m: Agent,
  match: (r: { id: number; target_kind: string; target_id: number | null }) => boolean,
) {
  const page = await m.get("/api/admin/reports/?status=open&limit=100");
  expect(page.statusCode).toBe(200);
  const found = page
    .json<{ results: { id: number; target_kind: string; target_id: number | null }[] }>()
    .results.find(match);
  if (!found) throw new Error("report not in the queue");
  return found.id;
}

describe("reporting", () => {
  it("takes one report of a recipe, a comment or a cook, with an excerpt for the queue", async () => {
    const w = await world("Reported lasagne");
    const recipe = await report(w.b.agent, {
      recipe_id: w.recipe.id,
      reason: "inappropriate",
      text: " rude ",
    });
    expect(recipe.statusCode).toBe(201);
    expect(recipe.json()).toEqual({
      id: expect.any(Number),
      target_kind: "recipe",
      reason: "inappropriate",
      created_on: expect.stringMatching(/Z$/),
    });
    const comment = await report(w.b.agent, { comment_id: w.commentByA });
    expect(comment.statusCode).toBe(201);
    const cook = await report(w.b.agent, {
      username: w.a.user.username.toUpperCase(),
      reason: "abuse",
    });
    expect(cook.statusCode).toBe(201);

    const queue = await w.m.agent.get("/api/admin/reports/?limit=100");
    const mine = queue
      .json<{ results: { id: number }[] }>()
      .results.filter((row) => [recipe, comment, cook].some((r) => r.json().id === row.id));
    expect(mine).toEqual([
      expect.objectContaining({
        reporter_username: w.b.user.username,
        reason: "inappropriate",
        text: "rude",
        target_kind: "recipe",
        target_id: w.recipe.id,
        recipe: { id: w.recipe.id, slug: w.recipe.slug },
        excerpt: "Reported lasagne",
        target_author_username: w.a.user.username,
        target_hidden: false,
        status: "open",
        resolution: null,
      }),
      expect.objectContaining({
        target_kind: "comment",
        target_id: w.commentByA,
        recipe: { id: w.recipe.id, slug: w.recipe.slug },
        excerpt: "Thanks for trying it!",
        target_author_username: w.a.user.username,
      }),
      expect.objectContaining({
        target_kind: "user",
        target_id: w.a.user.id,
        recipe: null,
        excerpt: w.a.user.username,
        reason: "abuse",
      }),
    ]);
  });

  it("refuses a second report of the same target by the same cook, not by another", async () => {
    const w = await world();
    expect((await report(w.b.agent, { recipe_id: w.recipe.id })).statusCode).toBe(201);
    const again = await report(w.b.agent, { recipe_id: w.recipe.id, reason: "other" });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ detail: "You have already reported this." });
    expect((await report(w.c.agent, { recipe_id: w.recipe.id })).statusCode).toBe(201);
  });

  it("checks the input: one target, a known reason, a target the reporter can see", async () => {
    const w = await world();
    const none = await report(w.b.agent, {});
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({
      non_field_errors: ["Report exactly one of recipe_id, comment_id and username."],
    });
    const two = await report(w.b.agent, { recipe_id: w.recipe.id, username: w.a.user.username });
    expect(two.statusCode).toBe(400);
    const reason = await report(w.b.agent, { recipe_id: w.recipe.id, reason: "boring" });
    expect(reason.statusCode).toBe(400);
    expect(Object.keys(reason.json())).toEqual(["reason"]);
    const long = await report(w.b.agent, { recipe_id: w.recipe.id, text: "x".repeat(1001) });
    expect(Object.keys(long.json())).toEqual(["text"]);

    const unknown = await report(w.b.agent, { recipe_id: 2_000_000_000 });
    expect(unknown.json()).toEqual({
      recipe_id: ['Invalid pk "2000000000" - object does not exist.'],
    });
    // A private recipe of A's: answered as if it did not exist.
    const secret = await buildRecipe(db, w.a.user.id);
    await db.execute(sql`update recipes set visibility = 'private' where id = ${secret.id}`);
    const privately = await report(w.b.agent, { recipe_id: secret.id });
    expect(privately.json()).toEqual({
      recipe_id: [`Invalid pk "${secret.id}" - object does not exist.`],
    });
    // A comment under an item of someone B doesn't follow.
    const stranger = await signedIn(app, db);
    const theirs = await buildFeedItem(
      db,
      stranger.user.id,
      (await buildRecipe(db, stranger.user.id)).id,
    );
    const hisComment = (
      await stranger.agent.post(`/api/feed/items/${theirs}/comments/`, { text: "mine" })
    ).json<{ id: number }>().id;
    const unseen = await report(w.b.agent, { comment_id: hisComment });
    expect(unseen.json()).toEqual({
      comment_id: [`Invalid pk "${hisComment}" - object does not exist.`],
    });
    expect((await report(w.b.agent, { username: "nobody-at-all" })).json()).toEqual({
      username: ["No cook has this username."],
    });
    expect((await report(w.b.agent, { username: w.b.user.username })).json()).toEqual({
      username: ["You can't report yourself."],
    });
    // Signed out: 401.
    expect((await report(new Agent(app), { recipe_id: w.recipe.id })).statusCode).toBe(401);
  });

  it("limits how many reports a cook sends (REPORTS_PER_USER, counted in PostgreSQL)", async () => {
    const { agent } = await signedIn(app, db);
    const recipes = await Promise.all(
      Array.from({ length: 6 }, async () => buildRecipe(db, (await buildUser(db)).id)),
    );
    const codes: number[] = [];
    for (const recipe of recipes)
      codes.push((await report(agent, { recipe_id: recipe.id })).statusCode);
    expect(codes).toEqual([201, 201, 201, 201, 201, 429]);
  });
});

describe("who may moderate", () => {
  const adminCalls: [string, string, Record<string, unknown>?][] = [
    ["GET", "/api/admin/reports/"],
    ["GET", "/api/admin/reports/?status=resolved"],
    ["POST", "/api/admin/reports/1/resolve/", { action: "dismiss" }],
    ["GET", "/api/admin/users/?search=a"],
    ["POST", "/api/admin/users/someone/disable/"],
    ["POST", "/api/admin/users/someone/enable/"],
    ["GET", "/api/admin/audit/"],
  ];

  it("answers 404 on every /api/admin/ route to cooks and to the signed out, CSRF or not", async () => {
    const { agent } = await signedIn(app, db);
    const anonymous = new Agent(app);
    for (const [method, url, body] of adminCalls) {
      for (const who of [agent, anonymous]) {
        const response = await who.request(method as "GET" | "POST", url, body);
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.json()).toEqual({ detail: "Not found." });
      }
      // A write without a CSRF token: still 404, not the CSRF's 403.
      if (method === "POST") {
        expect((await agent.post(url, body, { csrf: "omit" })).statusCode).toBe(404);
      }
    }
  });

  it("lets a superuser in", async () => {
    const { agent } = await signedIn(app, db, { isSuperuser: true });
    for (const [method, url] of adminCalls.filter(([method]) => method === "GET")) {
      expect((await agent.request(method as "GET", url, undefined)).statusCode, url).toBe(200);
    }
    expect(
      (await agent.post("/api/admin/reports/2000000000/resolve/", { action: "dismiss" }))
        .statusCode,
    ).toBe(404);
    expect((await agent.post("/api/admin/reports/1/resolve/", { action: "ban" })).statusCode).toBe(
      400,
    );
    expect((await agent.post("/api/admin/users/nobody-here/disable/")).statusCode).toBe(404);
  });
});

describe("odd input to the admin routes", () => {
  it("is a 4xx, never a 5xx, even from a superuser", async () => {
    const { agent } = await signedIn(app, db, { isSuperuser: true });
    const forged = (values: unknown) => Buffer.from(JSON.stringify(values)).toString("base64url");
    const gets = [
      "/api/admin/reports/?status=closed",
      "/api/admin/reports/?limit=0",
      "/api/admin/reports/?limit=101",
      "/api/admin/reports/?cursor=garbage",
      `/api/admin/reports/?cursor=${forged(["x", 1])}`,
      `/api/admin/reports/?status=resolved&cursor=${forged([1e300, -1])}`,
      "/api/admin/users/?search=%25_%5C",
      `/api/admin/users/?cursor=${forged([7])}`,
      `/api/admin/users/?search=${"x".repeat(151)}`,
      "/api/admin/users/?search=%00",
      `/api/admin/audit/?cursor=${forged([1, 2, 3])}`,
      `/api/admin/audit/?cursor=${forged([Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER])}`,
    ];
    for (const url of gets) {
      const response = await agent.get(url);
      expect(response.statusCode, url).toBeGreaterThanOrEqual(200);
      expect(response.statusCode, url).toBeLessThan(500);
    }
    const posts: [string, unknown][] = [
      ["/api/admin/reports/0/resolve/", { action: "hide" }],
      ["/api/admin/reports/99999999999/resolve/", { action: "hide" }],
      ["/api/admin/reports/abc/resolve/", { action: "hide" }],
      ["/api/admin/reports/1/resolve/", {}],
      ["/api/admin/reports/1/resolve/", "not json"],
      [`/api/admin/users/${"y".repeat(151)}/disable/`, undefined],
      ["/api/admin/users/%00/enable/", undefined],
    ];
    for (const [url, body] of posts) {
      const response = await agent.post(url, body as Record<string, unknown>);
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, url).toBeLessThan(500);
    }
    const reports: unknown[] = [
      { recipe_id: 0, reason: "spam" },
      { recipe_id: "1", reason: "spam" },
      { comment_id: 2 ** 31, reason: "spam" },
      { username: "", reason: "spam" },
      { username: "a\u0000b", reason: "spam" },
      { username: "x", reason: "spam", text: "\ud800" },
      [],
    ];
    for (const body of reports) {
      const response = await agent.post("/api/reports/", body as Record<string, unknown>);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});

describe("hiding", () => {
  it("hides a reported comment from everyone but its author and superusers", async () => {
    const w = await world();
    await report(w.a.agent, { comment_id: w.commentByB });
    const before = await seen(w.c.agent, w);
    expect(before.comments).toEqual([String(w.commentByA), String(w.commentByB)]);
    expect(before.commentCount).toBe(2);

    const id = await openReportId(
      w.m.agent,
      (r) => r.target_kind === "comment" && r.target_id === w.commentByB,
    );
    const resolved = await w.m.agent.post(`/api/admin/reports/${id}/resolve/`, { action: "hide" });
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json()).toMatchObject({
      id,
      status: "resolved",
      resolution: "hide",
      resolved_by_username: w.m.user.username,
      target_hidden: true,
    });

    const other = await seen(w.c.agent, w);
    expect(other.comments).toEqual([String(w.commentByA)]);
    expect(other.commentCount).toBe(1);
    expect((await seen(w.a.agent, w)).comments).toEqual([String(w.commentByA)]);
    // Its author and the superuser still see it, marked.
    expect((await seen(w.b.agent, w)).comments).toEqual([
      String(w.commentByA),
      `${w.commentByB} hidden`,
    ]);
    expect((await seen(w.m.agent, w)).comments).toContain(`${w.commentByB} hidden`);
    // And nobody else can report it any more: it is not there for them.
    expect((await report(w.c.agent, { comment_id: w.commentByB })).statusCode).toBe(400);

    // The moderator changes their mind: it shows again, the report reads dismissed, the log
    // says so; a second undo has nothing to show.
    const shown = await w.m.agent.post(`/api/admin/reports/${id}/unhide/`);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json()).toMatchObject({ id, resolution: "dismiss", target_hidden: false });
    expect((await seen(w.c.agent, w)).comments).toEqual([
      String(w.commentByA),
      String(w.commentByB),
    ]);
    const [latest] = (await w.m.agent.get("/api/admin/audit/")).json().results;
    expect(latest).toMatchObject({ action: "unhide", report_id: id });
    expect((await w.m.agent.post(`/api/admin/reports/${id}/unhide/`)).statusCode).toBe(400);
    expect((await w.c.agent.post(`/api/admin/reports/${id}/unhide/`)).statusCode).toBe(404);
  });

  it("hides a reported recipe from detail, explore, search and the feed for others", async () => {
    const w = await world();
    const visible = { detail: 200, explore: true, search: true, feed: true };
    expect(await seen(w.c.agent, w)).toMatchObject({ ...visible, hiddenFlag: false });
    expect(await seen(new Agent(app), w)).toMatchObject({
      detail: 200,
      explore: true,
      search: true,
    });
    await report(w.c.agent, { recipe_id: w.recipe.id });
    await report(w.b.agent, { recipe_id: w.recipe.id });
    const id = await openReportId(
      w.m.agent,
      (r) => r.target_kind === "recipe" && r.target_id === w.recipe.id,
    );
    expect(
      (await w.m.agent.post(`/api/admin/reports/${id}/resolve/`, { action: "hide" })).statusCode,
    ).toBe(200);

    const gone = { detail: 404, explore: false, search: false, feed: false, comments: 404 };
    expect(await seen(w.c.agent, w)).toMatchObject(gone);
    expect(await seen(w.b.agent, w)).toMatchObject(gone);
    expect(await seen(new Agent(app), w)).toMatchObject({
      detail: 404,
      explore: false,
      search: false,
    });
    // Rating it: as for a recipe that does not exist.
    const rating = await w.c.agent.post("/api/recipes/ratings/", {
      recipe: w.recipe.id,
      rating: 2,
    });
    expect(rating.json()).toEqual({
      recipe: [`Invalid pk "${w.recipe.id}" - object does not exist.`],
    });
    // Its author sees it everywhere, "Hidden by a moderator"; so does the superuser.
    expect(await seen(w.a.agent, w)).toMatchObject({ ...visible, hiddenFlag: true });
    expect(await seen(w.m.agent, w)).toMatchObject({ ...visible, hiddenFlag: true });
    // B's report of the same recipe was resolved with it.
    const queue = await w.m.agent.get("/api/admin/reports/?limit=100");
    expect(
      queue
        .json<{ results: { target_kind: string; target_id: number }[] }>()
        .results.some((r) => r.target_kind === "recipe" && r.target_id === w.recipe.id),
    ).toBe(false);
  });

  it("dismisses a report, changing nothing", async () => {
    const w = await world();
    await report(w.c.agent, { recipe_id: w.recipe.id });
    const id = await openReportId(
      w.m.agent,
      (r) => r.target_kind === "recipe" && r.target_id === w.recipe.id,
    );
    const dismissed = await w.m.agent.post(`/api/admin/reports/${id}/resolve/`, {
      action: "dismiss",
    });
    expect(dismissed.json()).toMatchObject({
      status: "resolved",
      resolution: "dismiss",
      target_hidden: false,
    });
    expect(await seen(w.c.agent, w)).toMatchObject({ detail: 200, explore: true, feed: true });
    const again = await w.m.agent.post(`/api/admin/reports/${id}/resolve/`, { action: "hide" });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ detail: "This report is already resolved." });
    const resolved = await w.m.agent.get("/api/admin/reports/?status=resolved&limit=100");
    expect(resolved.json().results.map((r: { id: number }) => r.id)).toContain(id);
  });
});

describe("deleting", () => {
  it("deletes a reported recipe with its feed item, search row and comments", async () => {
    const w = await world();
    await report(w.c.agent, { recipe_id: w.recipe.id });
    const id = await openReportId(
      w.m.agent,
      (r) => r.target_kind === "recipe" && r.target_id === w.recipe.id,
    );
    const deleted = await w.m.agent.post(`/api/admin/reports/${id}/resolve/`, { action: "delete" });
    expect(deleted.statusCode).toBe(200);
    // The report keeps what it was about.
    expect(deleted.json()).toMatchObject({
      resolution: "delete",
      target_id: null,
      excerpt: w.recipe.title,
    });
    for (const agent of [w.a.agent, w.m.agent]) {
      expect(await seen(agent, w)).toMatchObject({
        detail: 404,
        explore: false,
        search: false,
        feed: false,
      });
    }
    const left = await db.execute<{ n: number }>(sql`select
      (select count(*) from feed_items where recipe_id = ${w.recipe.id})
      + (select count(*) from recipe_search where recipe_id = ${w.recipe.id})
      + (select count(*) from feed_comments where feed_item_id = ${w.itemId}) as n`);
    expect(left.rows[0]?.n).toBe(0);
  });

  it("deletes a reported comment only", async () => {
    const w = await world();
    await report(w.a.agent, { comment_id: w.commentByB });
    const id = await openReportId(
      w.m.agent,
      (r) => r.target_kind === "comment" && r.target_id === w.commentByB,
    );
    expect(
      (await w.m.agent.post(`/api/admin/reports/${id}/resolve/`, { action: "delete" })).statusCode,
    ).toBe(200);
    expect((await seen(w.b.agent, w)).comments).toEqual([String(w.commentByA)]);
    expect((await seen(w.c.agent, w)).detail).toBe(200);
  });

  it("refuses to delete a cook: they are disabled instead", async () => {
    const w = await world();
    await report(w.b.agent, { username: w.a.user.username });
    const id = await openReportId(
      w.m.agent,
      (r) => r.target_kind === "user" && r.target_id === w.a.user.id,
    );
    const refused = await w.m.agent.post(`/api/admin/reports/${id}/resolve/`, { action: "delete" });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      action: ["A cook can't be deleted here: disable them instead."],
    });
  });
});

/** Whether `appOf` takes the agent's session as signed in. */
async function signedInOn(appOf: FastifyInstance, agent: Agent): Promise<boolean> {
  const token = agent.cookie("sessionid");
  const response = await appOf.inject({
    method: "GET",
    url: "/api/auth/status/",
    headers: { cookie: `sessionid=${token}` },
  });
  return response.json().authenticated === true;
}

describe("disabling a cook", () => {
  it("ends their sessions in every process, refuses their login, hides their content; enabling undoes it", async () => {
    const w = await world();
    // A rates someone else's recipe: the rating and its feed item are A's content too.
    const other = await signedIn(app, db);
    const otherRecipe = await buildRecipe(db, other.user.id);
    await follow(other.agent, w.a.user);
    const rated = await w.a.agent.post("/api/recipes/ratings/", {
      recipe: otherRecipe.id,
      rating: 8,
      comment: "Lovely",
    });
    expect(rated.statusCode).toBe(201);
    const second = new Agent(two.app);
    expect(
      (
        await second.post("/api/auth/login/", {
          username: w.a.user.username,
          password: TEST_PASSWORD,
        })
      ).statusCode,
    ).toBe(200);
    // Both processes know both sessions (cached).
    expect(await signedInOn(app, w.a.agent)).toBe(true);
    expect(await signedInOn(two.app, second)).toBe(true);

    await report(w.b.agent, { comment_id: w.commentByA });
    const id = await openReportId(
      w.m.agent,
      (r) => r.target_kind === "comment" && r.target_id === w.commentByA,
    );
    const resolved = await w.m.agent.post(`/api/admin/reports/${id}/resolve/`, {
      action: "disable_user",
    });
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json()).toMatchObject({ resolution: "disable_user" });

    // At once here; on the other process as soon as its NOTIFY arrives.
    expect(await signedInOn(app, w.a.agent)).toBe(false);
    expect(await signedInOn(app, second)).toBe(false);
    await until(async () => !(await signedInOn(two.app, second)), "the second process to forget");
    expect(await signedInOn(two.app, w.a.agent)).toBe(false);
    expect((await w.a.agent.get("/api/feed/items/")).statusCode).toBe(401);

    const login = { username: w.a.user.username, password: TEST_PASSWORD };
    const refused = await new Agent(app).post("/api/auth/login/", login);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: "This account has been disabled." });
    // A wrong password is the usual 401: the 403 tells only whoever knows the password.
    const wrong = await new Agent(app).post("/api/auth/login/", {
      ...login,
      password: "nope nope nope",
    });
    expect(wrong.statusCode).toBe(401);

    // Their recipe, comments, rating and its feed item are gone for others.
    expect(await seen(w.c.agent, w)).toMatchObject({
      detail: 404,
      explore: false,
      search: false,
      feed: false,
    });
    const ratings = await other.agent.get(`/api/recipes/ratings/?recipe=${otherRecipe.id}`);
    expect(ratings.json()).toEqual([]);
    const otherFeed = await other.agent.get("/api/feed/items/");
    expect(
      otherFeed.json().results.map((i: { user_username: string }) => i.user_username),
    ).not.toContain(w.a.user.username);
    // Nobody finds them: not in user search, not among the cooks one follows.
    const names = async (path: string) =>
      (await other.agent.get(path)).json().results.map((u: { username: string }) => u.username);
    const search = `/api/users/search/?query=${w.a.user.username}`;
    expect(await names(search)).not.toContain(w.a.user.username);
    expect(await names("/api/users/following/")).not.toContain(w.a.user.username);
    const list = (await other.agent.post("/api/groceries/lists/", { name: "Picnic" })).json();
    const shared = await other.agent.post(`/api/groceries/lists/${list.id}/members/`, {
      username: w.a.user.username,
    });
    expect(shared.statusCode).toBe(400);
    expect(shared.json()).toEqual({ username: ["No cook has this username."] });
    // Their profile is not found, but by the superuser.
    expect((await w.c.agent.get(`/api/users/${w.a.user.username}/`)).statusCode).toBe(404);
    expect((await w.m.agent.get(`/api/users/${w.a.user.username}/`)).statusCode).toBe(200);
    // The superuser still sees it all.
    expect(await seen(w.m.agent, w)).toMatchObject({ detail: 200, search: true });
    expect(
      (await w.m.agent.get(`/api/recipes/ratings/?recipe=${otherRecipe.id}`)).json(),
    ).toHaveLength(1);
    const listed = await w.m.agent.get(`/api/admin/users/?search=${w.a.user.username}`);
    expect(listed.json().results).toEqual([
      expect.objectContaining({
        username: w.a.user.username,
        disabled_at: expect.stringMatching(/Z$/),
      }),
    ]);

    // Enabled again: everything is back, and the cook can sign in.
    const enabled = await w.m.agent.post(`/api/admin/users/${w.a.user.username}/enable/`);
    expect(enabled.statusCode).toBe(200);
    expect(enabled.json()).toMatchObject({ username: w.a.user.username, disabled_at: null });
    expect(await seen(w.c.agent, w)).toMatchObject({
      detail: 200,
      explore: true,
      search: true,
      feed: true,
    });
    expect(
      (await other.agent.get(`/api/recipes/ratings/?recipe=${otherRecipe.id}`)).json(),
    ).toHaveLength(1);
    expect((await w.c.agent.get(`/api/users/${w.a.user.username}/`)).statusCode).toBe(200);
    expect(await names(search)).toContain(w.a.user.username);
    expect(await names("/api/users/following/")).toContain(w.a.user.username);
    const again = new Agent(two.app);
    expect((await again.post("/api/auth/login/", login)).statusCode).toBe(200);
  });

  it("takes a disabled cook's rating out of the recipe's average, and puts it back on enabling", async () => {
    const { m, a, b, recipe } = await world();
    const rate = async (agent: Agent, rating: number) =>
      expect(
        (await agent.post("/api/recipes/ratings/", { recipe: recipe.id, rating, comment: "" }))
          .statusCode,
      ).toBe(201);
    await rate(b.agent, 2);
    const c = await signedIn(app, db);
    await rate(c.agent, 10);
    const average = async () => {
      const detail = (await a.agent.get(`/api/recipes/recipes/${recipe.id}/`)).json();
      return [detail.average_rating, detail.rating_count];
    };
    expect(await average()).toEqual([3, 2]);
    expect((await report(c.agent, { username: b.user.username })).statusCode).toBe(201);
    await m.agent.post(`/api/admin/users/${b.user.username}/disable/`);
    expect(await average()).toEqual([5, 1]);
    // Disabled again, from the report: nothing more is taken out.
    const reportId = await openReportId(m.agent, (r) => r.target_id === b.user.id);
    const resolved = await m.agent.post(`/api/admin/reports/${reportId}/resolve/`, {
      action: "disable_user",
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(await average()).toEqual([5, 1]);
    await m.agent.post(`/api/admin/users/${b.user.username}/enable/`);
    expect(await average()).toEqual([3, 2]);
    await m.agent.post(`/api/admin/users/${b.user.username}/enable/`);
    expect(await average()).toEqual([3, 2]);
  });

  it("disables and enables from the users page, never oneself", async () => {
    const { m } = await world();
    const cook = await signedIn(app, db);
    const disabled = await m.agent.post(`/api/admin/users/${cook.user.username}/disable/`);
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json().disabled_at).not.toBeNull();
    expect(await signedInOn(app, cook.agent)).toBe(false);
    const self = await m.agent.post(`/api/admin/users/${m.user.username}/disable/`);
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ detail: "You can't disable yourself." });
    expect(
      (await m.agent.post(`/api/admin/users/${cook.user.username}/enable/`)).json().disabled_at,
    ).toBeNull();
  });
});

describe("the audit log", () => {
  it("records every action, newest first, with who, what and which report", async () => {
    const w = await world();
    await report(w.c.agent, { recipe_id: w.recipe.id });
    const id = await openReportId(
      w.m.agent,
      (r) => r.target_kind === "recipe" && r.target_id === w.recipe.id,
    );
    await w.m.agent.post(`/api/admin/reports/${id}/resolve/`, { action: "hide" });
    await w.m.agent.post(`/api/admin/users/${w.b.user.username}/disable/`);
    await w.m.agent.post(`/api/admin/users/${w.b.user.username}/enable/`);
    // Enabling someone enabled changes nothing and logs nothing.
    await w.m.agent.post(`/api/admin/users/${w.b.user.username}/enable/`);
    const audit = await w.m.agent.get("/api/admin/audit/?limit=3");
    expect(audit.statusCode).toBe(200);
    expect(audit.json().results).toEqual([
      expect.objectContaining({
        moderator_username: w.m.user.username,
        action: "enable_user",
        target_kind: "user",
        target_id: w.b.user.id,
        target_label: w.b.user.username,
        report_id: null,
      }),
      expect.objectContaining({ action: "disable_user", target_id: w.b.user.id }),
      expect.objectContaining({
        action: "hide",
        target_kind: "recipe",
        target_id: w.recipe.id,
        target_label: w.recipe.title,
        report_id: id,
        created_on: expect.stringMatching(/Z$/),
      }),
    ]);
    // Keyset pages follow on without repeats.
    const next = audit.json().next as string;
    const page2 = await w.m.agent.get(next.replace(/^https?:\/\/[^/]+/, ""));
    const firstIds = audit.json().results.map((r: { id: number }) => r.id);
    for (const row of page2.json().results) expect(firstIds).not.toContain(row.id);
  });
});

describe("the recipe rule's two forms agree on withheld recipes", () => {
  it("canReadRecipe / canActOnRecipe on rows equal mayReadRecipe / mayActOnRecipe in SQL", async () => {
    const owner = await buildUser(db);
    const fan = await buildUser(db);
    const planner = await buildUser(db);
    const boss = await buildUser(db, { isSuperuser: true });
    await db.execute(
      sql`insert into follows (follower_id, followee_id) values (${fan.id}, ${owner.id})`,
    );
    const list = (
      await db.execute<{ id: number }>(
        sql`insert into grocery_lists (owner_id, name) values (${planner.id}, 'L') returning id`,
      )
    ).rows[0]?.id;
    const viewers: Viewer[] = [
      null,
      { id: owner.id, isSuperuser: false },
      { id: fan.id, isSuperuser: false },
      { id: planner.id, isSuperuser: false },
      { id: boss.id, isSuperuser: true },
    ];
    const seenBy: Record<string, boolean[]> = {};
    for (const disabled of [false, true]) {
      await db.execute(
        sql`update users set disabled_at = ${disabled ? sql`now()` : sql`null`} where id = ${owner.id}`,
      );
      for (const visibility of ["public", "followers", "private"] as const) {
        for (const hidden of [false, true]) {
          const recipe = await buildRecipe(db, owner.id);
          await db.execute(sql`update recipes set visibility = ${visibility},
            hidden_at = ${hidden ? sql`now()` : sql`null`} where id = ${recipe.id}`);
          await db.execute(sql`insert into planned_recipes (grocery_list_id, recipe_id, guests)
            values (${list}, ${recipe.id}, 2)`);
          const reads: boolean[] = [];
          for (const viewer of viewers) {
            const [row] = (
              await db.execute<{
                authorId: number;
                visibility: "public" | "followers" | "private";
                withheld: boolean;
                followsAuthor: boolean;
                plannedForViewer: boolean;
                reads: boolean;
                acts: boolean;
              }>(sql`select r.author_id as "authorId", r.visibility, ${readerFacts(viewer)},
                  ${mayReadRecipe(viewer)} as reads, ${mayActOnRecipe(viewer)} as acts
                from recipes r where r.id = ${recipe.id}`)
            ).rows;
            if (!row) throw new Error("recipe gone");
            const where = JSON.stringify({ disabled, visibility, hidden, viewer });
            expect(row.withheld, where).toBe(hidden || disabled);
            expect(
              [canReadRecipe(viewer, row, row), canActOnRecipe(viewer, row, row)],
              where,
            ).toEqual([row.reads, row.acts]);
            reads.push(row.reads);
          }
          seenBy[`${disabled ? "disabled " : ""}${visibility}${hidden ? " hidden" : ""}`] = reads;
        }
      }
    }
    // Readers: signed out, the owner, a follower, a cook whose list plans it, a superuser.
    // Withheld (hidden, or its author disabled): the owner and the superuser only.
    expect(seenBy).toEqual({
      public: [true, true, true, true, true],
      "public hidden": [false, true, false, false, true],
      followers: [false, true, true, true, true],
      "followers hidden": [false, true, false, false, true],
      private: [false, true, false, true, true],
      "private hidden": [false, true, false, false, true],
      "disabled public": [false, true, false, false, true],
      "disabled public hidden": [false, true, false, false, true],
      "disabled followers": [false, true, false, false, true],
      "disabled followers hidden": [false, true, false, false, true],
      "disabled private": [false, true, false, false, true],
      "disabled private hidden": [false, true, false, false, true],
    });
  });
});
