// Issue 23, section 3: a cook's collections of recipes. Private to their owner (404 to anyone
// else on every route, 401 signed out); names unique per cook in any case, also under
// concurrent creates; putting a recipe in and taking it out are idempotent; a collection shows
// and counts only what its owner may read now; recipe detail says which of the caller's
// collections hold it.
import { COLLECTION_NAME_TAKEN, type Collection, type RecipeVisibility } from "@potluck/contract";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { collectionCondition, ownsCollection } from "../src/collections/repository.js";
import { collectionRecipes, recipes } from "../src/db/schema.js";
import { mayReadRecipe } from "../src/recipes/policy.js";
import { buildRecipe, signedIn } from "./factories.js";
import { Agent, createTestApp } from "./helper.js";

const { app, db } = await createTestApp();

const BASE = "/api/recipes/collections/";

async function create(agent: Agent, name: string): Promise<Collection> {
  const response = await agent.post(BASE, { name });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Collection>();
}

const listOf = async (agent: Agent) => {
  const response = await agent.get(BASE);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Collection[]>();
};

const setVisibility = (id: number, visibility: RecipeVisibility) =>
  db.update(recipes).set({ visibility }).where(eq(recipes.id, id));

/** The ids the recipe list's `?collection=` filter finds for this viewer (the helper's SQL). */
async function listed(viewer: { id: number }, collectionId: number): Promise<number[]> {
  const reader = { id: viewer.id, isSuperuser: false } as Parameters<typeof mayReadRecipe>[0];
  const result = await db.execute<{ id: number }>(sql`select r.id from recipes r
    where ${mayReadRecipe(reader)} and ${collectionCondition(viewer.id, collectionId)}
    order by r.id`);
  return result.rows.map((row) => row.id);
}

const inCollections = async (agent: Agent, recipeId: number) => {
  const response = await agent.get(`/api/recipes/recipes/${recipeId}/`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ in_collections: number[] }>().in_collections;
};

describe("collections CRUD", () => {
  it("creates, lists by name in any case, renames and deletes", async () => {
    const { agent } = await signedIn(app, db);
    expect(await listOf(agent)).toEqual([]);
    const soups = await create(agent, "  soups ");
    expect(soups).toEqual({ id: expect.any(Number), name: "soups", recipe_count: 0 });
    const bakes = await create(agent, "Bakes");
    const curries = await create(agent, "curries");
    expect((await listOf(agent)).map((c) => c.name)).toEqual(["Bakes", "curries", "soups"]);

    const renamed = await agent.patch(`${BASE}${soups.id}/`, { name: " Soups & stews " });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toEqual({ id: soups.id, name: "Soups & stews", recipe_count: 0 });
    // Only its case changed: still its own name.
    const recased = await agent.patch(`${BASE}${bakes.id}/`, { name: "BAKES" });
    expect(recased.json()).toEqual({ id: bakes.id, name: "BAKES", recipe_count: 0 });
    // Without a name nothing changes.
    const unchanged = await agent.patch(`${BASE}${curries.id}/`, {});
    expect(unchanged.json()).toEqual(curries);

    const recipe = await buildRecipe(db, (await signedIn(app, db)).user.id);
    expect((await agent.put(`${BASE}${bakes.id}/recipes/${recipe.id}/`)).statusCode).toBe(204);
    const deleted = await agent.delete(`${BASE}${bakes.id}/`);
    expect(deleted.statusCode).toBe(204);
    expect((await agent.delete(`${BASE}${bakes.id}/`)).statusCode).toBe(404);
    expect((await listOf(agent)).map((c) => c.id)).toEqual([curries.id, soups.id]);
    // The recipe stays.
    expect((await agent.get(`/api/recipes/recipes/${recipe.id}/`)).statusCode).toBe(200);
  });

  it("refuses blank, too long, missing and taken names (any case) with field errors", async () => {
    const { agent } = await signedIn(app, db);
    const first = await create(agent, "Weeknight");
    const cases: [unknown, string][] = [
      [{ name: "   " }, "This field may not be blank."],
      [{ name: "" }, "This field may not be blank."],
      [{ name: "x".repeat(101) }, "Ensure this field has no more than 100 characters."],
      [{}, "This field is required."],
      [{ name: "WEEKNIGHT" }, COLLECTION_NAME_TAKEN],
      [{ name: " weeknight " }, COLLECTION_NAME_TAKEN],
    ];
    for (const [body, message] of cases) {
      const response = await agent.post(BASE, body as Record<string, string>);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toEqual({ name: [message] });
    }
    expect((await agent.post(BASE, { name: "x".repeat(100) })).statusCode).toBe(201);
    const other = await create(agent, "Sunday");
    const clash = await agent.patch(`${BASE}${other.id}/`, { name: "weekNIGHT" });
    expect(clash.statusCode).toBe(400);
    expect(clash.json()).toEqual({ name: [COLLECTION_NAME_TAKEN] });
    const blank = await agent.patch(`${BASE}${other.id}/`, { name: " " });
    expect(blank.json()).toEqual({ name: ["This field may not be blank."] });
    // Another cook may use the same name.
    const { agent: theirs } = await signedIn(app, db);
    expect((await theirs.post(BASE, { name: "Weeknight" })).statusCode).toBe(201);
    expect((await listOf(agent)).map((c) => c.id)).toContain(first.id);
  });

  it("of concurrent creates of one name, one is 201 and the others 400, never a 5xx", async () => {
    const { agent } = await signedIn(app, db);
    const responses = await Promise.all(
      ["Party", "party", "PARTY", " Party", "party "].map((name) => agent.post(BASE, { name })),
    );
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 400, 400, 400, 400]);
    expect(await listOf(agent)).toHaveLength(1);
    // Concurrent renames onto one name: one wins.
    const a = await create(agent, "A");
    const b = await create(agent, "B");
    const renames = await Promise.all(
      [a, b].map((c) => agent.patch(`${BASE}${c.id}/`, { name: "Together" })),
    );
    expect(renames.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });
});

