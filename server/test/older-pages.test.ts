import { FEED_COMMENTS_LIMIT, RECIPE_RATINGS_LIMIT } from "@potluck/contract";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buildRecipe, buildUser, signedIn, type TestUser } from "./factories.js";
import { type Agent, createTestApp } from "./helper.js";

// Issue 27 §1b: a recipe's ratings and a feed item's comments beyond their first answer (the
// newest 100), walked backwards through the `Link: <url>; rel="next"` header.

const { app, db } = await createTestApp();

type Row = { id: number };

/** The URL of the next older page, as a client reads it from the header; null at the end. */
function olderLink(response: { headers: Record<string, unknown> }): string | null {
  const link = response.headers.link;
  if (link === undefined) return null;
  const match = /^<([^>]+)>; rel="next"$/.exec(String(link));
  if (!match?.[1]) throw new Error(`unexpected Link header: ${String(link)}`);
  const url = new URL(match[1]);
  return url.pathname + url.search;
}

/** Every page from `first`, following the header; the pages' rows in the order given. */
async function walk<T extends Row>(agent: Agent, first: string) {
  const pages: T[][] = [];
  let url: string | null = first;
  while (url !== null) {
    const response = await agent.get(url);
    expect(response.statusCode).toBe(200);
    pages.push(response.json());
    url = olderLink(response);
    expect(pages.length).toBeLessThan(100);
  }
  return pages;
}

/** The URL of the page after the first, to ask again once the reader may no longer see it. */
async function secondPageUrl(agent: Agent, first: string) {
  const url = olderLink(await agent.get(first));
  if (url === null) throw new Error("no second page");
  return url;
}

const raters = async (count: number) =>
  Promise.all(Array.from({ length: count }, () => buildUser(db)));

/**
 * `count` ratings of the recipe, by `cooks` in turn; times go back from now with pairs that
 * share their time to the microsecond (the id decides between them) and others a microsecond
 * apart (a cursor rounded to the millisecond would repeat or skip them).
 */
async function rateMany(recipeId: number, cooks: TestUser[]) {
  const values = cooks.map(
    (cook, n) =>
      sql`(${recipeId}, ${cook.id}, ${(n % 10) + 1}, ${`Rating ${n}`},
        timestamptz '2026-01-01 12:00:00.000000+00' - ${Math.floor(n / 2)} * interval '1 microsecond')`,
  );
  await db.execute(sql`insert into ratings (recipe_id, author_id, rating, comment, created_at)
    values ${sql.join(values, sql`, `)}`);
}

describe("GET /api/recipes/ratings/?recipe= page by page", () => {
  it("walks every rating once, newest first, the first answer as before", async () => {
    const author = await buildUser(db);
    const recipe = await buildRecipe(db, author.id);
    const cooks = await raters(RECIPE_RATINGS_LIMIT * 2 + 31);
    await rateMany(recipe.id, cooks);
    const { agent } = await signedIn(app, db);

    const pages = await walk<Row & { created_at: string }>(
      agent,
      `/api/recipes/ratings/?recipe=${recipe.id}`,
    );
    expect(pages.map((page) => page.length)).toEqual([100, 100, 31]);
    const all = pages.flat();
    const expected = await db.execute<{ id: number }>(sql`select id from ratings
      where recipe_id = ${recipe.id} order by created_at desc, id desc`);
    expect(all.map((row) => row.id)).toEqual(expected.rows.map((row) => row.id));

    // A smaller page walks the same ratings in the same order.
    const small = await walk<Row>(agent, `/api/recipes/ratings/?recipe=${recipe.id}&limit=7`);
    expect(small[0]).toHaveLength(7);
    expect(small.flat().map((row) => row.id)).toEqual(all.map((row) => row.id));
  });

  it("gives the reader's own older rating on the first page only", async () => {
    const author = await buildUser(db);
    const recipe = await buildRecipe(db, author.id);
    const { user: reader, agent } = await signedIn(app, db);
    const cooks = await raters(RECIPE_RATINGS_LIMIT + 20);
    // The reader's rating is the 111th newest: beyond the first 100.
    cooks.splice(110, 0, reader);
    await rateMany(recipe.id, cooks);

    const pages = await walk<Row & { author_username: string }>(
      agent,
      `/api/recipes/ratings/?recipe=${recipe.id}`,
    );
    const own = (page: { author_username: string }[]) =>
      page.filter((row) => row.author_username === reader.username).length;
    expect(pages.map(own)).toEqual([1, 0]);
    expect(pages[0]?.at(-1)?.author_username).toBe(reader.username);
    const ids = pages.flat().map((row) => row.id);
    expect(new Set(ids).size).toBe(cooks.length);
    expect(ids).toHaveLength(cooks.length);
  });

  it("answers a recipe the reader may not read with 404 on every page", async () => {
    const { user: author, agent: authorAgent } = await signedIn(app, db);
    const recipe = await buildRecipe(db, author.id);
    await rateMany(recipe.id, await raters(12));
    const { agent: stranger } = await signedIn(app, db);
    const first = `/api/recipes/ratings/?recipe=${recipe.id}&limit=5`;
    const second = await secondPageUrl(stranger, first);

    await db.execute(sql`update recipes set visibility = 'private' where id = ${recipe.id}`);
    expect((await stranger.get(first)).statusCode).toBe(404);
    expect((await stranger.get(second)).statusCode).toBe(404);
    expect((await authorAgent.get(second)).statusCode).toBe(200);

    await db.execute(sql`update recipes set visibility = 'followers' where id = ${recipe.id}`);
    expect((await stranger.get(second)).statusCode).toBe(404);
  });

  it("refuses a forged cursor or page size with 400", async () => {
    const author = await buildUser(db);
    const recipe = await buildRecipe(db, author.id);
    const { agent } = await signedIn(app, db);
    const forged = (values: unknown) => Buffer.from(JSON.stringify(values)).toString("base64url");
    for (const before of [
      "not-a-cursor",
      forged(["2026-01-01", 1]),
      forged([1e300, 1]),
      forged([1, 0]),
      forged([1]),
      "%00",
      "x".repeat(301),
    ]) {
      const response = await agent.get(
        `/api/recipes/ratings/?recipe=${recipe.id}&before=${encodeURIComponent(before)}`,
      );
      expect(response.statusCode, before).toBe(400);
    }
    for (const limit of ["0", "101", "two"]) {
      const response = await agent.get(`/api/recipes/ratings/?recipe=${recipe.id}&limit=${limit}`);
      expect(response.statusCode).toBe(400);
    }
  });
});

