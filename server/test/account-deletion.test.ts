// DELETE /api/users/me/ (issue 25 §4): a wrong password changes nothing and counts as a failed
// login; the right one leaves no row that names the cook (every column that references a user,
// found in pg_catalog), no picture of theirs in storage (on the disk and in a bucket), no
// session, and a free username; others' lists and planners hear of it.
import { existsSync } from "node:fs";
import path from "node:path";
import { WRONG_PASSWORD } from "@potluck/contract";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "../src/auth/sessions.js";
import type { Db } from "../src/db/client.js";
import { multipartBody } from "../src/http/inject-agent.js";
import { cardKeyOf } from "../src/media/images.js";
import {
  buildRecipe,
  ingredientId,
  signedIn,
  TEST_PASSWORD,
  type TestUser,
  unitId,
} from "./factories.js";
import { Agent, createTestApp, type TestContext } from "./helper.js";
import { startTestBucket } from "./s3-server.js";
import { closeListening, openSse, type SseStream } from "./sse.js";

const bucket = await startTestBucket();
// Few failures allowed, so the test reaches the lock.
const env = { LOGIN_FAILURES_PER_ACCOUNT_ADDRESS: "3" };
const storages = [
  { storage: "the local disk", env },
  { storage: "a bucket", env: { ...env, ...bucket.env } },
];
const contexts = await Promise.all(
  storages.map(async ({ storage, env }) => {
    const context = await createTestApp({ env });
    // A second process on the same database: it must forget the cook's sessions too.
    const second = await createTestApp({ env, sameDatabaseAs: context });
    const base = await context.app.listen({ port: 0, host: "127.0.0.1" });
    return { storage, ...context, second, base };
  }),
);
const streams: SseStream[] = [];
afterAll(async () => {
  for (const stream of streams) stream.close();
  for (const { app } of contexts) await closeListening(app);
});

const jpeg = () =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: "#2e86c1" } })
    .jpeg()
    .toBuffer();

type Response = { statusCode: number; body: string };
async function ok(response: Promise<Response>) {
  const done = await response;
  expect(done.statusCode, done.body).toBeLessThan(300);
  return (done.body ? JSON.parse(done.body) : {}) as { id: number } & Record<string, unknown>;
}

const deleteAccount = (agent: Agent, password: unknown) =>
  agent.request("DELETE", "/api/users/me/", { password });

/** A recipe made through the API (so it has its feed item and search row), with a picture. */
async function recipeWithPicture({ db }: TestContext, agent: Agent, title: string) {
  const { payload, contentType } = multipartBody({
    title,
    content: "<p>Cook it.</p>",
    recipe_ingredients: JSON.stringify([
      {
        ingredient_id: await ingredientId(db, "Egg"),
        unit_id: await unitId(db, "piece"),
        quantity: 1,
      },
    ]),
    image: { filename: "photo.jpg", contentType: "image/jpeg", data: await jpeg() },
  });
  const response = await agent.raw("POST", "/api/recipes/recipes/", payload, contentType);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number; slug: string; image: string }>();
}

const feedItemOf = async (db: Db, recipeId: number) => {
  const result = await db.execute<{ id: number }>(
    sql`select id from feed_items where recipe_id = ${recipeId} order by id limit 1`,
  );
  const id = result.rows[0]?.id;
  if (id === undefined) throw new Error(`no feed item for recipe ${recipeId}`);
  return id;
};

/**
 * Every column that holds a user id: the single-column foreign keys to users.id, and those to
 * a column that is itself one (planner_members.owner_id → planners.owner_id → users.id).
 */
async function userColumns(db: Db): Promise<{ table: string; column: string }[]> {
  const { rows } = await db.execute<{
    table: string;
    column: string;
    ref_table: string;
    ref_column: string;
  }>(sql`
    select cl.relname as table, a.attname as column, rc.relname as ref_table,
      ra.attname as ref_column
    from pg_constraint c
      join pg_class cl on cl.oid = c.conrelid
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
      join pg_class rc on rc.oid = c.confrelid
      join pg_attribute ra on ra.attrelid = c.confrelid and ra.attnum = c.confkey[1]
    where c.contype = 'f' and cardinality(c.conkey) = 1
      and cl.relnamespace = 'public'::regnamespace`);
  const found = new Set(["users.id"]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const row of rows) {
      const key = `${row.table}.${row.column}`;
      if (!found.has(key) && found.has(`${row.ref_table}.${row.ref_column}`)) {
        found.add(key);
        grew = true;
      }
    }
  }
  found.delete("users.id");
  return [...found].map((key) => {
    const [table = "", column = ""] = key.split(".");
    return { table, column };
  });
}

