// Shared grocery lists: who may do what on a list (owner, member, outsider, anonymous), the
// members endpoints, and the list index with the lists shared with me.

import type { GroceryListSummary } from "@potluck/contract";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "../src/auth/sessions.js";
import { groceryListMembers, users } from "../src/db/schema.js";
import { buildRecipe, buildUser, ingredientId, signedIn, unitId } from "./factories.js";
import { Agent, createTestApp } from "./helper.js";
import { closeListening, openSse } from "./sse.js";

const { app, db } = await createTestApp();
// On a real port for the event stream, which inject would wait on for ever.
const base = await app.listen({ port: 0, host: "127.0.0.1" });
afterAll(() => closeListening(app));

const PIECE = await unitId(db, "piece");
const EGG = await ingredientId(db, "Egg");
const BUTTER = await ingredientId(db, "Butter");

const created = async (response: Promise<{ statusCode: number; body: string }>) => {
  const done = await response;
  expect(done.statusCode, done.body).toBe(201);
  return JSON.parse(done.body) as { id: number };
};

const membersUrl = (listId: number) => `/api/groceries/lists/${listId}/members/`;

/** An owner's list shared with one member, with a planned recipe, an extra and their lines. */
async function sharedList() {
  const owner = await signedIn(app, db);
  const member = await signedIn(app, db);
  const outsider = await signedIn(app, db);
  const list = await created(owner.agent.post("/api/groceries/lists/", { name: "Shared" }));
  await created(owner.agent.post(membersUrl(list.id), { username: member.user.username }));
  const recipe = await buildRecipe(db, owner.user.id, {
    ingredients: [{ ingredientId: EGG, unitId: PIECE, quantity: 1 }],
  });
  const plan = await created(
    owner.agent.post("/api/groceries/planned-recipes/", {
      grocery_list_id: list.id,
      recipe_id: recipe.id,
      guests: 2,
    }),
  );
  const extra = await created(
    owner.agent.post("/api/groceries/planned-extras/", {
      grocery_list_id: list.id,
      ingredient_id: BUTTER,
      quantity: 1,
      unit_id: PIECE,
    }),
  );
  const items = await owner.agent.get(`/api/groceries/items/?grocery_list=${list.id}`);
  const [item] = items.json<{ id: number }[]>();
  if (!item) throw new Error("the plan made no shopping line");
  return { owner, member, outsider, list, recipe, plan, extra, item };
}

type Actor = "owner" | "member" | "outsider" | "anonymous";

// Every grocery route, in an order where the destructive calls come last, and the status each
// actor gets: a member may do everything but delete the list and manage its members.
const MATRIX: [call: string, owner: number, member: number, outsider: number, anon: number][] = [
  ["list index", 200, 200, 200, 401],
  ["create a list", 201, 201, 201, 401],
  ["read the list", 200, 200, 404, 401],
  ["rename", 200, 200, 404, 401],
  ["save notes", 200, 200, 404, 401],
  ["read planned recipes", 200, 200, 404, 401],
  ["plan a recipe", 201, 201, 404, 401],
  ["read planned extras", 200, 200, 404, 401],
  ["plan an extra", 201, 201, 404, 401],
  ["read items", 200, 200, 404, 401],
  ["tick", 200, 200, 404, 401],
  ["read members", 200, 200, 404, 401],
  ["open the event stream", 200, 200, 404, 401],
  ["add a member", 201, 403, 404, 401],
  ["remove another member", 204, 403, 404, 401],
  ["unplan a recipe", 204, 204, 404, 401],
  ["unplan an extra", 204, 204, 404, 401],
  ["delete the list", 204, 403, 404, 401],
];

