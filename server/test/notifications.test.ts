// Notifications (issue 27 §1): each kind made by its action once, grouped likes, none to
// oneself, none from a blocked cook, none about a recipe the cook may no longer read, the
// settings, marking read, pagination and bad input, and the unread count live over SSE across
// two app processes on one database.
import type { Notification, NotificationPage } from "@potluck/contract";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "../src/auth/sessions.js";
import { finishImport } from "../src/imports/repository.js";
import { buildFeedItem, buildRecipe, buildUser, signedIn, type TestUser } from "./factories.js";
import { type Agent, createTestApp } from "./helper.js";
import { closeListening, openSse, type SseStream } from "./sse.js";

const first = await createTestApp();
// A second process on the same database: a change through one reaches streams on both.
const second = await createTestApp({ sameDatabaseAs: first });
const { app, db } = first;
const base = await app.listen({ port: 0, host: "127.0.0.1" });
const secondBase = await second.app.listen({ port: 0, host: "127.0.0.1" });

const open: SseStream[] = [];
afterAll(async () => {
  for (const stream of open) stream.close();
  for (const server of [second.app, app]) await closeListening(server);
});

type Cook = { user: TestUser; agent: Agent };
type Response = { statusCode: number; body: string };

const ok = async <T = unknown>(response: Promise<Response>): Promise<T> => {
  const done = await response;
  expect(done.statusCode, done.body).toBeLessThan(300);
  return (done.body ? JSON.parse(done.body) : {}) as T;
};

const page = (cook: Cook, query = "?limit=100") =>
  ok<NotificationPage>(cook.agent.get(`/api/notifications/${query}`));
const listOf = async (cook: Cook) => (await page(cook)).results;
const unread = async (cook: Cook) => (await page(cook, "?limit=1")).unread_count;

/** A feed item of `owner` about a recipe of theirs, as the recipe writes make them. */
async function itemOf(owner: TestUser, recipeId?: number): Promise<number> {
  return buildFeedItem(db, owner.id, recipeId ?? (await buildRecipe(db, owner.id)).id);
}

/** `a` follows `b` without telling anyone (a fixture). */
const followQuietly = (a: TestUser, b: TestUser) =>
  db.execute(sql`insert into follows (follower_id, followee_id) values (${a.id}, ${b.id})
    on conflict do nothing`);

const block = (blocker: TestUser, blocked: TestUser) =>
  db.execute(
    sql`insert into blocks (blocker_id, blocked_id) values (${blocker.id}, ${blocked.id})`,
  );

const cook = () => signedIn(app, db);

