import { RECIPE_RATINGS_LIMIT } from "@potluck/contract";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { feedItems, ratings } from "../src/db/schema.js";
import { buildRecipe, buildUser, signedIn } from "./factories.js";
import { Agent, createTestApp } from "./helper.js";

const { app, db } = await createTestApp();

const RATINGS = "/api/recipes/ratings/";

async function aRecipe() {
  const author = await buildUser(db);
  return buildRecipe(db, author.id);
}

const recipeTotals = async (id: number) => {
  const response = await new Agent(app).get(`/api/recipes/recipes/${id}/`);
  expect(response.statusCode).toBe(200);
  const { average_rating, rating_count } = response.json();
  return { average_rating, rating_count };
};

const feedOf = (ratingId: number) =>
  db
    .select({ eventType: feedItems.eventType, userId: feedItems.userId })
    .from(feedItems)
    .where(eq(feedItems.ratingId, ratingId))
    .orderBy(feedItems.id);

describe("POST /api/recipes/ratings/", () => {
  it("rates a recipe in half stars, with a trimmed comment and a feed item", async () => {
    const recipe = await aRecipe();
    const { user, agent } = await signedIn(app, db);
    const response = await agent.post(RATINGS, {
      rating: 9,
      comment: "  Lovely and light.  ",
      recipe: recipe.id,
    });
    expect(response.statusCode).toBe(201);
    const rating = response.json();
    expect(rating).toEqual({
      id: expect.any(Number),
      rating: 9,
      comment: "Lovely and light.",
      recipe: recipe.id,
      author_username: user.username,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      can_edit: true,
    });
    expect(await recipeTotals(recipe.id)).toEqual({ average_rating: 4.5, rating_count: 1 });
    expect(await feedOf(rating.id)).toEqual([{ eventType: "new_rating", userId: user.id }]);
  });

  it("accepts a rating without a comment", async () => {
    const recipe = await aRecipe();
    const { agent } = await signedIn(app, db);
    const response = await agent.post(RATINGS, { rating: 1, recipe: recipe.id });
    expect(response.statusCode).toBe(201);
    expect(response.json().comment).toBe("");
  });

  it("refuses ratings outside 1–10, half numbers, and overlong comments", async () => {
    const recipe = await aRecipe();
    const { agent } = await signedIn(app, db);
    for (const rating of [0, 11, -1, 4.5, "7", null]) {
      const response = await agent.post(RATINGS, { rating, comment: "", recipe: recipe.id });
      expect(response.statusCode, String(rating)).toBe(400);
      expect(Object.keys(response.json())).toEqual(["rating"]);
    }
    const long = await agent.post(RATINGS, {
      rating: 5,
      comment: "x".repeat(2001),
      recipe: recipe.id,
    });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({
      comment: ["Ensure this field has no more than 2000 characters."],
    });
    expect(await recipeTotals(recipe.id)).toEqual({ average_rating: 0, rating_count: 0 });
  });

  it("refuses an unknown recipe with a field error", async () => {
    const { agent } = await signedIn(app, db);
    const response = await agent.post(RATINGS, { rating: 5, comment: "", recipe: 2147483000 });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      recipe: ['Invalid pk "2147483000" - object does not exist.'],
    });
    const huge = await agent.post(RATINGS, { rating: 5, comment: "", recipe: 99999999999 });
    expect(huge.statusCode).toBe(400);
  });

  it("allows one rating per person and recipe, even when two arrive at once", async () => {
    const recipe = await aRecipe();
    const { agent } = await signedIn(app, db);
    expect(
      (await agent.post(RATINGS, { rating: 6, comment: "", recipe: recipe.id })).statusCode,
    ).toBe(201);
    const again = await agent.post(RATINGS, { rating: 10, comment: "", recipe: recipe.id });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ detail: "You have already rated this recipe." });

    const racer = await signedIn(app, db);
    const raced = await Promise.all(
      [8, 4, 2].map((rating) =>
        racer.agent.post(RATINGS, { rating, comment: "", recipe: recipe.id }),
      ),
    );
    expect(raced.map((r) => r.statusCode).sort()).toEqual([201, 400, 400]);
    const stored = await db.select().from(ratings).where(eq(ratings.recipeId, recipe.id));
    expect(stored).toHaveLength(2);
    // The totals count exactly the two stored ratings: 6 and whichever racer won.
    const sum = stored.reduce((total, r) => total + r.rating, 0);
    expect(await recipeTotals(recipe.id)).toEqual({
      average_rating: Math.round((sum / 2 / 2) * 100) / 100,
      rating_count: 2,
    });
  });

  it("needs a signed-in user", async () => {
    const recipe = await aRecipe();
    const response = await new Agent(app).post(RATINGS, {
      rating: 5,
      comment: "",
      recipe: recipe.id,
    });
    expect(response.statusCode).toBe(401);
  });
});