describe("the permission matrix", () => {
  const actors: Actor[] = ["owner", "member", "outsider", "anonymous"];
  for (const [column, actor] of actors.entries()) {
    it(`${actor}: ${MATRIX.map((row) => row[column + 1]).join(" ")}`, async () => {
      const k = await sharedList();
      const agent = actor === "anonymous" ? new Agent(app) : k[actor].agent;
      const newcomer = await buildUser(db);
      const secondMember = await buildUser(db);
      await created(k.owner.agent.post(membersUrl(k.list.id), { username: secondMember.username }));
      const listUrl = `/api/groceries/lists/${k.list.id}/`;
      const calls: Record<string, () => Promise<{ statusCode: number }>> = {
        "list index": () => agent.get("/api/groceries/lists/"),
        "create a list": () => agent.post("/api/groceries/lists/", { name: "Mine" }),
        "read the list": () => agent.get(listUrl),
        rename: () => agent.patch(listUrl, { name: "Renamed" }),
        "save notes": () => agent.patch(listUrl, { notes: "<p>Eggs first</p>" }),
        "read planned recipes": () =>
          agent.get(`/api/groceries/planned-recipes/?grocery_list=${k.list.id}`),
        "plan a recipe": () =>
          agent.post("/api/groceries/planned-recipes/", {
            grocery_list_id: k.list.id,
            recipe_id: k.recipe.id,
            guests: 4,
          }),
        "read planned extras": () =>
          agent.get(`/api/groceries/planned-extras/?grocery_list=${k.list.id}`),
        "plan an extra": () =>
          agent.post("/api/groceries/planned-extras/", {
            grocery_list_id: k.list.id,
            ingredient_id: EGG,
            quantity: 3,
            unit_id: PIECE,
          }),
        "read items": () => agent.get(`/api/groceries/items/?grocery_list=${k.list.id}`),
        tick: () => agent.patch(`/api/groceries/items/${k.item.id}/`, { is_checked: true }),
        "read members": () => agent.get(membersUrl(k.list.id)),
        "open the event stream": async () => {
          const session = agent.cookie(SESSION_COOKIE);
          const events = await openSse(`${base}/api/groceries/lists/${k.list.id}/events/`, {
            ...(session ? { cookie: `${SESSION_COOKIE}=${session}` } : {}),
          });
          events.close();
          return { statusCode: events.status };
        },
        "add a member": () => agent.post(membersUrl(k.list.id), { username: newcomer.username }),
        "remove another member": () =>
          agent.delete(`${membersUrl(k.list.id)}${secondMember.username}/`),
        "unplan a recipe": () => agent.delete(`/api/groceries/planned-recipes/${k.plan.id}/`),
        "unplan an extra": () => agent.delete(`/api/groceries/planned-extras/${k.extra.id}/`),
        "delete the list": () => agent.delete(listUrl),
      };
      const got: Record<string, number> = {};
      const expected: Record<string, number> = {};
      for (const row of MATRIX) {
        const [name] = row;
        const call = calls[name];
        if (!call) throw new Error(`no call for ${name}`);
        got[name] = (await call()).statusCode;
        expected[name] = row[column + 1] as number;
      }
      expect(got).toEqual(expected);
    });
  }

  it("shows a member what the owner did, and the owner what the member did", async () => {
    const { owner, member, list, item } = await sharedList();
    await member.agent.patch(`/api/groceries/items/${item.id}/`, { is_checked: true });
    await member.agent.patch(`/api/groceries/lists/${list.id}/`, { notes: "<p>From me</p>" });
    const seen = await owner.agent.get(`/api/groceries/items/?grocery_list=${list.id}`);
    expect(seen.json<{ id: number; is_checked: boolean }[]>()).toContainEqual(
      expect.objectContaining({ id: item.id, is_checked: true }),
    );
    const detail = await owner.agent.get(`/api/groceries/lists/${list.id}/`);
    expect(detail.json()).toMatchObject({ notes: "<p>From me</p>" });
  });

  it("tells a member why they may not delete the list", async () => {
    const { member, list } = await sharedList();
    const response = await member.agent.delete(`/api/groceries/lists/${list.id}/`);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: "Only the owner of a list may delete it." });
  });
});

describe("the list index", () => {
  it("has my lists and those shared with me, newest first, each with its owner", async () => {
    const me = await signedIn(app, db);
    const friend = await signedIn(app, db);
    const older = await created(me.agent.post("/api/groceries/lists/", { name: "Mine, older" }));
    const theirs = await created(friend.agent.post("/api/groceries/lists/", { name: "Theirs" }));
    const newer = await created(me.agent.post("/api/groceries/lists/", { name: "Mine, newer" }));
    await created(friend.agent.post("/api/groceries/lists/", { name: "Not shared" }));
    await created(friend.agent.post(membersUrl(theirs.id), { username: me.user.username }));

    const lists = (await me.agent.get("/api/groceries/lists/")).json<
      { id: number; owner_username: string }[]
    >();
    expect(lists.map(({ id, owner_username }) => ({ id, owner_username }))).toEqual([
      { id: newer.id, owner_username: me.user.username },
      { id: theirs.id, owner_username: friend.user.username },
      { id: older.id, owner_username: me.user.username },
    ]);
    // The owner's index is unchanged by sharing: each list once.
    const owners = (await friend.agent.get("/api/groceries/lists/")).json<{ id: number }[]>();
    expect(owners.filter((l) => l.id === theirs.id)).toHaveLength(1);
  });

  it("says who may manage each list: its owner, not a member", async () => {
    const owner = await signedIn(app, db);
    const member = await signedIn(app, db);
    const list = await created(owner.agent.post("/api/groceries/lists/", { name: "Shared" }));
    await created(owner.agent.post(membersUrl(list.id), { username: member.user.username }));
    const canManage = async (agent: Agent) => {
      const lists = (await agent.get("/api/groceries/lists/")).json<GroceryListSummary[]>();
      return lists.find((l) => l.id === list.id)?.can_manage;
    };
    expect(await canManage(owner.agent)).toBe(true);
    expect(await canManage(member.agent)).toBe(false);
  });
});

