// Live updates of a grocery list (issue 11, part 2): the event stream on a real port, fed by
// LISTEN/NOTIFY, across two app instances on one database, with replay after a reconnect.
import net from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "../src/auth/sessions.js";
import { lockListsPlanningRecipe, lockRecipe } from "../src/db/locks.js";
import {
  LIST_EVENTS_CHANNEL,
  MAX_REPLAYED_EVENTS,
  recordChangeOnLockedLists,
} from "../src/groceries/list-events.js";
import { MAX_UNSENT_BYTES } from "../src/groceries/live-streams.js";
import { multipartBody } from "../src/http/inject-agent.js";
import { buildRecipe, ingredientId, signedIn, unitId } from "./factories.js";
import { type Agent, createTestApp } from "./helper.js";
import { closeListening, openSse, type SseStream } from "./sse.js";

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
  for (const server of [second.app, app]) await closeListening(server);
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

  it("replays at most MAX_REPLAYED_EVENTS; a client further behind gets a reset", async () => {
    const { owner, list } = await sharedList();
    await ok(owner.agent.patch(`/api/groceries/lists/${list.id}/`, { notes: "<p>seen</p>" }));
    const seen = await db.execute<{ id: string }>(
      sql`select max(id) as id from grocery_list_events where grocery_list_id = ${list.id}`,
    );
    const { rows } = await db.execute<{ id: string }>(sql`
      with event as (
        insert into grocery_list_events (grocery_list_id, kind, by_username)
        select ${list.id}, 'items', ${owner.user.username}
        from generate_series(1, ${MAX_REPLAYED_EVENTS + 1})
        returning id)
      select id from event order by id`);
    const [oldest, second] = rows.map((row) => String(row.id));
    // From the oldest: exactly the most, replayed in order.
    const replayed = await stream(list.id, owner.agent, { "last-event-id": oldest ?? "" });
    expect((await replayed.next()).id).toBe(second);
    // From the event before them: one too many, so one reset and nothing replayed.
    const behind = await stream(list.id, owner.agent, {
      "last-event-id": String(seen.rows[0]?.id),
    });
    expect((await behind.next()).event).toBe("reset");
    await ok(owner.agent.patch(`/api/groceries/lists/${list.id}/`, { name: "Next" }));
    expect(await nextChange(behind)).toEqual({ kind: "notes", by: owner.user.username });
  });

  it("loses nothing when the LISTEN connection is cut: it reconnects and catches up", async () => {
    const { owner, member, list } = await sharedList();
    const toMember = await stream(list.id, member.agent);
    await db.execute(sql`
      select pg_terminate_backend(pid) from pg_stat_activity
      where application_name = 'potluck-listen' and datname = current_database()`);
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

describe("a stream whose reader stops reading", () => {
  it("is dropped once more than MAX_UNSENT_BYTES wait for it; the list's other streams go on", async () => {
    const { owner, member, list } = await sharedList();
    const reading = await stream(list.id, member.agent);
    const stalled = await stalledStream(list.id, owner.agent);
    // Changes as another app process makes them (a row each, one NOTIFY), in rounds that a
    // reading stream takes in its stride: the kernel's socket buffers hold megabytes of a
    // stalled one before anything waits in the server, so this takes many rounds.
    const by = "a-cook-with-a-long-name".padEnd(150, "-");
    const perRound = 150; // about 32 KB
    let lastId = 0;
    let rounds = 0;
    while (!stalled.server.destroyed) {
      if (++rounds > 1000) throw new Error("the stalled stream was never dropped");
      const { rows } = await db.execute<{ last: string }>(sql`
        with event as (
          insert into grocery_list_events (grocery_list_id, kind, by_username)
          select ${list.id}, 'items', ${by} from generate_series(1, ${perRound})
          returning id)
        select (select max(id) from event) as last,
               pg_notify(${LIST_EVENTS_CHANNEL}, ${String(list.id)})`);
      lastId = Number(rows[0]?.last);
      let message = await reading.next();
      while (Number(message.id) < lastId) message = await reading.next();
    }

    // The reading stream goes on, and hears the next change.
    await ok(member.agent.patch(`/api/groceries/lists/${list.id}/`, { notes: "<p>on</p>" }));
    expect(await nextChange(reading)).toEqual({ kind: "notes", by: member.user.username });

    // The stalled client, reading again, finds its stream ended part of the way: it got what
    // the kernel's buffers held, not what waited in the server.
    const { ended, received } = await stalled.readToEnd();
    expect(ended).toBe(true);
    const got = [...received.matchAll(/\nid: (\d+)\ndata: [^\n]*\n\n/g)].map((m) => Number(m[1]));
    const lastGot = got.at(-1) ?? 0;
    expect(lastGot).toBeLessThan(lastId);
    expect(received.length).toBeGreaterThan(MAX_UNSENT_BYTES);

    // Reconnecting with the last id it got: thousands behind, so it reloads (a reset) and
    // goes on from the newest event.
    const reconnected = await stream(list.id, owner.agent, { "last-event-id": String(lastGot) });
    expect((await reconnected.next()).event).toBe("reset");
    await ok(member.agent.patch(`/api/groceries/lists/${list.id}/`, { notes: "<p>back</p>" }));
    expect(await nextChange(reconnected)).toEqual({ kind: "notes", by: member.user.username });
  });
});

describe("a recipe edit or delete", () => {
  /** Edits the recipe as its author would through the recipe form. */
  const editRecipe = async (
    author: Agent,
    recipeId: number,
    fields: { title: string; content: string; recipe_ingredients?: string },
  ) => {
    const body = multipartBody(fields);
    await ok(
      author.raw("PUT", `/api/recipes/recipes/${recipeId}/`, body.payload, body.contentType),
    );
  };
  const eggs = (quantity: number) =>
    JSON.stringify([{ ingredient_id: EGG, unit_id: PIECE, quantity }]);

  it("sends its author's change to every list that plans the recipe, and to no other", async () => {
    const { owner, member, list, recipe } = await sharedList();
    const author = owner.user.username;
    const otherList = await ok(owner.agent.post("/api/groceries/lists/", { name: "Other" }));
    for (const [agent, listId] of [
      [member.agent, list.id],
      [owner.agent, otherList.id],
    ] as const) {
      const url = "/api/groceries/planned-recipes/";
      await ok(agent.post(url, { grocery_list_id: listId, recipe_id: recipe.id, guests: 2 }));
    }
    // The member's own list, planning something else: it must hear nothing of the recipe.
    const unrelated = await ok(member.agent.post("/api/groceries/lists/", { name: "Unrelated" }));
    const toMember = await stream(list.id, member.agent);
    const toOther = await stream(otherList.id, owner.agent);
    const toUnrelated = await stream(unrelated.id, member.agent);

    // New quantities, same title: the lines changed, the planned entries did not.
    await editRecipe(owner.agent, recipe.id, {
      title: recipe.title,
      content: "<p>Cook it.</p>",
      recipe_ingredients: eggs(3),
    });
    for (const reader of [toMember, toOther]) {
      expect(await nextChange(reader)).toEqual({ kind: "items", by: author });
    }
    // A new title shows on the planned entries too.
    await editRecipe(owner.agent, recipe.id, { title: "Omelette", content: "<p>Cook it.</p>" });
    for (const reader of [toMember, toOther]) {
      expect(await nextChange(reader)).toEqual({ kind: "planned", by: author });
    }
    // Only the description: nothing a list shows, so no event; the next one is a list's own.
    await editRecipe(owner.agent, recipe.id, { title: "Omelette", content: "<p>Whisk.</p>" });
    await ok(member.agent.patch(`/api/groceries/lists/${list.id}/`, { notes: "<p>x</p>" }));
    expect(await nextChange(toMember)).toEqual({ kind: "notes", by: member.user.username });

    const deleted = await owner.agent.delete(`/api/recipes/recipes/${recipe.id}/`);
    expect(deleted.statusCode).toBe(204);
    for (const reader of [toMember, toOther]) {
      expect(await nextChange(reader)).toEqual({ kind: "planned", by: author });
    }
    const plans = await member.agent.get(`/api/groceries/planned-recipes/?grocery_list=${list.id}`);
    expect(plans.json()).toEqual([]);

    await ok(member.agent.patch(`/api/groceries/lists/${unrelated.id}/`, { notes: "<p>y</p>" }));
    expect(await nextChange(toUnrelated)).toEqual({ kind: "notes", by: member.user.username });
    // The other list heard only the recipe's events too.
    await ok(owner.agent.patch(`/api/groceries/lists/${otherList.id}/`, { name: "Renamed" }));
    expect(await nextChange(toOther)).toEqual({ kind: "notes", by: author });
  });

  it("commits one list's events in id order while ticks, notes, members and edits race", async () => {
    const { owner, member, list, recipe } = await sharedList();
    await ok(
      member.agent.post("/api/groceries/planned-recipes/", {
        grocery_list_id: list.id,
        recipe_id: recipe.id,
        guests: 2,
      }),
    );
    await ok(
      owner.agent.post("/api/groceries/planned-extras/", {
        grocery_list_id: list.id,
        ingredient_id: BUTTER,
        quantity: 1,
        unit_id: PIECE,
      }),
    );
    const items = await owner.agent.get(`/api/groceries/items/?grocery_list=${list.id}`);
    const [eggLine, butterLine] = items.json<{ id: number }[]>();
    const guest = await signedIn(app, db);
    const toOwner = await stream(list.id, owner.agent);
    const { rows: before } = await db.execute<{ id: number }>(
      sql`select coalesce(max(id), 0)::int8 as id from grocery_list_events where grocery_list_id = ${list.id}`,
    );

    for (let round = 0; round < 10; round++) {
      const tick = (agent: Agent, item?: { id: number }) =>
        ok(agent.patch(`/api/groceries/items/${item?.id}/`, { is_checked: round % 2 === 0 }));
      await Promise.all([
        tick(member.agent, eggLine),
        tick(owner.agent, butterLine),
        // A new quantity each round: the edit's event is sent through the lists' FOR UPDATE.
        editRecipe(owner.agent, recipe.id, {
          title: recipe.title,
          content: "<p>Cook it.</p>",
          recipe_ingredients: eggs(round + 2),
        }),
        ok(member.agent.patch(`/api/groceries/lists/${list.id}/`, { notes: `<p>${round}</p>` })),
        round % 2 === 0
          ? ok(owner.agent.post(membersUrl(list.id), { username: guest.user.username }))
          : ok(owner.agent.delete(`${membersUrl(list.id)}${guest.user.username}/`)),
      ]);
    }
    const { rows } = await db.execute<{ id: string }>(sql`
      select id from grocery_list_events
      where grocery_list_id = ${list.id} and id > ${before[0]?.id ?? 0} order by id`);
    const received = [];
    for (const _ of rows) received.push((await toOwner.next()).id);
    expect(received).toEqual(rows.map((row) => String(row.id)));
  });

  it("holds back every other change of a list while a recipe edit holds it", async () => {
    const { owner, member, list, recipe } = await sharedList();
    await ok(
      member.agent.post("/api/groceries/planned-recipes/", {
        grocery_list_id: list.id,
        recipe_id: recipe.id,
        guests: 2,
      }),
    );
    const items = await owner.agent.get(`/api/groceries/items/?grocery_list=${list.id}`);
    const [item] = items.json<{ id: number }[]>();
    const guest = await signedIn(app, db);
    const toOwner = await stream(list.id, owner.agent);
    const writers: [string, () => Promise<unknown>][] = [
      [
        "tick",
        () => ok(member.agent.patch(`/api/groceries/items/${item?.id}/`, { is_checked: true })),
      ],
      ["notes", () => ok(member.agent.patch(`/api/groceries/lists/${list.id}/`, { notes: "n" }))],
      [
        "add a member",
        () => ok(owner.agent.post(membersUrl(list.id), { username: guest.user.username })),
      ],
      [
        "remove a member",
        () => ok(owner.agent.delete(`${membersUrl(list.id)}${guest.user.username}/`)),
      ],
      [
        "plan an extra",
        () =>
          ok(
            member.agent.post("/api/groceries/planned-extras/", {
              grocery_list_id: list.id,
              ingredient_id: BUTTER,
              quantity: 1,
              unit_id: PIECE,
            }),
          ),
      ],
    ];
    for (const [name, write] of writers) {
      // A recipe edit's transaction, stopped while it holds the list, before its event.
      let goOn = () => {};
      const goingOn = new Promise<void>((resolve) => {
        goOn = resolve;
      });
      let locked = () => {};
      const listLocked = new Promise<void>((resolve) => {
        locked = resolve;
      });
      const edit = db.transaction(async (tx) => {
        await lockRecipe(tx, recipe.id);
        expect(await lockListsPlanningRecipe(tx, recipe.id)).toEqual([list.id]);
        locked();
        await goingOn;
        await recordChangeOnLockedLists(tx, [list.id], "items", owner.user.id);
      });
      await listLocked;
      let written = false;
      const writing = write().then(() => {
        written = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 200));
      // Had it drawn its event id by now, that id would be smaller than the edit's but
      // commit after it: a stream that had sent the edit's event would skip it for ever.
      expect(written, name).toBe(false);
      goOn();
      await edit;
      await writing;
      const editEvent = await toOwner.next();
      expect(JSON.parse(editEvent.data), name).toEqual({ kind: "items", by: owner.user.username });
      const writerEvent = await toOwner.next();
      expect(Number(writerEvent.id), name).toBeGreaterThan(Number(editEvent.id));
    }
  });

  it("records one event per list for a recipe planned on many lists, announced in batches", async () => {
    const cook = await signedIn(app, db);
    const recipe = await buildRecipe(db, cook.user.id, {
      ingredients: [{ ingredientId: EGG, unitId: PIECE, quantity: 1 }],
    });
    // More lists than one NOTIFY names (500), written straight to the database.
    const { rows } = await db.execute<{ id: number }>(sql`
      with list as (
        insert into grocery_lists (owner_id, name)
        select ${cook.user.id}, 'Many ' || n from generate_series(1, 1201) as n
        returning id)
      insert into planned_recipes (grocery_list_id, recipe_id, guests)
      select id, ${recipe.id}, 1 from list returning grocery_list_id as id`);
    const ids = rows.map((row) => row.id).sort((a, b) => a - b);
    const [firstList, lastList] = [ids[0] as number, ids.at(-1) as number];
    const toFirst = await stream(firstList, cook.agent);
    const toLast = await stream(lastList, cook.agent);

    await editRecipe(cook.agent, recipe.id, { title: "Many eggs", content: "<p>x</p>" });
    for (const reader of [toFirst, toLast]) {
      expect(await nextChange(reader)).toEqual({ kind: "planned", by: cook.user.username });
    }
    const counted = await db.execute<{ events: number; lists: number }>(sql`
      select count(*)::int as events, count(distinct grocery_list_id)::int as lists
      from grocery_list_events where grocery_list_id = any(${sql.param(ids)}::int[])`);
    expect(counted.rows[0]).toEqual({ events: ids.length, lists: ids.length });
  });
});

/**
 * The list's event stream on a raw socket that stops reading once the stream has begun, as a
 * browser on a stalled network would; and the server's side of that connection.
 */
async function stalledStream(listId: number, agent: Agent) {
  // Listening before connecting, so the server's side of this connection is not missed.
  const connections: net.Socket[] = [];
  const onConnection = (socket: net.Socket) => connections.push(socket);
  app.server.on("connection", onConnection);
  const socket = net.connect(Number(new URL(base).port), "127.0.0.1");
  await new Promise((resolve) => socket.once("connect", resolve));
  let received = "";
  let ended = false;
  socket.setEncoding("utf8");
  socket.on("data", (chunk: string) => {
    received += chunk;
  });
  socket.on("end", () => {
    ended = true;
  });
  socket.on("error", () => {});
  socket.write(
    `GET /api/groceries/lists/${listId}/events/ HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
      `Cookie: ${SESSION_COOKIE}=${agent.cookie(SESSION_COOKIE)}\r\n\r\n`,
  );
  while (!/\nid: \d+\n\n/.test(received)) await new Promise((r) => setTimeout(r, 10));
  socket.pause();
  app.server.off("connection", onConnection);
  const server = connections.find((candidate) => candidate.remotePort === socket.localPort);
  if (!server) throw new Error("the server's side of the stalled stream was not seen");
  return {
    server,
    /** Reads on again; resolves with all the server sent once its end arrives (or `timeoutMs`). */
    async readToEnd(timeoutMs = 10_000) {
      socket.resume();
      const deadline = Date.now() + timeoutMs;
      while (!ended && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      socket.destroy();
      return { ended, received };
    },
  };
}