describe("each kind, made by its action", () => {
  it("follow: one to the followed cook, naming the follower; following again while unread adds none", async () => {
    const [ana, bo] = [await cook(), await cook()];
    await ok(ana.agent.post(`/api/users/${bo.user.id}/follow/`));
    await ok(ana.agent.delete(`/api/users/${bo.user.id}/follow/`));
    await ok(ana.agent.post(`/api/users/${bo.user.id}/follow/`));
    const [note, ...rest] = await listOf(bo);
    expect(rest).toEqual([]);
    expect(note).toMatchObject({
      kind: "follow",
      actors: [ana.user.username],
      actor_count: 1,
      recipe: null,
      feed_item_id: null,
      grocery_list: null,
      import_id: null,
      read: false,
    });
    expect(Date.parse(note?.created_on ?? "")).toBeGreaterThan(Date.now() - 60_000);
    expect(await listOf(ana)).toEqual([]);
  });

  it("rating: one to the recipe's author on a rating, and another on a re-rating once read", async () => {
    const [ana, bo] = [await cook(), await cook()];
    const recipe = await buildRecipe(db, bo.user.id, { title: "Lasagne" });
    const rating = await ok<{ id: number }>(
      ana.agent.post("/api/recipes/ratings/", { recipe: recipe.id, rating: 8, comment: "" }),
    );
    const [note] = await listOf(bo);
    expect(note).toMatchObject({
      kind: "rating",
      actors: [ana.user.username],
      actor_count: 1,
      recipe: { id: recipe.id, slug: recipe.slug, title: "Lasagne" },
    });
    // Re-rated while unread: still the one notification.
    await ok(ana.agent.put(`/api/recipes/ratings/${rating.id}/`, { rating: 6, comment: "Salty" }));
    expect(await listOf(bo)).toHaveLength(1);
    await ok(bo.agent.post("/api/notifications/read/", {}));
    await ok(ana.agent.put(`/api/recipes/ratings/${rating.id}/`, { rating: 10, comment: "" }));
    const notes = await listOf(bo);
    expect(notes.map((n) => [n.kind, n.read])).toEqual([
      ["rating", false],
      ["rating", true],
    ]);
    expect(await listOf(ana)).toEqual([]);
  });

  it("comment: one to the item's owner and one to each other cook who commented on it", async () => {
    const [owner, ana, bo] = [await cook(), await cook(), await cook()];
    const recipe = await buildRecipe(db, owner.user.id);
    const item = await itemOf(owner.user, recipe.id);
    await followQuietly(ana.user, owner.user);
    await followQuietly(bo.user, owner.user);
    const url = `/api/feed/items/${item}/comments/`;
    await ok(ana.agent.post(url, { text: "Lovely" }));
    await ok(ana.agent.post(url, { text: "Really" }));
    await ok(bo.agent.post(url, { text: "Agreed" }));
    await ok(owner.agent.post(url, { text: "Thanks!" }));
    const toOwner = await listOf(owner);
    expect(toOwner.map((n) => [n.kind, n.actors])).toEqual([
      ["comment", [bo.user.username]],
      ["comment", [ana.user.username]],
      ["comment", [ana.user.username]],
    ]);
    expect(toOwner[0]).toMatchObject({
      feed_item_id: item,
      recipe: { id: recipe.id, slug: recipe.slug, title: recipe.title },
    });
    // Ana hears of Bo's and the owner's comments (not her own), once each.
    expect((await listOf(ana)).map((n) => n.actors)).toEqual([
      [owner.user.username],
      [bo.user.username],
    ]);
    expect((await listOf(bo)).map((n) => n.actors)).toEqual([[owner.user.username]]);
  });

  it("like: grouped per item while unread, newest actor first, a new group once read", async () => {
    const [owner, ana, bo, cy] = [await cook(), await cook(), await cook(), await cook()];
    const item = await itemOf(owner.user);
    const otherItem = await itemOf(owner.user);
    for (const fan of [ana, bo, cy]) await followQuietly(fan.user, owner.user);
    const like = (fan: Cook, id = item) => ok(fan.agent.post(`/api/feed/items/${id}/like/`));
    await like(ana);
    await like(bo);
    await ok(ana.agent.delete(`/api/feed/items/${item}/like/`));
    await like(ana);
    await like(bo); // already liked: nothing new
    await like(ana, otherItem);
    const [other, grouped, ...rest] = await listOf(owner);
    expect(rest).toEqual([]);
    expect(grouped).toMatchObject({
      kind: "like",
      feed_item_id: item,
      actors: [ana.user.username, bo.user.username],
      actor_count: 2,
    });
    expect(other).toMatchObject({ kind: "like", feed_item_id: otherItem, actor_count: 1 });
    expect(await unread(owner)).toBe(2);
    await ok(owner.agent.post("/api/notifications/read/", { ids: [grouped?.id] }));
    await like(cy);
    const [fresh] = await listOf(owner);
    expect(fresh).toMatchObject({
      kind: "like",
      feed_item_id: item,
      actors: [cy.user.username],
      actor_count: 1,
      read: false,
    });
    expect(await listOf(ana)).toEqual([]);
  });

  it("like: says what was liked, the cook's recipe or their rating of one (issue 35 §3)", async () => {
    const [owner, rater, fan] = [await cook(), await cook(), await cook()];
    await followQuietly(fan.user, owner.user);
    await followQuietly(fan.user, rater.user);
    const recipe = await buildRecipe(db, owner.user.id, { title: "Lasagne" });
    const recipeItem = await itemOf(owner.user, recipe.id);
    await ok(
      rater.agent.post("/api/recipes/ratings/", { recipe: recipe.id, rating: 8, comment: "" }),
    );
    const ratingItem = (
      await db.execute<{ id: number }>(
        sql`select id from feed_items where user_id = ${rater.user.id} and event_type = 'new_rating'`,
      )
    ).rows[0]?.id;
    await ok(fan.agent.post(`/api/feed/items/${recipeItem}/like/`));
    await ok(fan.agent.post(`/api/feed/items/${ratingItem}/like/`));
    expect((await listOf(owner)).find((n) => n.kind === "like")).toMatchObject({
      feed_item_id: recipeItem,
      liked: "recipe",
    });
    expect((await listOf(rater)).find((n) => n.kind === "like")).toMatchObject({
      feed_item_id: ratingItem,
      liked: "rating",
      recipe: { title: "Lasagne" },
    });
    // Other kinds say nothing of it.
    expect((await listOf(owner)).find((n) => n.kind === "rating")?.liked).toBeNull();
  });

  it("like: names the newest three of many likers and counts them all", async () => {
    const owner = await cook();
    const item = await itemOf(owner.user);
    const fans: Cook[] = [];
    for (let i = 0; i < 5; i++) {
      const fan = await cook();
      await followQuietly(fan.user, owner.user);
      await ok(fan.agent.post(`/api/feed/items/${item}/like/`));
      fans.push(fan);
    }
    expect(await listOf(owner)).toMatchObject([
      {
        kind: "like",
        actors: fans
          .slice(2)
          .reverse()
          .map((fan) => fan.user.username),
        actor_count: 5,
      },
    ]);
    expect(await unread(owner)).toBe(1);
  });

  it("list_shared: one to the cook a list is shared with, naming the list while they may use it", async () => {
    const [owner, ana] = [await cook(), await cook()];
    const list = await ok<{ id: number }>(
      owner.agent.post("/api/groceries/lists/", { name: "Saturday" }),
    );
    await ok(
      owner.agent.post(`/api/groceries/lists/${list.id}/members/`, {
        username: ana.user.username,
      }),
    );
    const [note, ...rest] = await listOf(ana);
    expect(rest).toEqual([]);
    expect(note).toMatchObject({
      kind: "list_shared",
      actors: [owner.user.username],
      actor_count: 1,
      grocery_list: { id: list.id, name: "Saturday" },
    });
    expect(await listOf(owner)).toEqual([]);
    await ok(owner.agent.delete(`/api/groceries/lists/${list.id}/members/${ana.user.username}/`));
    expect((await listOf(ana))[0]?.grocery_list).toBeNull();
  });

  it("planner_shared: one to the cook a planner is shared with, its owner the actor", async () => {
    const [owner, ana] = [await cook(), await cook()];
    await ok(owner.agent.post("/api/planner/members/", { username: ana.user.username }));
    expect(await listOf(ana)).toMatchObject([
      { kind: "planner_shared", actors: [owner.user.username], actor_count: 1 },
    ]);
    expect(await listOf(owner)).toEqual([]);
  });

  it("import_done: one to the importer when an import finishes, with no actor", async () => {
    const ana = await cook();
    const result = await db.execute<{ id: number }>(
      sql`insert into imports (user_id, status) values (${ana.user.id}, 'running') returning id`,
    );
    const importId = result.rows[0]?.id as number;
    await finishImport(db, importId, { status: "done" });
    await finishImport(db, importId, { status: "done" }); // finished already: nothing
    expect(await listOf(ana)).toMatchObject([
      { kind: "import_done", import_id: importId, actors: [], actor_count: 0 },
    ]);
  });
});