describe("GET /api/recipes/ratings/?recipe=", () => {
  it("lists a recipe's ratings newest first, for anyone", async () => {
    const recipe = await aRecipe();
    const first = await signedIn(app, db);
    const second = await signedIn(app, db);
    await first.agent.post(RATINGS, { rating: 4, comment: "ok", recipe: recipe.id });
    await second.agent.post(RATINGS, { rating: 10, comment: "wow", recipe: recipe.id });
    const other = await aRecipe();
    await first.agent.post(RATINGS, { rating: 2, comment: "", recipe: other.id });

    const response = await new Agent(app).get(`${RATINGS}?recipe=${recipe.id}`);
    expect(response.statusCode).toBe(200);
    expect(
      response
        .json()
        .map((r: { author_username: string; comment: string }) => [r.author_username, r.comment]),
    ).toEqual([
      [second.user.username, "wow"],
      [first.user.username, "ok"],
    ]);
  });

  it(`gives the newest ${RECIPE_RATINGS_LIMIT}, and the reader's own when it is older`, async () => {
    const recipe = await aRecipe();
    const early = await signedIn(app, db);
    await early.agent.post(RATINGS, { rating: 2, comment: "first!", recipe: recipe.id });
    // One more rating than the list holds, all newer than the early one.
    await db.execute(sql`
      with raters as (
        insert into users (username, email, password_hash)
        select 'rater' || ${recipe.id} || '_' || n, 'rater' || ${recipe.id} || '_' || n || '@example.com', '-'
        from generate_series(1, ${RECIPE_RATINGS_LIMIT + 1}) n
        returning id
      )
      insert into ratings (recipe_id, author_id, rating, created_at)
      select ${recipe.id}, id, 8, now() + interval '1 minute' from raters`);
    type Listed = { author_username: string; created_at: string; id: number }[];
    const newestFirst = (list: Listed) =>
      list.every(
        (r, i) =>
          i === 0 ||
          r.created_at < (list[i - 1]?.created_at ?? "") ||
          (r.created_at === list[i - 1]?.created_at && r.id < (list[i - 1]?.id ?? 0)),
      );

    const anyone: Listed = (await new Agent(app).get(`${RATINGS}?recipe=${recipe.id}`)).json();
    expect(anyone).toHaveLength(RECIPE_RATINGS_LIMIT);
    expect(newestFirst(anyone)).toBe(true);
    expect(anyone.map((r) => r.author_username)).not.toContain(early.user.username);

    const mine: Listed = (await early.agent.get(`${RATINGS}?recipe=${recipe.id}`)).json();
    expect(mine).toHaveLength(RECIPE_RATINGS_LIMIT + 1);
    expect(newestFirst(mine)).toBe(true);
    expect(mine.at(-1)?.author_username).toBe(early.user.username);
  });

  it("says who may edit each rating: its author only, not a superuser, not a visitor", async () => {
    const recipe = await aRecipe();
    const rater = await signedIn(app, db);
    await rater.agent.post(RATINGS, { rating: 6, comment: "fine", recipe: recipe.id });
    const { agent: other } = await signedIn(app, db);
    const { agent: admin } = await signedIn(app, db, { isSuperuser: true });
    const canEdit = async (agent: Agent) =>
      (await agent.get(`${RATINGS}?recipe=${recipe.id}`))
        .json()
        .map((r: { can_edit: boolean }) => r.can_edit);
    expect(await canEdit(rater.agent)).toEqual([true]);
    expect(await canEdit(other)).toEqual([false]);
    expect(await canEdit(admin)).toEqual([false]);
    expect(await canEdit(new Agent(app))).toEqual([false]);
  });

  it("is 404 for an unknown recipe and 400 without a valid one", async () => {
    const agent = new Agent(app);
    expect((await agent.get(`${RATINGS}?recipe=2147483000`)).statusCode).toBe(404);
    expect((await agent.get(`${RATINGS}?recipe=abc`)).statusCode).toBe(400);
    expect((await agent.get(RATINGS)).statusCode).toBe(400);
  });
});