describe("GET /api/feed/items/{id}/comments/ page by page", () => {
  async function itemWithComments(count: number) {
    const { user: author, agent: authorAgent } = await signedIn(app, db);
    const recipe = await buildRecipe(db, author.id);
    const item = await db.execute<{ id: number }>(sql`
      insert into feed_items (user_id, event_type, recipe_id) values (${author.id}, 'new_recipe', ${recipe.id})
      returning id`);
    const itemId = item.rows[0]?.id as number;
    await db.execute(sql`
      insert into feed_comments (feed_item_id, user_id, text, created_at)
      select ${itemId}, ${author.id}, 'Comment ' || n,
        timestamptz '2026-01-01 12:00:00.000000+00' + (n / 2) * interval '1 microsecond'
      from generate_series(1, ${count}) n`);
    return { author, authorAgent, recipe, itemId };
  }

  it("walks every comment once, each page oldest first, the first being the newest", async () => {
    const { authorAgent, itemId } = await itemWithComments(FEED_COMMENTS_LIMIT * 2 + 17);
    const pages = await walk<Row & { text: string }>(
      authorAgent,
      `/api/feed/items/${itemId}/comments/`,
    );
    expect(pages.map((page) => page.length)).toEqual([100, 100, 17]);
    // Read as a conversation: the oldest page first, each oldest first.
    const conversation = pages.reverse().flat();
    const expected = await db.execute<{ id: number }>(sql`select id from feed_comments
      where feed_item_id = ${itemId} order by created_at, id`);
    expect(conversation.map((row) => row.id)).toEqual(expected.rows.map((row) => row.id));
    expect(conversation.at(-1)?.text).toBe(`Comment ${FEED_COMMENTS_LIMIT * 2 + 17}`);

    const small = await walk<Row>(authorAgent, `/api/feed/items/${itemId}/comments/?limit=9`);
    expect(
      small
        .reverse()
        .flat()
        .map((row) => row.id),
    ).toEqual(conversation.map((r) => r.id));
  });

  it("answers an item the reader may not see with 404 on every page", async () => {
    const { author, authorAgent, recipe, itemId } = await itemWithComments(12);
    const { agent: follower } = await signedIn(app, db);
    expect((await follower.post(`/api/users/${author.id}/follow/`)).statusCode).toBe(201);
    const first = `/api/feed/items/${itemId}/comments/?limit=5`;
    const second = await secondPageUrl(follower, first);
    expect((await follower.get(second)).statusCode).toBe(200);

    await db.execute(sql`update recipes set visibility = 'private' where id = ${recipe.id}`);
    expect((await follower.get(first)).statusCode).toBe(404);
    expect((await follower.get(second)).statusCode).toBe(404);
    expect((await authorAgent.get(second)).statusCode).toBe(200);

    const { agent: stranger } = await signedIn(app, db);
    await db.execute(sql`update recipes set visibility = 'public' where id = ${recipe.id}`);
    expect((await stranger.get(second)).statusCode).toBe(404);
  });

  it("refuses a forged cursor with 400", async () => {
    const { authorAgent, itemId } = await itemWithComments(1);
    const response = await authorAgent.get(`/api/feed/items/${itemId}/comments/?before=abc`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: "Invalid cursor." });
  });
});