describe("who is not told", () => {
  it("nobody is told of their own follows, ratings, comments and likes", async () => {
    const ana = await cook();
    const recipe = await buildRecipe(db, ana.user.id);
    const item = await itemOf(ana.user, recipe.id);
    expect((await ana.agent.post(`/api/users/${ana.user.id}/follow/`)).statusCode).toBe(400);
    await ok(
      ana.agent.post("/api/recipes/ratings/", { recipe: recipe.id, rating: 8, comment: "" }),
    );
    await ok(ana.agent.post(`/api/feed/items/${item}/comments/`, { text: "Mine" }));
    await ok(ana.agent.post(`/api/feed/items/${item}/like/`));
    expect(await page(ana)).toEqual({ results: [], next: null, unread_count: 0 });
  });

  it("a cook who blocked someone hears nothing from them; the others still do", async () => {
    const [owner, pest, friend] = [await cook(), await cook(), await cook()];
    const recipe = await buildRecipe(db, owner.user.id);
    const item = await itemOf(owner.user, recipe.id);
    await followQuietly(friend.user, owner.user);
    await ok(friend.agent.post(`/api/feed/items/${item}/comments/`, { text: "First" }));
    await followQuietly(pest.user, owner.user);
    await block(owner.user, pest.user);
    await ok(owner.agent.post("/api/notifications/read/", {}));
    // Each of these may be refused outright once blocking stops them (issue 27 §2); either
    // way, the blocker is told of none.
    await pest.agent.post(`/api/users/${owner.user.id}/follow/`);
    await pest.agent.post("/api/recipes/ratings/", { recipe: recipe.id, rating: 2, comment: "" });
    const comment = await pest.agent.post(`/api/feed/items/${item}/comments/`, { text: "Meh" });
    await pest.agent.post(`/api/feed/items/${item}/like/`);
    expect(await unread(owner)).toBe(0);
    // The friend, who blocked no one, hears of the pest's comment (if it was allowed).
    expect(await unread(friend)).toBe(comment.statusCode === 201 ? 1 : 0);
  });

  it("blocking takes what the blocked cook caused out of the blocker's notifications", async () => {
    const [owner, pest, friend] = [await cook(), await cook(), await cook()];
    const item = await itemOf(owner.user);
    await followQuietly(friend.user, owner.user);
    await ok(pest.agent.post(`/api/users/${owner.user.id}/follow/`));
    await ok(pest.agent.post(`/api/feed/items/${item}/comments/`, { text: "Meh" }));
    await ok(pest.agent.post(`/api/feed/items/${item}/like/`));
    await ok(friend.agent.post(`/api/feed/items/${item}/like/`));
    expect(await unread(owner)).toBe(3); // the follow, the comment, the two likes grouped
    await ok(owner.agent.post(`/api/users/${pest.user.username}/block/`));
    const [likes, ...rest] = await listOf(owner);
    expect(rest).toEqual([]);
    expect(likes).toMatchObject({ kind: "like", actors: [friend.user.username], actor_count: 1 });
    expect(await unread(owner)).toBe(1);
    // The pest's own notifications (the friend's likes don't reach them) are theirs.
    expect(await unread(pest)).toBe(0);
  });

  it("a notification about a recipe the cook may no longer read is left out, and its count", async () => {
    const [owner, ana, bo] = [await cook(), await cook(), await cook()];
    const recipe = await buildRecipe(db, owner.user.id);
    const item = await itemOf(owner.user, recipe.id);
    await followQuietly(ana.user, owner.user);
    await followQuietly(bo.user, owner.user);
    await ok(ana.agent.post(`/api/feed/items/${item}/comments/`, { text: "Yum" }));
    await ok(bo.agent.post(`/api/feed/items/${item}/comments/`, { text: "Yes" }));
    await ok(ana.agent.post(`/api/users/${bo.user.id}/follow/`));
    expect((await listOf(ana)).map((n) => n.kind)).toEqual(["comment"]);
    await db.execute(sql`update recipes set visibility = 'private' where id = ${recipe.id}`);
    expect(await page(ana)).toEqual({ results: [], next: null, unread_count: 0 });
    // Bo's other notification (Ana's follow) is about no recipe: it stays.
    expect((await page(bo)).results.map((n) => n.kind)).toEqual(["follow"]);
    expect(await unread(bo)).toBe(1);
    // Its author still reads it.
    expect(await unread(owner)).toBe(2);
    await db.execute(sql`update recipes set visibility = 'public' where id = ${recipe.id}`);
    expect(await unread(ana)).toBe(1);
  });
});