describe("PUT /api/recipes/ratings/{id}/", () => {
  it("lets the author change it; the average follows and an update_rating item is added", async () => {
    const recipe = await aRecipe();
    const { user, agent } = await signedIn(app, db);
    const other = await signedIn(app, db);
    await other.agent.post(RATINGS, { rating: 10, comment: "", recipe: recipe.id });
    const rating = (
      await agent.post(RATINGS, { rating: 2, comment: "meh", recipe: recipe.id })
    ).json();
    expect(await recipeTotals(recipe.id)).toEqual({ average_rating: 3, rating_count: 2 });

    const response = await agent.put(`${RATINGS}${rating.id}/`, {
      rating: 7,
      comment: " Better the second time ",
      recipe: recipe.id,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: rating.id,
      rating: 7,
      comment: "Better the second time",
    });
    expect(await recipeTotals(recipe.id)).toEqual({ average_rating: 4.25, rating_count: 2 });
    expect(await feedOf(rating.id)).toEqual([
      { eventType: "new_rating", userId: user.id },
      { eventType: "update_rating", userId: user.id },
    ]);
  });

  it("is refused to others (403), visitors (401) and unknown ids (404)", async () => {
    const recipe = await aRecipe();
    const { agent } = await signedIn(app, db);
    const rating = (
      await agent.post(RATINGS, { rating: 6, comment: "", recipe: recipe.id })
    ).json();
    const other = await signedIn(app, db);
    const body = { rating: 1, comment: "", recipe: recipe.id };
    expect((await other.agent.put(`${RATINGS}${rating.id}/`, body)).statusCode).toBe(403);
    expect((await new Agent(app).put(`${RATINGS}${rating.id}/`, body)).statusCode).toBe(401);
    expect((await agent.put(`${RATINGS}2147483000/`, body)).statusCode).toBe(404);
    expect((await agent.put(`${RATINGS}abc/`, body)).statusCode).toBe(400);
    expect((await agent.put(`${RATINGS}${rating.id}/`, { ...body, rating: 12 })).statusCode).toBe(
      400,
    );
    expect(await recipeTotals(recipe.id)).toEqual({ average_rating: 3, rating_count: 1 });
  });

  it("keeps a rating on its recipe", async () => {
    const recipe = await aRecipe();
    const elsewhere = await aRecipe();
    const { agent } = await signedIn(app, db);
    const rating = (
      await agent.post(RATINGS, { rating: 6, comment: "", recipe: recipe.id })
    ).json();
    const moved = await agent.put(`${RATINGS}${rating.id}/`, {
      rating: 6,
      comment: "",
      recipe: elsewhere.id,
    });
    expect(moved.statusCode).toBe(400);
    expect(Object.keys(moved.json())).toEqual(["recipe"]);
  });
});

describe("DELETE /api/recipes/ratings/{id}/", () => {
  it("removes the author's rating, its feed items, and its share of the average", async () => {
    const recipe = await aRecipe();
    const { agent } = await signedIn(app, db);
    const other = await signedIn(app, db);
    await other.agent.post(RATINGS, { rating: 8, comment: "", recipe: recipe.id });
    const rating = (
      await agent.post(RATINGS, { rating: 3, comment: "", recipe: recipe.id })
    ).json();

    expect((await other.agent.delete(`${RATINGS}${rating.id}/`)).statusCode).toBe(403);
    expect((await new Agent(app).delete(`${RATINGS}${rating.id}/`)).statusCode).toBe(401);
    const response = await agent.delete(`${RATINGS}${rating.id}/`);
    expect(response.statusCode).toBe(204);
    expect(await recipeTotals(recipe.id)).toEqual({ average_rating: 4, rating_count: 1 });
    expect(await feedOf(rating.id)).toEqual([]);
    expect((await agent.delete(`${RATINGS}${rating.id}/`)).statusCode).toBe(404);

    // Rating again after deleting is a fresh first rating.
    expect(
      (await agent.post(RATINGS, { rating: 10, comment: "", recipe: recipe.id })).statusCode,
    ).toBe(201);
    expect(await recipeTotals(recipe.id)).toEqual({ average_rating: 4.5, rating_count: 2 });
  });

  it("brings the average back to 0 when the last rating goes", async () => {
    const recipe = await aRecipe();
    const { agent } = await signedIn(app, db);
    const rating = (
      await agent.post(RATINGS, { rating: 5, comment: "", recipe: recipe.id })
    ).json();
    await agent.delete(`${RATINGS}${rating.id}/`);
    expect(await recipeTotals(recipe.id)).toEqual({ average_rating: 0, rating_count: 0 });
    const left = await db.select().from(ratings).where(eq(ratings.recipeId, recipe.id));
    expect(left).toEqual([]);
  });
});