async function rowsNaming(db: Db, userId: number) {
  const counts: Record<string, number> = {};
  for (const { table, column } of await userColumns(db)) {
    const { rows } = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(column)} = ${userId}`,
    );
    counts[`${table}.${column}`] = rows[0]?.n ?? 0;
  }
  const { rows } = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from users where id = ${userId}`,
  );
  counts["users.id"] = rows[0]?.n ?? 0;
  return counts;
}

async function isStored(context: TestContext, key: string): Promise<boolean> {
  return context.config.s3 ? bucket.has(key) : existsSync(path.join(context.config.mediaDir, key));
}

describe.each(contexts)("deleting an account, pictures on $storage", (context) => {
  const { app, db, second, base } = context;

  const stream = async (url: string, agent: Agent) => {
    const opened = await openSse(`${base}${url}`, {
      cookie: `${SESSION_COOKIE}=${agent.cookie(SESSION_COOKIE)}`,
    });
    streams.push(opened);
    return opened;
  };
  const nextChange = async (opened: SseStream) => {
    const message = await opened.next();
    expect(message.event).toBe("change");
    return JSON.parse(message.data) as { kind: string; by: string };
  };

  /**
   * A cook who has done a bit of everything, and what other cooks did with them: returns the
   * cook (signed up through the API, so their acceptance of the terms is there too).
   */
  async function cookWithEverything() {
    const agent = new Agent(app);
    const username = `leaving_${Math.random().toString(36).slice(2, 8)}`;
    const signup = await agent.post("/api/auth/signup/", {
      username,
      email: `${username}@example.com`,
      password: TEST_PASSWORD,
      confirm_password: TEST_PASSWORD,
      accept_tos: true,
    });
    expect(signup.statusCode, signup.body).toBe(201);
    await ok(agent.post("/api/auth/login/", { username, password: TEST_PASSWORD }));
    const cook: TestUser = signup.json<{ user: TestUser }>().user;

    const other = await signedIn(app, db);
    const listMember = await signedIn(app, db);
    const mine = await recipeWithPicture(context, agent, "Leaving soup");
    const mineToo = await recipeWithPicture(context, agent, "Leaving bread");
    const theirs = await recipeWithPicture(context, other.agent, "Staying stew");

    // Follows both ways, a rating, a comment and a like each way.
    await ok(agent.post(`/api/users/${other.user.id}/follow/`));
    await ok(other.agent.post(`/api/users/${cook.id}/follow/`));
    await ok(agent.post("/api/recipes/ratings/", { recipe: theirs.id, rating: 8, comment: "Yum" }));
    await ok(other.agent.post("/api/recipes/ratings/", { recipe: mine.id, rating: 2 }));
    const theirItem = await feedItemOf(db, theirs.id);
    const myItem = await feedItemOf(db, mine.id);
    await ok(agent.post(`/api/feed/items/${theirItem}/comments/`, { text: "Lovely" }));
    await ok(agent.post(`/api/feed/items/${theirItem}/like/`));
    await ok(other.agent.post(`/api/feed/items/${myItem}/comments/`, { text: "Thanks" }));
    await ok(other.agent.post(`/api/feed/items/${myItem}/like/`));

    // Collections: theirs holding the cook's recipe, the cook's holding theirs.
    const myCollection = await ok(agent.post("/api/recipes/collections/", { name: "Keep" }));
    await ok(agent.put(`/api/recipes/collections/${myCollection.id}/recipes/${theirs.id}/`));
    const theirCollection = await ok(
      other.agent.post("/api/recipes/collections/", { name: "Borrowed" }),
    );
    await ok(other.agent.put(`/api/recipes/collections/${theirCollection.id}/recipes/${mine.id}/`));

    // Settings: staples, an ingredient of their own, aisles.
    const butter = await ingredientId(db, "Butter");
    await ok(agent.put("/api/users/me/staples/", { ingredient_ids: [butter] }));
    await ok(agent.post("/api/ingredients/ingredients/", { name: `Leaving spice ${username}` }));
    const aisle = (await db.execute<{ id: number }>(sql`select id from aisles limit 1`)).rows[0];
    await ok(agent.put("/api/groceries/aisles/text/", { text: "bin bags", aisle_id: aisle?.id }));

    // The cook's list, shared with a member; the other cook's list, shared with the cook and
    // planning the cook's recipe.
    const myList = await ok(agent.post("/api/groceries/lists/", { name: "Mine" }));
    await ok(
      agent.post(`/api/groceries/lists/${myList.id}/members/`, {
        username: listMember.user.username,
      }),
    );
    await ok(
      agent.post("/api/groceries/planned-recipes/", {
        grocery_list_id: myList.id,
        recipe_id: theirs.id,
        guests: 2,
      }),
    );
    await ok(
      agent.post("/api/groceries/planned-extras/", { grocery_list_id: myList.id, text: "foil" }),
    );
    const theirList = await ok(other.agent.post("/api/groceries/lists/", { name: "Theirs" }));
    await ok(
      other.agent.post(`/api/groceries/lists/${theirList.id}/members/`, {
        username: cook.username,
      }),
    );
    for (const recipe of [mine, theirs]) {
      await ok(
        other.agent.post("/api/groceries/planned-recipes/", {
          grocery_list_id: theirList.id,
          recipe_id: recipe.id,
          guests: 4,
        }),
      );
    }

    // Planners: the cook's own (shared with the other cook), and the other's, shared with
    // the cook, who adds an entry there; the other plans the cook's recipe on their own.
    await ok(
      agent.post("/api/planner/entries/", { date: "2030-01-07", slot: "dinner", note: "Pizza" }),
    );
    await ok(agent.post("/api/planner/members/", { username: other.user.username }));
    await ok(other.agent.post("/api/planner/members/", { username: cook.username }));
    const addedThere = await ok(
      agent.post("/api/planner/entries/", {
        date: "2030-01-08",
        slot: "lunch",
        note: "Leftovers",
        planner: other.user.username,
      }),
    );
    await ok(
      other.agent.post("/api/planner/entries/", {
        date: "2030-01-09",
        slot: "dinner",
        recipe_id: mine.id,
        guests: 2,
      }),
    );
    return { agent, cook, other, listMember, mine, mineToo, theirs, myList, theirList, addedThere };
  }

  it("refuses a wrong password with 400, changes nothing, and counts it as a failed login", async () => {
    const { agent, cook, mine } = await cookWithEverything();
    const before = await rowsNaming(db, cook.id);
    const wrong = await deleteAccount(agent, "not my password");
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ password: [WRONG_PASSWORD] });
    expect(await rowsNaming(db, cook.id)).toEqual(before);
    expect((await agent.get(`/api/recipes/recipes/${mine.id}/`)).statusCode).toBe(200);
    expect(await isStored(context, mine.image.replace(/^.*?(recipes\/)/, "$1"))).toBe(true);

    // The limit of failed logins for this account at this address is 3: two more wrong ones
    // and even the right password is refused, here and at the login.
    expect((await deleteAccount(agent, "still not it")).statusCode).toBe(400);
    expect((await deleteAccount(agent, "nor this")).statusCode).toBe(400);
    expect((await deleteAccount(agent, TEST_PASSWORD)).statusCode).toBe(429);
    const login = await new Agent(app, agent.remoteAddress).post("/api/auth/login/", {
      username: cook.username,
      password: TEST_PASSWORD,
    });
    expect(login.statusCode).toBe(429);
    expect((await rowsNaming(db, cook.id))["users.id"]).toBe(1);
  });

  it("answers 400 without a password, 401 signed out, 403 without the CSRF token", async () => {
    const { agent } = await signedIn(app, db);
    const missing = await agent.request("DELETE", "/api/users/me/", {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ password: ["This field is required."] });
    const blank = await deleteAccount(agent, "");
    expect(blank.json()).toEqual({ password: ["This field may not be blank."] });
    expect((await deleteAccount(new Agent(app), TEST_PASSWORD)).statusCode).toBe(401);
    const noCsrf = await agent.request(
      "DELETE",
      "/api/users/me/",
      { password: TEST_PASSWORD },
      { csrf: "omit" },
    );
    expect(noCsrf.statusCode).toBe(403);
  });

  it("removes every row that names the cook, their pictures and sessions, and tells the others", async () => {
    const everything = await cookWithEverything();
    const { agent, cook, other, listMember, mine, mineToo, theirs, myList, theirList } = everything;
    const columns = await userColumns(db);
    // The query sees the tables it must (so an empty answer means something).
    for (const expected of [
      "sessions.user_id",
      "recipes.author_id",
      "ratings.author_id",
      "feed_comments.user_id",
      "follows.followee_id",
      "grocery_list_members.user_id",
      "planner_members.owner_id",
      "planner_entries.created_by_id",
      "ingredients.created_by",
      "terms_acceptances.user_id",
    ]) {
      expect(columns.map((c) => `${c.table}.${c.column}`)).toContain(expected);
    }
    const before = await rowsNaming(db, cook.id);
    expect(Object.values(before).filter((n) => n > 0).length).toBeGreaterThan(15);

    const keys = [] as string[];
    for (const recipe of [mine, mineToo]) {
      const { rows } = await db.execute<{ image_key: string }>(
        sql`select image_key from recipes where id = ${recipe.id}`,
      );
      const key = rows[0]?.image_key as string;
      keys.push(key, cardKeyOf(key));
    }
    for (const key of keys) expect(await isStored(context, key)).toBe(true);
    const theirsBefore = (
      await db.execute<{ rating_sum: number; rating_count: number }>(
        sql`select rating_sum, rating_count from recipes where id = ${theirs.id}`,
      )
    ).rows[0];

    // The second process has the cook's session in its memory.
    const cookie = agent.cookie(SESSION_COOKIE) as string;
    const asCookElsewhere = () =>
      second.app.inject({
        url: "/api/users/me/preferences/",
        headers: { cookie: `${SESSION_COOKIE}=${cookie}` },
      });
    expect((await asCookElsewhere()).statusCode).toBe(200);

    const toListMember = await stream(
      `/api/groceries/lists/${myList.id}/events/`,
      listMember.agent,
    );
    const toOther = await stream(`/api/groceries/lists/${theirList.id}/events/`, other.agent);
    const heardBefore = second.app.sessions.changesHeard;

    type Line = { ingredient: { name: string } | null; quantity: number; is_checked: boolean };
    const shoppingLines = async () =>
      (await other.agent.get(`/api/groceries/items/?grocery_list=${theirList.id}`))
        .json<Line[]>()
        .map((line) => [line.ingredient?.name, line.quantity, line.is_checked]);
    const linesBefore = await shoppingLines();

    const deleted = await deleteAccount(agent, TEST_PASSWORD);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(deleted.body).toBe("");
    expect((await agent.get("/api/users/me/preferences/")).statusCode).toBe(401);

    // No row names the cook any more, in any column that holds a user id.
    const after = await rowsNaming(db, cook.id);
    expect(Object.entries(after).filter(([, n]) => n > 0)).toEqual([]);
    // The entry the cook added to the other's planner stays theirs, with no author.
    const kept = await db.execute<{ created_by_id: number | null; owner_id: number }>(
      sql`select created_by_id, owner_id from planner_entries where id = ${everything.addedThere.id}`,
    );
    expect(kept.rows).toEqual([{ created_by_id: null, owner_id: other.user.id }]);
    // The ingredient they added to the catalogue stays, nobody's.
    const spice = await db.execute<{ created_by: number | null }>(
      sql`select created_by from ingredients where name = ${`Leaving spice ${cook.username}`}`,
    );
    expect(spice.rows).toEqual([{ created_by: null }]);

    // Their recipes went with what others did with them.
    for (const recipe of [mine, mineToo]) {
      expect((await other.agent.get(`/api/recipes/recipes/${recipe.id}/`)).statusCode).toBe(404);
    }
    const theirCollections = await other.agent.get("/api/recipes/collections/");
    expect(theirCollections.json<{ recipe_count: number }[]>()[0]?.recipe_count).toBe(0);
    const theirWeek = await other.agent.get(
      "/api/planner/entries/?start=2030-01-06&end=2030-01-12",
    );
    expect(theirWeek.statusCode, theirWeek.body).toBe(200);
    // The other's dinner of the cook's soup stays, as a recipe no longer available (issue 34
    // §3): its title kept, no link; and the other is told.
    expect(
      theirWeek
        .json<{ date: string; recipe: unknown; unavailable_recipe: unknown; guests: number }[]>()
        .find((entry) => entry.date === "2030-01-09"),
    ).toMatchObject({ recipe: null, unavailable_recipe: { title: "Leaving soup" }, guests: 2 });
    expect(theirWeek.body).toContain("Leftovers");
    const told = await other.agent.get("/api/notifications/");
    expect(
      told
        .json<{ results: { kind: string; recipe_title: string | null; actors: string[] }[] }>()
        .results.filter((n) => n.kind === "recipe_unavailable"),
    ).toEqual([expect.objectContaining({ recipe_title: "Leaving soup", actors: [] })]);

    // The rating they gave is gone from the other's recipe's totals.
    const theirsAfter = (
      await db.execute<{ rating_sum: number; rating_count: number }>(
        sql`select rating_sum, rating_count from recipes where id = ${theirs.id}`,
      )
    ).rows[0];
    expect(theirsAfter).toEqual({
      rating_sum: (theirsBefore?.rating_sum ?? 0) - 8,
      rating_count: (theirsBefore?.rating_count ?? 0) - 1,
    });

    // The list the cook was a member of: the plan of the cook's recipe became the list's
    // extras, so its lines stay as they were (issue 34 §3), and its screens were told.
    const lines = await other.agent.get(`/api/groceries/items/?grocery_list=${theirList.id}`);
    expect(lines.statusCode, lines.body).toBe(200);
    expect(lines.body).toContain("Staying stew");
    expect(lines.body).toContain("Extras");
    expect(await shoppingLines()).toEqual(linesBefore);
    const plans = await other.agent.get(
      `/api/groceries/planned-recipes/?grocery_list=${theirList.id}`,
    );
    expect(plans.json<{ recipe: { id: number } }[]>().map((p) => p.recipe.id)).toEqual([theirs.id]);
    const heard = [await nextChange(toOther), await nextChange(toOther)];
    expect(heard).toEqual(
      expect.arrayContaining([
        { kind: "planned", by: cook.username },
        { kind: "members", by: cook.username },
      ]),
    );
    const people = await other.agent.get(`/api/groceries/lists/${theirList.id}/members/`);
    expect(people.body).not.toContain(cook.username);
    // The list the cook owned is gone, and its member's open screen was told (stream ended).
    expect(await toListMember.ended()).toBe(true);
    expect((await listMember.agent.get(`/api/groceries/lists/${myList.id}/`)).statusCode).toBe(404);

    // No picture of theirs is left in storage.
    for (const key of keys) expect(await isStored(context, key)).toBe(false);

    // Signed out on this process at once, and on the other once it has heard of it.
    const status = await app.inject({
      url: "/api/auth/status/",
      headers: { cookie: `${SESSION_COOKIE}=${cookie}` },
    });
    expect(status.json()).toEqual({ authenticated: false });
    await expect
      .poll(() => second.app.sessions.changesHeard, { timeout: 5000 })
      .toBeGreaterThan(heardBefore);
    expect((await asCookElsewhere()).statusCode).toBe(401);
    // The password opens nothing.
    const again = await new Agent(app).post("/api/auth/login/", {
      username: cook.username,
      password: TEST_PASSWORD,
    });
    expect(again.statusCode).toBe(401);

    // The username (and email) are free for a new cook.
    const newcomer = await new Agent(app).post("/api/auth/signup/", {
      username: cook.username,
      email: cook.email,
      password: "another-long-secret-7",
      confirm_password: "another-long-secret-7",
      accept_tos: true,
    });
    expect(newcomer.statusCode, newcomer.body).toBe(201);
    // ...who starts with nothing of the old cook's.
    const fresh = new Agent(app);
    await ok(
      fresh.post("/api/auth/login/", {
        username: cook.username,
        password: "another-long-secret-7",
      }),
    );
    const theirRecipes = await fresh.get("/api/recipes/recipes/?mine=true");
    expect(theirRecipes.json<{ results: unknown[] }>().results).toEqual([]);
  });
});