describe("settings", () => {
  const SETTINGS = "/api/users/me/notification-settings/";

  it("default to in app on and email off for every kind, and change in part", async () => {
    const ana = await cook();
    const defaults = await ok<Record<string, unknown>>(ana.agent.get(SETTINGS));
    expect(defaults).toEqual({
      follow: { in_app: true, email: false },
      rating: { in_app: true, email: false },
      comment: { in_app: true, email: false },
      like: { in_app: true, email: false },
      list_shared: { in_app: true, email: false },
      planner_shared: { in_app: true, email: false },
      import_done: { in_app: true, email: false },
      recipe_unavailable: { in_app: true, email: false },
    });
    const changed = await ok<Record<string, unknown>>(
      ana.agent.patch(SETTINGS, { like: { in_app: false }, follow: { email: true } }),
    );
    expect(changed).toMatchObject({
      like: { in_app: false, email: false },
      follow: { in_app: true, email: true },
      rating: { in_app: true, email: false },
    });
    await ok(ana.agent.patch(SETTINGS, { like: { email: true } }));
    expect(await ok(ana.agent.get(SETTINGS))).toMatchObject({
      like: { in_app: false, email: true },
      follow: { in_app: true, email: true },
    });
  });

  it("in_app off: no notification of that kind is made; the other kinds still are", async () => {
    const [owner, ana] = [await cook(), await cook()];
    const item = await itemOf(owner.user);
    await followQuietly(ana.user, owner.user);
    await ok(owner.agent.patch(SETTINGS, { like: { in_app: false } }));
    await ok(ana.agent.post(`/api/feed/items/${item}/like/`));
    await ok(ana.agent.post(`/api/feed/items/${item}/comments/`, { text: "Hi" }));
    expect((await listOf(owner)).map((n) => n.kind)).toEqual(["comment"]);
    const rows = await db.execute(
      sql`select 1 from notifications where user_id = ${owner.user.id} and kind = 'like'`,
    );
    expect(rows.rows).toEqual([]);
  });

  it("refuses bad input with field errors, and anyone signed out", async () => {
    const ana = await cook();
    for (const body of [
      { like: { in_app: "no" } },
      { like: { push: true } },
      { poke: { in_app: true } },
      { like: true },
    ]) {
      const response = await ana.agent.patch(SETTINGS, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(response.json()).length).toBeGreaterThan(0);
    }
    expect((await app.inject({ method: "GET", url: SETTINGS })).statusCode).toBe(401);
  });
});

