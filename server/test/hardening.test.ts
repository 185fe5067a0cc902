// Regression tests for issue 10's first list: percent-encoded paths past auth and CSRF, and bad
// input (NUL, an Origin that is no URL, forged cursors) that used to end in a 500.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { multipartBody } from "../src/http/inject-agent.js";
import { buildRecipe, signedIn, TEST_PASSWORD } from "./factories.js";
import { Agent, createTestApp } from "./helper.js";

const { app, db } = await createTestApp();

const NUL = "a\u0000b";
const nulRefused = (field: string) => ({ [field]: ["Null characters are not allowed."] });
const cursorOf = (values: unknown[]) => Buffer.from(JSON.stringify(values)).toString("base64url");

describe("percent-encoded API paths", () => {
  it("refuse a cross-site login form posted to /%61pi/auth/login/ (login CSRF)", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/%61pi/auth/login/",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: "https://evil.example",
        "sec-fetch-site": "cross-site",
      },
      payload: "username=someone&password=secret",
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: "CSRF Failed: Cross-site request refused." });
  });

  it("refuse a login to /%61pi/auth/login/ without the CSRF token", async () => {
    const response = await new Agent(app).post(
      "/%61pi/auth/login/",
      { username: "someone", password: TEST_PASSWORD },
      { csrf: "omit" },
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().detail).toMatch(/^CSRF Failed: /);
  });

  it("check the public write routes for CSRF however they are spelled", async () => {
    for (const url of ["/api/auth/%6Cogin/", "/%61%70%69/auth/login/", "/%61pi/auth/signup/"]) {
      const response = await new Agent(app).post(
        url,
        { username: "someone", password: TEST_PASSWORD },
        { csrf: "omit" },
      );
      expect(response.statusCode, url).toBe(403);
      expect(response.json().detail, url).toMatch(/^CSRF Failed: /);
    }
  });

  it("treat any spelling of a signed-in route as that route: CSRF, then the session", async () => {
    const { agent } = await signedIn(app, db);
    for (const url of ["/api/groceries/%6Cists/", "/%61%70%69/groceries/lists/"]) {
      const noToken = await agent.post(url, { name: "Week" }, { csrf: "omit" });
      expect(noToken.statusCode, url).toBe(403);
      const created = await agent.post(url, { name: "Week" });
      expect(created.statusCode, url).toBe(201);
    }
    const encodedDelete = await new Agent(app).delete("/api/recipes/%72ecipes/1/", {
      csrf: "omit",
    });
    expect(encodedDelete.statusCode).toBe(403);
  });

  it("answer 401 to a signed-in-only route however it is spelled, HEAD included", async () => {
    for (const method of ["GET", "HEAD"] as const) {
      const response = await app.inject({ method, url: "/api/%67roceries/lists/" });
      expect(response.statusCode).toBe(401);
    }
  });

  it("leave unknown API paths and methods a 404", async () => {
    const agent = new Agent(app);
    expect((await agent.post("/api/nothing-here/", { a: 1 })).statusCode).toBe(404);
    expect((await agent.post("/%61pi/nothing-here/", { a: 1 })).statusCode).toBe(404);
    const options = await app.inject({ method: "OPTIONS", url: "/api/groceries/lists/" });
    expect(options.statusCode).toBe(404);
  });
});

describe("an Origin that is not a URL", () => {
  it("is a cross-origin write: 403, not 500", async () => {
    const { agent } = await signedIn(app, db);
    const response = await agent.post(
      "/api/groceries/lists/",
      { name: "Week" },
      {
        headers: { origin: "foo" },
      },
    );
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      detail: "CSRF Failed: Origin checking failed - foo does not match any trusted origins.",
    });
  });
});