describe("who may use a collection", () => {
  it("another cook gets 404 on every route; signed out gets 401", async () => {
    const owner = await signedIn(app, db);
    const other = await signedIn(app, db);
    const collection = await create(owner.agent, "Mine");
    const recipe = await buildRecipe(db, other.user.id);
    const url = `${BASE}${collection.id}/`;
    const recipeUrl = `${url}recipes/${recipe.id}/`;
    expect((await owner.agent.put(recipeUrl)).statusCode).toBe(204);

    expect((await other.agent.patch(url, { name: "Stolen" })).statusCode).toBe(404);
    expect((await other.agent.delete(url)).statusCode).toBe(404);
    expect((await other.agent.put(recipeUrl)).statusCode).toBe(404);
    expect((await other.agent.delete(recipeUrl)).statusCode).toBe(404);
    expect(await listOf(other.agent)).toEqual([]);
    // Nor does the recipe's detail say anything of it.
    expect(await inCollections(other.agent, recipe.id)).toEqual([]);
    // Unknown ids: the same 404.
    expect((await owner.agent.patch(`${BASE}999999999/`, { name: "x" })).statusCode).toBe(404);
    expect((await owner.agent.put(`${BASE}999999999/recipes/${recipe.id}/`)).statusCode).toBe(404);

    const anonymous = new Agent(app);
    const signedOut = [
      await anonymous.get(BASE),
      await anonymous.post(BASE, { name: "x" }),
      await anonymous.patch(url, { name: "x" }),
      await anonymous.delete(url),
      await anonymous.put(recipeUrl),
      await anonymous.delete(recipeUrl),
    ];
    expect(signedOut.map((r) => r.statusCode)).toEqual([401, 401, 401, 401, 401, 401]);
    expect(await inCollections(anonymous, recipe.id)).toEqual([]);

    // Nothing changed.
    expect(await listOf(owner.agent)).toEqual([{ ...collection, recipe_count: 1 }]);
    expect(await ownsCollection(db, owner.user.id, collection.id)).toBe(true);
    expect(await ownsCollection(db, other.user.id, collection.id)).toBe(false);
    expect(await listed(other.user, collection.id)).toEqual([]);
  });
});