describe("deleting an account while others use what it shares", () => {
  const { app, db } = contexts[0] as (typeof contexts)[number];
  const ROUNDS = 8;

  it("answers no 5xx and leaves nothing naming the cook while others write to what they share", async () => {
    const other = await signedIn(app, db);
    const egg = await ingredientId(db, "Egg");
    const piece = await unitId(db, "piece");
    const lines = [{ ingredientId: egg, unitId: piece, quantity: 1 }];
    const theirs = await buildRecipe(db, other.user.id, {
      title: "Their omelette",
      ingredients: lines,
    });
    for (let round = 0; round < ROUNDS; round++) {
      const { user: cook, agent } = await signedIn(app, db);
      const [mine, mineToo] = [
        await buildRecipe(db, cook.id, { title: `Mine ${round}`, ingredients: lines }),
        await buildRecipe(db, cook.id, { title: `Mine too ${round}`, ingredients: lines }),
      ];
      const theirList = await ok(other.agent.post("/api/groceries/lists/", { name: `T${round}` }));
      await ok(
        other.agent.post(`/api/groceries/lists/${theirList.id}/members/`, {
          username: cook.username,
        }),
      );
      const myList = await ok(agent.post("/api/groceries/lists/", { name: `M${round}` }));
      await ok(
        agent.post(`/api/groceries/lists/${myList.id}/members/`, {
          username: other.user.username,
        }),
      );
      for (const [list, recipe] of [
        [theirList, mine],
        [theirList, theirs],
        [myList, theirs],
      ] as const) {
        await ok(
          other.agent.post("/api/groceries/planned-recipes/", {
            grocery_list_id: list.id,
            recipe_id: recipe.id,
            guests: 2,
          }),
        );
      }
      await ok(agent.post("/api/planner/members/", { username: other.user.username }));
      await ok(other.agent.post("/api/planner/members/", { username: cook.username }));
      const items = (
        await other.agent.get(`/api/groceries/items/?grocery_list=${theirList.id}`)
      ).json<{ id: number }[]>();

      const { payload, contentType } = multipartBody({
        title: "Their omelette",
        content: `<p>Round ${round}</p>`,
        recipe_ingredients: JSON.stringify([{ ingredient_id: egg, unit_id: piece, quantity: 2 }]),
      });
      const responses = await Promise.all([
        deleteAccount(agent, TEST_PASSWORD),
        other.agent.post("/api/groceries/planned-recipes/", {
          grocery_list_id: theirList.id,
          recipe_id: mineToo.id,
          guests: 3,
        }),
        other.agent.patch(`/api/groceries/items/${items[0]?.id}/`, { is_checked: true }),
        other.agent.post("/api/recipes/ratings/", { recipe: mine.id, rating: 7 }),
        other.agent.raw("PUT", `/api/recipes/recipes/${theirs.id}/`, payload, contentType),
        other.agent.post("/api/planner/entries/", {
          date: "2030-02-01",
          slot: "dinner",
          recipe_id: mine.id,
          guests: 2,
        }),
        other.agent.post("/api/planner/entries/", {
          date: "2030-02-01",
          slot: "lunch",
          recipe_id: theirs.id,
          guests: 2,
          planner: cook.username,
        }),
        other.agent.post("/api/groceries/planned-extras/", {
          grocery_list_id: myList.id,
          text: "napkins",
        }),
      ]);
      const failures = responses.filter((response) => response.statusCode >= 500);
      expect(failures.map((response) => response.body)).toEqual([]);
      expect(responses[0]?.statusCode, responses[0]?.body).toBe(204);
      const left = await rowsNaming(db, cook.id);
      expect(Object.entries(left).filter(([, n]) => n > 0)).toEqual([]);
    }
  });
});