describe("NUL characters in text", () => {
  it("are refused in a list's name and notes", async () => {
    const { agent } = await signedIn(app, db);
    const created = await agent.post("/api/groceries/lists/", { name: NUL });
    expect(created.statusCode).toBe(400);
    expect(created.json()).toEqual(nulRefused("name"));
    const form = await agent.raw(
      "POST",
      "/api/groceries/lists/",
      "name=a%00b",
      "application/x-www-form-urlencoded",
    );
    expect(form.statusCode).toBe(400);
    expect(form.json()).toEqual(nulRefused("name"));
    const list = await agent.post("/api/groceries/lists/", { name: "Week" });
    const listId = list.json().id;
    const notes = await agent.patch(`/api/groceries/lists/${listId}/`, { notes: `<p>${NUL}</p>` });
    expect(notes.statusCode).toBe(400);
    expect(notes.json()).toEqual(nulRefused("notes"));
  });

  it("are refused in a comment and a rating's comment", async () => {
    const { user, agent } = await signedIn(app, db);
    const recipe = await buildRecipe(db, user.id);
    const item = await db.execute<{ id: number }>(sql`
      insert into feed_items (user_id, event_type, recipe_id)
      values (${user.id}, 'new_recipe', ${recipe.id}) returning id`);
    const itemId = item.rows[0]?.id;
    const comment = await agent.post(`/api/feed/items/${itemId}/comments/`, { text: NUL });
    expect(comment.statusCode).toBe(400);
    expect(comment.json()).toEqual(nulRefused("text"));
    const rating = await agent.post("/api/recipes/ratings/", {
      rating: 8,
      comment: NUL,
      recipe: recipe.id,
    });
    expect(rating.statusCode).toBe(400);
    expect(rating.json()).toEqual(nulRefused("comment"));
  });

  it("are refused in a recipe's title (multipart)", async () => {
    const { agent } = await signedIn(app, db);
    const { payload, contentType } = multipartBody({ title: NUL, content: "<p>Stir.</p>" });
    const response = await agent.raw("POST", "/api/recipes/recipes/", payload, contentType);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(nulRefused("title"));
  });

  it("are refused in a login username", async () => {
    const response = await new Agent(app).post("/api/auth/login/", {
      username: NUL,
      password: TEST_PASSWORD,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(nulRefused("username"));
  });

  it("are refused in search terms", async () => {
    const { agent } = await signedIn(app, db);
    const cases = [
      ["/api/recipes/recipes/?search=a%00b", "search"],
      ["/api/ingredients/ingredients/?search=eg%00g", "search"],
      ["/api/users/search/?query=a%00b", "query"],
      ["/api/feed/items/?exclude_event_types=new_recipe%00", "exclude_event_types"],
    ] as const;
    for (const [url, field] of cases) {
      const response = await agent.get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual(nulRefused(field));
    }
  });

  it("and lone surrogates are refused too", async () => {
    const { agent } = await signedIn(app, db);
    const response = await agent.post("/api/groceries/lists/", { name: "a\uD800b" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ name: ["Surrogate characters are not allowed: U+D800."] });
  });
});

describe("forged cursors", () => {
  it("are a 400 on the recipe list and the feed", async () => {
    const { agent } = await signedIn(app, db);
    const recipes = await agent.get(`/api/recipes/recipes/?cursor=${cursorOf([0, 1e10])}`);
    expect(recipes.statusCode).toBe(400);
    expect(recipes.json()).toEqual({ detail: "Invalid cursor." });
    const feed = await agent.get(`/api/feed/items/?cursor=${cursorOf(["1", 1])}`);
    expect(feed.statusCode).toBe(400);
    expect(feed.json()).toEqual({ detail: "Invalid cursor." });
  });

  it("are a 400 wherever a position has the wrong kind or range", async () => {
    const { agent } = await signedIn(app, db);
    const cases: [string, unknown[]][] = [
      ["/api/recipes/recipes/?search=soup&", [0.5, 2 ** 31, 0]],
      ["/api/feed/items/?", ["2024-02-30T00:00:00Z", 1]],
      ["/api/feed/items/?", ["2024-01-01T00:00:00Z", 1.5]],
      ["/api/users/search/?query=co&", [0.5, 0, "cook"]],
      ["/api/users/search/?", [0, 0, "a\u0000"]],
      ["/api/users/followers/?", [1]],
      ["/api/ingredients/ingredients/?search=egg&", [0, -0.5, "egg", 2 ** 31]],
    ];
    for (const [url, values] of cases) {
      const response = await agent.get(`${url}cursor=${cursorOf(values)}`);
      expect(response.statusCode, `${url} ${JSON.stringify(values)}`).toBe(400);
    }
  });
});
