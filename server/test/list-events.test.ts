// Live updates of a grocery list (issue 11, part 2): the event stream on a real port, fed by
// LISTEN/NOTIFY, across two app instances on one database, with replay after a reconnect.
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "../src/auth/sessions.js";
import { buildRecipe, ingredientId, signedIn, unitId } from "./factories.js";
import { type Agent, createTestApp } from "./helper.js";
import { openSse, type SseStream } from "./sse.js";

const first = await createTestApp();
const second = await createTestApp({ sameDatabaseAs: first });
// A third process on the same database, stopped while a stream is open.
const third = await createTestApp({ sameDatabaseAs: first });
const thirdBase = await third.app.listen({ port: 0, host: "127.0.0.1" });
const { app, db } = first;
const base = await app.listen({ port: 0, host: "127.0.0.1" });
const secondBase = await second.app.listen({ port: 0, host: "127.0.0.1" });

const PIECE = await unitId(db, "piece");
const EGG = await ingredientId(db, "Egg");
const BUTTER = await ingredientId(db, "Butter");

const open: SseStream[] = [];
afterAll(async () => {
  for (const stream of open) stream.close();
  // fetch's connection pool can leave a socket that never sent a request, which server.close()
  // would wait for: close the servers here, dropping such sockets until they are closed.
  for (const server of [second.app, app]) {
    const sweep = setInterval(() => server.server.closeAllConnections(), 50);
    await server.close();
    clearInterval(sweep);
  }
});

const eventsUrl = (listId: number, origin = base) =>
  `${origin}/api/groceries/lists/${listId}/events/`;
const membersUrl = (listId: number) => `/api/groceries/lists/${listId}/members/`;

async function stream(
  listId: number,
  agent?: Agent,
  headers: Record<string, string> = {},
  origin = base,
) {
  const session = agent?.cookie(SESSION_COOKIE);
  const opened = await openSse(eventsUrl(listId, origin), {
    ...(session ? { cookie: `${SESSION_COOKIE}=${session}` } : {}),
    ...headers,
  });
  open.push(opened);
  return opened;
}

const ok = async (response: Promise<{ statusCode: number; body: string }>) => {
  const done = await response;
  expect(done.statusCode, done.body).toBeLessThan(300);
  return done.body ? (JSON.parse(done.body) as { id: number }) : { id: 0 };
};

async function sharedList() {
  const owner = await signedIn(app, db);
  const member = await signedIn(app, db);
  const list = await ok(owner.agent.post("/api/groceries/lists/", { name: "Shared" }));
  await ok(owner.agent.post(membersUrl(list.id), { username: member.user.username }));
  const recipe = await buildRecipe(db, owner.user.id, {
    ingredients: [{ ingredientId: EGG, unitId: PIECE, quantity: 1 }],
  });
  return { owner, member, list, recipe };
}

/** The next change event's kind and author. */
async function nextChange(stream: SseStream) {
  const message = await stream.next();
  expect(message.event).toBe("change");
  return JSON.parse(message.data) as { kind: string; by: string };
}

