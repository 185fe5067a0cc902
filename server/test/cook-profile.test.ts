import { RESERVED_USERNAMES } from "@potluck/contract";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../src/db/schema.js";
import { buildRecipe, buildUser, signedIn } from "./factories.js";
import { Agent, createTestApp } from "./helper.js";

// Issue 27 §1c: GET /api/users/{username}/, reserved names, and the user search by first name.

const { app, db } = await createTestApp();

const setVisibility = (id: number, visibility: string) =>
  db.execute(sql`update recipes set visibility = ${visibility} where id = ${id}`);

describe("GET /api/users/{username}/", () => {
  it("counts what the caller may see: a stranger, a follower and the cook themselves", async () => {
    const { user: cook, agent: cookAgent } = await signedIn(app, db);
    await db.update(users).set({ firstName: "Ana" }).where(eq(users.id, cook.id));
    for (const visibility of ["public", "public", "followers", "private"]) {
      const recipe = await buildRecipe(db, cook.id);
      await setVisibility(recipe.id, visibility);
    }
    const { agent: stranger } = await signedIn(app, db);
    const { agent: follower } = await signedIn(app, db);
    const followed = await buildUser(db);
    expect((await follower.post(`/api/users/${cook.id}/follow/`)).statusCode).toBe(201);
    expect((await cookAgent.post(`/api/users/${followed.id}/follow/`)).statusCode).toBe(201);

    const asStranger = await stranger.get(`/api/users/${cook.username}/`);
    expect(asStranger.statusCode).toBe(200);
    expect(asStranger.json()).toEqual({
      id: cook.id,
      username: cook.username,
      first_name: "Ana",
      follower_count: 1,
      following_count: 1,
      recipe_count: 2,
      is_followed: false,
      is_blocked: false,
      can_block: true,
    });
    const asFollower = (await follower.get(`/api/users/${cook.username}/`)).json();
    expect(asFollower).toMatchObject({ recipe_count: 3, is_followed: true });
    const asThemselves = (await cookAgent.get(`/api/users/${cook.username}/`)).json();
    expect(asThemselves).toMatchObject({ recipe_count: 4, is_followed: false });
    // Blocking (and reporting) is for others: the server says so, the web reads it.
    expect(asThemselves.can_block).toBe(false);

    // The profile's recipe list (?author=) shows what the count counts.
    const list = await stranger.get(`/api/recipes/recipes/?author=${cook.username}`);
    expect(list.json().results).toHaveLength(2);
  });

  it("finds the cook whatever the case of the name; 404 for an unknown one; 401 signed out", async () => {
    const cook = await buildUser(db, { username: "Marta.Rossi" });
    const { agent } = await signedIn(app, db);
    const found = await agent.get("/api/users/marta.rossi/");
    expect(found.statusCode).toBe(200);
    expect(found.json()).toMatchObject({ id: cook.id, username: "Marta.Rossi" });
    expect((await agent.get("/api/users/nobody-by-this-name/")).statusCode).toBe(404);
    expect((await new Agent(app).get("/api/users/Marta.Rossi/")).statusCode).toBe(401);
  });

  it("keeps the paths beside it: reserved names answer as before", async () => {
    const { agent } = await signedIn(app, db);
    const search = await agent.get("/api/users/search/");
    expect(search.statusCode).toBe(200);
    expect(search.json()).toHaveProperty("results");
    const following = await agent.get("/api/users/following/");
    expect(following.json()).toHaveProperty("results");
    const cooks = await agent.get("/api/users/cooks-to-follow/");
    expect(Array.isArray(cooks.json())).toBe(true);
  });
});

describe("reserved usernames", () => {
  it("can't be taken at sign-up, in any case", async () => {
    const csrfAgent = new Agent(app);
    for (const name of [...RESERVED_USERNAMES, "Search", "ME"]) {
      const response = await csrfAgent.post("/api/auth/signup/", {
        username: name,
        email: `x${Math.random().toString(36).slice(2)}@example.com`,
        password: "a long enough password 123",
        confirm_password: "a long enough password 123",
        accept_tos: true,
      });
      expect(response.statusCode, name).toBe(400);
      expect(response.json().username, name).toEqual(["This username is reserved."]);
    }
  });
});

describe("GET /api/users/search/ by first name", () => {
  it("matches first names, shows them, and ranks a name that starts with the words first", async () => {
    const { agent } = await signedIn(app, db);
    const tag = Math.random().toString(36).slice(2, 7);
    const starts = await buildUser(db, { username: `zz_${tag}_one` });
    const inside = await buildUser(db, { username: `aa_${tag}_two` });
    await db
      .update(users)
      .set({ firstName: `Quentin${tag}` })
      .where(eq(users.id, starts.id));
    await db
      .update(users)
      .set({ firstName: `Jo-Quentin${tag}` })
      .where(eq(users.id, inside.id));
    const response = await agent.get(`/api/users/search/?query=quentin${tag}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().results).toEqual([
      {
        id: starts.id,
        username: starts.username,
        first_name: `Quentin${tag}`,
        is_following: false,
        is_blocked: false,
      },
      {
        id: inside.id,
        username: inside.username,
        first_name: `Jo-Quentin${tag}`,
        is_following: false,
        is_blocked: false,
      },
    ]);
  });
});