describe("marking read", () => {
  it("marks the given ids, ignores other cooks' ids, and marks all when none are given", async () => {
    const [bo, ana, cy, dee] = [await cook(), await cook(), await cook(), await cook()];
    for (const fan of [ana, cy, dee]) await ok(fan.agent.post(`/api/users/${bo.user.id}/follow/`));
    await ok(bo.agent.post(`/api/users/${ana.user.id}/follow/`));
    const [toAna] = await listOf(ana);
    const [newest, middle] = await listOf(bo);
    expect(await unread(bo)).toBe(3);
    const read = await bo.agent.post("/api/notifications/read/", {
      ids: [newest?.id, toAna?.id, 999_999_999],
    });
    expect(read.statusCode).toBe(204);
    expect(read.body).toBe("");
    expect((await listOf(bo)).map((n) => n.read)).toEqual([true, false, false]);
    expect(await unread(bo)).toBe(2);
    expect(await unread(ana)).toBe(1);
    await ok(bo.agent.post("/api/notifications/read/", { ids: [middle?.id] }));
    expect(await unread(bo)).toBe(1);
    await ok(bo.agent.post("/api/notifications/read/", {}));
    expect((await page(bo)).unread_count).toBe(0);
    expect((await listOf(bo)).every((n) => n.read)).toBe(true);
    expect(await unread(ana)).toBe(1);
  });

  it("refuses bad ids, a forged cursor and limits out of range; 401 signed out", async () => {
    const ana = await cook();
    for (const body of [{ ids: "1" }, { ids: [0] }, { ids: ["x"] }, { ids: [1.5] }]) {
      const response = await ana.agent.post("/api/notifications/read/", body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toHaveProperty("ids");
    }
    const tooMany = Array.from({ length: 501 }, (_, i) => i + 1);
    expect((await ana.agent.post("/api/notifications/read/", { ids: tooMany })).statusCode).toBe(
      400,
    );
    for (const query of ["?cursor=nope", "?cursor=W10", "?limit=0", "?limit=101", "?limit=x"]) {
      const response = await ana.agent.get(`/api/notifications/${query}`);
      expect(response.statusCode, query).toBe(400);
    }
    expect((await ana.agent.get("/api/notifications/?cursor=nope")).json()).toEqual({
      detail: "Invalid cursor.",
    });
    expect((await app.inject({ method: "GET", url: "/api/notifications/" })).statusCode).toBe(401);
    expect(
      (await ana.agent.post("/api/notifications/read/", {}, { csrf: "omit" })).statusCode,
    ).toBe(403);
  });
});

describe("the page", () => {
  it("is newest first by time then id, in keyset pages that miss and repeat nothing", async () => {
    const ana = await cook();
    const actor = await buildUser(db);
    // 25 notifications, several at one same instant (ties broken by id).
    await db.execute(sql`
      with made as (
        insert into notifications (user_id, kind, group_key, created_on)
        select ${ana.user.id}, 'follow', 'test:' || i,
          timestamptz '2030-01-01 12:00:00.123456Z' + ((i / 5) * interval '1 second')
        from generate_series(1, 25) i
        returning id)
      insert into notification_actors (notification_id, actor_id) select id, ${actor.id} from made`);
    const seen: Notification[] = [];
    let url: string | null = "/api/notifications/?limit=10";
    let pages = 0;
    while (url) {
      const body: NotificationPage = await ok(ana.agent.get(url.replace(/^https?:\/\/[^/]+/, "")));
      expect(body.unread_count).toBe(25);
      seen.push(...body.results);
      url = body.next;
      pages++;
    }
    expect(pages).toBe(3);
    expect(new Set(seen.map((n) => n.id)).size).toBe(25);
    const sorted = [...seen].sort((a, b) =>
      a.created_on === b.created_on ? b.id - a.id : b.created_on.localeCompare(a.created_on),
    );
    expect(seen.map((n) => n.id)).toEqual(sorted.map((n) => n.id));
    expect(seen[0]?.actors).toEqual([actor.username]);
  });
});

describe("the unread count, live", () => {
  async function stream(who: Cook | undefined, origin: string) {
    const session = who?.agent.cookie(SESSION_COOKIE);
    const opened = await openSse(`${origin}/api/notifications/events/`, {
      ...(session ? { cookie: `${SESSION_COOKIE}=${session}` } : {}),
    });
    open.push(opened);
    return opened;
  }

  const nextCount = async (events: SseStream) => {
    const message = await events.next();
    expect(message.event).toBe("unread");
    return (JSON.parse(message.data) as { unread_count: number }).unread_count;
  };

  it("is sent when the stream opens and whenever it changes, on either process", async () => {
    const [bo, ana, cy] = [await cook(), await cook(), await cook()];
    await ok(ana.agent.post(`/api/users/${bo.user.id}/follow/`));
    const onSecond = await stream(bo, secondBase);
    expect(onSecond.status).toBe(200);
    expect(onSecond.headers.get("content-type")).toBe("text/event-stream");
    expect(onSecond.headers.get("cache-control")).toBe("no-store");
    const onFirst = await stream(bo, base);
    const toCy = await stream(cy, base);
    expect(await nextCount(onSecond)).toBe(1);
    expect(await nextCount(onFirst)).toBe(1);
    expect(await nextCount(toCy)).toBe(0);
    // Written through the first process, heard by both.
    await ok(cy.agent.post(`/api/users/${bo.user.id}/follow/`));
    expect(await nextCount(onSecond)).toBe(2);
    expect(await nextCount(onFirst)).toBe(2);
    await ok(bo.agent.post("/api/notifications/read/", {}));
    expect(await nextCount(onSecond)).toBe(0);
    expect(await nextCount(onFirst)).toBe(0);
    // Cy's count never changed: nothing more was sent to Cy.
    await expect(toCy.next(300)).rejects.toThrow("timed out");
    expect((await stream(undefined, secondBase)).status).toBe(401);
  });
});