describe("recipes in a collection", () => {
  it("PUT and DELETE are idempotent; detail carries in_collections", async () => {
    const { user, agent } = await signedIn(app, db);
    const author = await signedIn(app, db);
    const theirs = await buildRecipe(db, author.user.id);
    const mine = await buildRecipe(db, user.id);
    const a = await create(agent, "A");
    const b = await create(agent, "B");
    const put = (c: Collection, id: number) => agent.put(`${BASE}${c.id}/recipes/${id}/`);
    const remove = (c: Collection, id: number) => agent.delete(`${BASE}${c.id}/recipes/${id}/`);

    expect(await inCollections(agent, theirs.id)).toEqual([]);
    expect((await put(a, theirs.id)).statusCode).toBe(204);
    expect((await put(a, theirs.id)).statusCode).toBe(204);
    expect((await put(b, theirs.id)).statusCode).toBe(204);
    expect((await put(b, mine.id)).statusCode).toBe(204);
    expect(await inCollections(agent, theirs.id)).toEqual([a.id, b.id]);
    expect(await inCollections(agent, mine.id)).toEqual([b.id]);
    // The author's own view of the recipe knows nothing of someone else's collections.
    expect(await inCollections(author.agent, theirs.id)).toEqual([]);
    expect((await listOf(agent)).map((c) => c.recipe_count)).toEqual([1, 2]);
    expect(await listed(user, b.id)).toEqual([theirs.id, mine.id].sort((x, y) => x - y));

    expect((await remove(a, theirs.id)).statusCode).toBe(204);
    expect((await remove(a, theirs.id)).statusCode).toBe(204);
    // Never in it, or no such recipe: still 204, nothing changes.
    expect((await remove(a, mine.id)).statusCode).toBe(204);
    expect((await remove(a, 999999999)).statusCode).toBe(204);
    expect(await inCollections(agent, theirs.id)).toEqual([b.id]);
    expect((await listOf(agent)).map((c) => c.recipe_count)).toEqual([0, 2]);

    // A recipe that does not exist: 404.
    expect((await put(a, 999999999)).statusCode).toBe(404);
  });

  it("a recipe the cook may not read is 404, as if it did not exist", async () => {
    const { agent } = await signedIn(app, db);
    const author = await signedIn(app, db);
    const privateOne = await buildRecipe(db, author.user.id);
    const forFollowers = await buildRecipe(db, author.user.id);
    await setVisibility(privateOne.id, "private");
    await setVisibility(forFollowers.id, "followers");
    const c = await create(agent, "Spy");
    expect((await agent.put(`${BASE}${c.id}/recipes/${privateOne.id}/`)).statusCode).toBe(404);
    expect((await agent.put(`${BASE}${c.id}/recipes/${forFollowers.id}/`)).statusCode).toBe(404);
    await agent.post(`/api/users/${author.user.id}/follow/`);
    expect((await agent.put(`${BASE}${c.id}/recipes/${forFollowers.id}/`)).statusCode).toBe(204);
    expect((await agent.put(`${BASE}${c.id}/recipes/${privateOne.id}/`)).statusCode).toBe(404);
    // The author may keep their own private recipe.
    const own = await create(author.agent, "Drafts");
    expect((await author.agent.put(`${BASE}${own.id}/recipes/${privateOne.id}/`)).statusCode).toBe(
      204,
    );
    expect(await inCollections(author.agent, privateOne.id)).toEqual([own.id]);
  });

  it("hides a recipe its owner may no longer read, and shows it again when readable", async () => {
    const { user, agent } = await signedIn(app, db);
    const author = await signedIn(app, db);
    const soup = await buildRecipe(db, author.user.id);
    const stew = await buildRecipe(db, author.user.id);
    const c = await create(agent, "Later");
    await agent.put(`${BASE}${c.id}/recipes/${soup.id}/`);
    await agent.put(`${BASE}${c.id}/recipes/${stew.id}/`);
    const count = async () => (await listOf(agent)).find((x) => x.id === c.id)?.recipe_count;
    expect(await count()).toBe(2);

    await setVisibility(soup.id, "private");
    expect(await count()).toBe(1);
    expect(await listed(user, c.id)).toEqual([stew.id]);
    const patched = await agent.patch(`${BASE}${c.id}/`, { name: "Later" });
    expect(patched.json()).toEqual({ id: c.id, name: "Later", recipe_count: 1 });

    await setVisibility(soup.id, "public");
    expect(await count()).toBe(2);
    expect(await listed(user, c.id)).toEqual([soup.id, stew.id].sort((x, y) => x - y));

    // Followers only: shown while the owner follows the author, hidden once they unfollow.
    await setVisibility(stew.id, "followers");
    expect(await count()).toBe(1);
    await agent.post(`/api/users/${author.user.id}/follow/`);
    expect(await count()).toBe(2);
    await agent.delete(`/api/users/${author.user.id}/follow/`);
    expect(await count()).toBe(1);
    // The row is kept all along.
    const rows = await db
      .select()
      .from(collectionRecipes)
      .where(eq(collectionRecipes.collectionId, c.id));
    expect(rows).toHaveLength(2);
  });

  it("deleting a recipe takes it out of every collection", async () => {
    const { user, agent } = await signedIn(app, db);
    const doomed = await buildRecipe(db, user.id);
    const c = await create(agent, "Gone soon");
    await agent.put(`${BASE}${c.id}/recipes/${doomed.id}/`);
    expect((await agent.delete(`/api/recipes/recipes/${doomed.id}/`)).statusCode).toBe(204);
    expect(await listOf(agent)).toEqual([{ ...c, recipe_count: 0 }]);
    expect(
      await db.select().from(collectionRecipes).where(eq(collectionRecipes.collectionId, c.id)),
    ).toEqual([]);
  });
});