describe("members", () => {
  it("lists the owner first, then the members by username", async () => {
    const owner = await signedIn(app, db, { username: `zed${Date.now()}` });
    const list = await created(owner.agent.post("/api/groceries/lists/", { name: "L" }));
    const stamp = Date.now();
    const bob = await buildUser(db, { username: `Bob${stamp}` });
    const alice = await buildUser(db, { username: `alice${stamp}` });
    for (const cook of [bob, alice]) {
      await created(owner.agent.post(membersUrl(list.id), { username: cook.username }));
    }
    const response = await owner.agent.get(membersUrl(list.id));
    expect(response.json()).toEqual([
      { username: owner.user.username, role: "owner" },
      { username: alice.username, role: "member" },
      { username: bob.username, role: "member" },
    ]);
  });

  it("adds a cook by username, whatever its case, and answers their own spelling", async () => {
    const { owner, list } = await sharedList();
    const cook = await buildUser(db, { username: `Mixed${Date.now()}` });
    const response = await owner.agent.post(membersUrl(list.id), {
      username: ` ${cook.username.toUpperCase()} `,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ username: cook.username });
  });

  it("refuses an unknown cook, the owner and a member already, with a message each", async () => {
    const { owner, member, list } = await sharedList();
    const cases = {
      unknown: ["nobody-by-this-name", "No cook has this username."],
      yourself: [owner.user.username, "You own this list already."],
      already: [
        member.user.username.toUpperCase(),
        `The list is shared with ${member.user.username} already.`,
      ],
      blank: ["  ", "This field may not be blank."],
    };
    for (const [name, [username, message]] of Object.entries(cases)) {
      const response = await owner.agent.post(membersUrl(list.id), { username });
      expect(response.statusCode, name).toBe(400);
      expect(response.json(), name).toEqual({ username: [message] });
    }
    const people = (await owner.agent.get(membersUrl(list.id))).json();
    expect(people).toHaveLength(2);
  });

  it("lets a member leave, after which the list is 404 to them", async () => {
    const { owner, member, list, item } = await sharedList();
    const leave = await member.agent.delete(
      `${membersUrl(list.id)}${member.user.username.toUpperCase()}/`,
    );
    expect(leave.statusCode).toBe(204);
    for (const response of [
      await member.agent.get(`/api/groceries/lists/${list.id}/`),
      await member.agent.get(`/api/groceries/items/?grocery_list=${list.id}`),
      await member.agent.patch(`/api/groceries/items/${item.id}/`, { is_checked: true }),
      await member.agent.get(membersUrl(list.id)),
    ]) {
      expect(response.statusCode).toBe(404);
    }
    expect((await member.agent.get("/api/groceries/lists/")).json()).toEqual([]);
    expect((await owner.agent.get(membersUrl(list.id))).json()).toEqual([
      { username: owner.user.username, role: "owner" },
    ]);
  });

  it("refuses to take the owner off their list: 400 for the owner, 403 for a member", async () => {
    const { owner, member, list } = await sharedList();
    const url = `${membersUrl(list.id)}${owner.user.username}/`;
    const byOwner = await owner.agent.delete(url);
    expect(byOwner.statusCode).toBe(400);
    expect(byOwner.json()).toEqual({
      detail: "The owner cannot leave their own list; delete it instead.",
    });
    expect((await member.agent.delete(url)).statusCode).toBe(403);
    expect((await owner.agent.get(`/api/groceries/lists/${list.id}/`)).statusCode).toBe(200);
  });

  it("is 404 for a username that is not on the list", async () => {
    const { owner, member, outsider, list } = await sharedList();
    for (const agent of [owner.agent, member.agent]) {
      for (const username of [outsider.user.username, "nobody-by-this-name"]) {
        const response = await agent.delete(`${membersUrl(list.id)}${username}/`);
        expect(response.statusCode, username).toBe(404);
      }
    }
  });

  it("are removed with their account, and so are the lists of an owner", async () => {
    const { owner, member, list } = await sharedList();
    await db.delete(users).where(eq(users.id, member.user.id));
    expect((await owner.agent.get(membersUrl(list.id))).json()).toEqual([
      { username: owner.user.username, role: "owner" },
    ]);
    const other = await sharedList();
    await db.delete(users).where(eq(users.id, other.owner.user.id));
    const rows = await db
      .select()
      .from(groceryListMembers)
      .where(eq(groceryListMembers.groceryListId, other.list.id));
    expect(rows).toEqual([]);
    expect((await other.member.agent.get("/api/groceries/lists/")).json()).toEqual([]);
  });
});