describe("a list's event stream", () => {
  it("sends owner and member every change with its kind and author", async () => {
    const { owner, member, list, recipe } = await sharedList();
    const toOwner = await stream(list.id, owner.agent);
    const toMember = await stream(list.id, member.agent);
    expect(toOwner.status).toBe(200);
    expect(toOwner.headers.get("content-type")).toBe("text/event-stream");
    expect(toOwner.headers.get("cache-control")).toBe("no-store");
    expect(toOwner.headers.get("x-accel-buffering")).toBe("no");

    const o = owner.user.username;
    const m = member.user.username;
    const plan = await ok(
      member.agent.post("/api/groceries/planned-recipes/", {
        grocery_list_id: list.id,
        recipe_id: recipe.id,
        guests: 2,
      }),
    );
    const extra = await ok(
      owner.agent.post("/api/groceries/planned-extras/", {
        grocery_list_id: list.id,
        ingredient_id: BUTTER,
        quantity: 1,
        unit_id: PIECE,
      }),
    );
    const items = await owner.agent.get(`/api/groceries/items/?grocery_list=${list.id}`);
    const [item] = items.json<{ id: number }[]>();
    await ok(member.agent.patch(`/api/groceries/items/${item?.id}/`, { is_checked: true }));
    await ok(owner.agent.patch(`/api/groceries/lists/${list.id}/`, { notes: "<p>Milk</p>" }));
    await ok(member.agent.delete(`/api/groceries/planned-recipes/${plan.id}/`));
    await ok(owner.agent.delete(`/api/groceries/planned-extras/${extra.id}/`));
    const third = await signedIn(app, db);
    await ok(owner.agent.post(membersUrl(list.id), { username: third.user.username }));
    await ok(owner.agent.delete(`${membersUrl(list.id)}${third.user.username}/`));

    const expected = [
      { kind: "planned", by: m },
      { kind: "planned", by: o },
      { kind: "items", by: m },
      { kind: "notes", by: o },
      { kind: "planned", by: m },
      { kind: "planned", by: o },
      { kind: "members", by: o },
      { kind: "members", by: o },
    ];
    for (const reader of [toOwner, toMember]) {
      const got = [];
      for (const _ of expected) got.push(await nextChange(reader));
      expect(got).toEqual(expected);
    }
  });

  it("is 404 to an outsider and 401 to anonymous; a refused change sends nothing", async () => {
    const { owner, list } = await sharedList();
    const outsider = await signedIn(app, db);
    expect((await stream(list.id, outsider.agent)).status).toBe(404);
    expect((await stream(list.id)).status).toBe(401);
    expect((await stream(987654321, owner.agent)).status).toBe(404);

    const toOwner = await stream(list.id, owner.agent);
    const refused = await outsider.agent.patch(`/api/groceries/lists/${list.id}/`, { notes: "x" });
    expect(refused.statusCode).toBe(404);
    await ok(owner.agent.patch(`/api/groceries/lists/${list.id}/`, { name: "Renamed" }));
    expect(await nextChange(toOwner)).toEqual({ kind: "notes", by: owner.user.username });
  });

  it("carries a change made through one app instance to a stream on another", async () => {
    const { owner, member, list } = await sharedList();
    const onSecond = await stream(list.id, member.agent, {}, secondBase);
    await ok(owner.agent.patch(`/api/groceries/lists/${list.id}/`, { notes: "<p>Eggs</p>" }));
    expect(await nextChange(onSecond)).toEqual({ kind: "notes", by: owner.user.username });
  });

  it("replays what a reconnecting client missed, in order, after its Last-Event-ID", async () => {
    const { owner, member, list } = await sharedList();
    const before = await stream(list.id, member.agent);
    await ok(owner.agent.patch(`/api/groceries/lists/${list.id}/`, { notes: "<p>1</p>" }));
    await nextChange(before);
    const seen = before.lastId();
    before.close();
    await ok(owner.agent.patch(`/api/groceries/lists/${list.id}/`, { notes: "<p>2</p>" }));
    await ok(owner.agent.patch(`/api/groceries/lists/${list.id}/`, { name: "Two" }));

    const after = await stream(list.id, member.agent, { "last-event-id": seen ?? "" });
    const first = await after.next();
    const second = await after.next();
    expect(Number(first.id)).toBeGreaterThan(Number(seen));
    expect(Number(second.id)).toBeGreaterThan(Number(first.id));
    // Nothing else: the next one is the change made now.
    await ok(member.agent.patch(`/api/groceries/lists/${list.id}/`, { name: "Three" }));
    expect(await nextChange(after)).toEqual({ kind: "notes", by: member.user.username });
  });

  it("sends one reset for a Last-Event-ID no longer kept, unknown or garbage", async () => {
    const { owner, list } = await sharedList();
    await ok(owner.agent.patch(`/api/groceries/lists/${list.id}/`, { notes: "<p>old</p>" }));
    const { rows } = await db.execute<{ id: number }>(
      sql`select max(id) as id from grocery_list_events where grocery_list_id = ${list.id}`,
    );
    const oldId = String(rows[0]?.id);
    await db.execute(sql`delete from grocery_list_events where grocery_list_id = ${list.id}`);
    for (const given of [oldId, "99999999999", "garbage", ""]) {
      const reconnected = await stream(list.id, owner.agent, { "last-event-id": given });
      expect((await reconnected.next()).event).toBe("reset");
      await ok(owner.agent.patch(`/api/groceries/lists/${list.id}/`, { name: `After ${given}` }));
      expect(await nextChange(reconnected)).toEqual({ kind: "notes", by: owner.user.username });
      reconnected.close();
    }
  });

  it("loses nothing when the LISTEN connection is cut: it reconnects and catches up", async () => {
    const { owner, member, list } = await sharedList();
    const toMember = await stream(list.id, member.agent);
    await db.execute(sql`
      select pg_terminate_backend(pid) from pg_stat_activity
      where application_name = 'potluck-list-events' and datname = current_database()`);
    // Made while the listener is down or reconnecting: sent from the table once it is back.
    await ok(owner.agent.patch(`/api/groceries/lists/${list.id}/`, { notes: "<p>cut</p>" }));
    expect(await nextChange(toMember)).toEqual({ kind: "notes", by: owner.user.username });
    await ok(owner.agent.patch(`/api/groceries/lists/${list.id}/`, { notes: "<p>back</p>" }));
    expect(await nextChange(toMember)).toEqual({ kind: "notes", by: owner.user.username });
  });

  it("ends the stream of a member who is removed or leaves, and every stream of a deleted list", async () => {
    const { owner, member, list } = await sharedList();
    const toOwner = await stream(list.id, owner.agent);
    const toMember = await stream(list.id, member.agent);
    await ok(owner.agent.delete(`${membersUrl(list.id)}${member.user.username}/`));
    expect(await toMember.ended()).toBe(true);
    expect(await nextChange(toOwner)).toEqual({ kind: "members", by: owner.user.username });

    const leaver = await signedIn(app, db);
    await ok(owner.agent.post(membersUrl(list.id), { username: leaver.user.username }));
    await nextChange(toOwner);
    const toLeaver = await stream(list.id, leaver.agent);
    await ok(leaver.agent.delete(`${membersUrl(list.id)}${leaver.user.username}/`));
    expect(await toLeaver.ended()).toBe(true);

    await ok(owner.agent.delete(`/api/groceries/lists/${list.id}/`));
    expect(await toOwner.ended()).toBe(true);
  });

  it("ends its streams when the server stops, so the stop does not wait for them", async () => {
    const { owner, list } = await sharedList();
    const held = await stream(list.id, owner.agent, {}, thirdBase);
    const start = Date.now();
    await third.app.close();
    expect(Date.now() - start).toBeLessThan(1000);
    expect(await held.ended()).toBe(true);
  });
});
