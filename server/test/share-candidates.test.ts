// Issue 34 §20: the share picker offers the cooks I follow and those I already share with
// first (`GET /api/users/search/?purpose=share`), and never a disabled cook, a cook a block
// stands between, or (unless typed) a superuser.

import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buildUser, signedIn } from "./factories.js";
import { createTestApp } from "./helper.js";

const { app, db } = await createTestApp();

const membersUrl = (listId: number) => `/api/groceries/lists/${listId}/members/`;
const names = (response: { json: () => { results: { username: string }[] } }) =>
  response.json().results.map((cook) => cook.username);
const byName = (...usernames: string[]) =>
  [...usernames].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));

/**
 * Rosa and the cooks around her, all named `{tag}…` so a typed search finds just them: one
 * she shares a list with, one who shares a planner with her, one she follows, a stranger, one
 * she blocked, one who blocked her, a followed cook a moderator disabled, and a followed admin.
 */
async function rosasCircle() {
  const tag = `sh${Math.random().toString(36).slice(2, 7)}`;
  const cook = (name: string, isSuperuser = false) =>
    buildUser(db, { username: `${tag}${name}`, isSuperuser });
  const rosa = await signedIn(app, db, { username: `${tag}rosa` });
  const onMyList = await cook("lena");
  const planner = await signedIn(app, db, { username: `${tag}omar` });
  const followed = await cook("ben");
  const stranger = await cook("ann");
  const blockedByMe = await cook("carl");
  const blocksMe = await signedIn(app, db, { username: `${tag}dora` });
  const disabled = await cook("eve");
  const admin = await cook("admin", true);

  const list = await rosa.agent.post("/api/groceries/lists/", { name: "Week" });
  expect(list.statusCode, list.body).toBe(201);
  const listId = list.json<{ id: number }>().id;
  const shared = await rosa.agent.post(membersUrl(listId), { username: onMyList.username });
  expect(shared.statusCode, shared.body).toBe(201);
  const planned = await planner.agent.post("/api/planner/members/", {
    username: rosa.user.username,
  });
  expect(planned.statusCode, planned.body).toBeLessThan(300);
  for (const other of [followed, blocksMe.user, disabled, admin, blockedByMe]) {
    const follow = await rosa.agent.post(`/api/users/${other.id}/follow/`);
    expect(follow.statusCode, follow.body).toBe(201);
  }
  expect((await rosa.agent.post(`/api/users/${blockedByMe.username}/block/`)).statusCode).toBe(204);
  expect((await blocksMe.agent.post(`/api/users/${rosa.user.username}/block/`)).statusCode).toBe(
    204,
  );
  await db.execute(sql`update users set disabled_at = now() where id = ${disabled.id}`);
  return { tag, rosa, onMyList, planner: planner.user, followed, stranger, admin };
}

describe("cooks to share with", () => {
  it("before typing: those I share with, then those I follow; nobody else", async () => {
    const c = await rosasCircle();
    const response = await c.rosa.agent.get("/api/users/search/?purpose=share");
    expect(response.statusCode, response.body).toBe(200);
    expect(names(response)).toEqual([
      ...byName(c.onMyList.username, c.planner.username),
      c.followed.username,
    ]);
    // The follow dialog's suggestions are unchanged: strangers, not the cooks I follow.
    const suggestions = names(await c.rosa.agent.get("/api/users/search/"));
    expect(suggestions).not.toContain(c.followed.username);
  });

  it("typed: the exact name, then the cooks I know, then the others; the admin only typed", async () => {
    const c = await rosasCircle();
    const response = await c.rosa.agent.get(`/api/users/search/?purpose=share&query=${c.tag}`);
    expect(response.statusCode, response.body).toBe(200);
    // Nobody a block stands between (either way), no disabled cook, never Rosa herself.
    expect(names(response)).toEqual([
      // The admin Rosa follows is offered once typed.
      ...byName(c.onMyList.username, c.planner.username, c.followed.username, c.admin.username),
      c.stranger.username,
    ]);
    const exact = await c.rosa.agent.get(
      `/api/users/search/?purpose=share&query=${c.stranger.username}`,
    );
    expect(names(exact)[0]).toBe(c.stranger.username);
  });

  it("pages through the cooks I know, and refuses an unknown purpose", async () => {
    const c = await rosasCircle();
    const first = await c.rosa.agent.get("/api/users/search/?purpose=share&limit=2");
    const page = first.json<{ next: string | null; results: { username: string }[] }>();
    expect(page.results).toHaveLength(2);
    expect(page.next).toContain("purpose=share");
    const rest = await c.rosa.agent.get(page.next?.replace(/^https?:\/\/[^/]+/, "") ?? "");
    expect(names(rest)).toEqual([c.followed.username]);
    const bad = await c.rosa.agent.get("/api/users/search/?purpose=everyone");
    expect(bad.statusCode).toBe(400);
  });
});
