// A shared week planner (issue 24, section 1): who may do what (owner, member, outsider,
// anonymous × every planner call), the members endpoints, leaving, and the live event stream
// across two app processes on one database.
import type { PlannerEntry } from "@potluck/contract";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "../src/auth/sessions.js";
import { recipes } from "../src/db/schema.js";
import { buildRecipe, buildUser, ingredientId, signedIn, unitId } from "./factories.js";
import { Agent, createTestApp } from "./helper.js";
import { closeListening, openSse, type SseStream } from "./sse.js";

const first = await createTestApp();
// A second process on the same database: a change written through one reaches streams on both.
const second = await createTestApp({ sameDatabaseAs: first });
const { app, db } = first;
// On real ports for the event streams, which inject would wait on for ever.
const base = await app.listen({ port: 0, host: "127.0.0.1" });
const secondBase = await second.app.listen({ port: 0, host: "127.0.0.1" });

const open: SseStream[] = [];
afterAll(async () => {
  for (const stream of open) stream.close();
  for (const server of [second.app, app]) await closeListening(server);
});

const EGG = await ingredientId(db, "Egg");
const PIECE = await unitId(db, "piece");
const MONDAY = "2030-03-04";

type Response = { statusCode: number; body: string };
const ok = async <T = { id: number }>(response: Promise<Response>): Promise<T> => {
  const done = await response;
  expect(done.statusCode, done.body).toBeLessThan(300);
  return (done.body ? JSON.parse(done.body) : {}) as T;
};

async function stream(agent: Agent | undefined, query = "", origin = base) {
  const session = agent?.cookie(SESSION_COOKIE);
  const opened = await openSse(`${origin}/api/planner/events/${query}`, {
    ...(session ? { cookie: `${SESSION_COOKIE}=${session}` } : {}),
  });
  open.push(opened);
  return opened;
}

/** The next event: a change, by whom. */
async function nextChange(events: SseStream) {
  const message = await events.next();
  expect(message.event).toBe("change");
  return JSON.parse(message.data) as { by: string };
}

/**
 * Lets through what was on its way: a change that committed just before the stream opened is
 * still announced to it (NOTIFY is heard after the commit, a moment later), so a test that
 * counts events starts from a stream that has been quiet for a while.
 */
async function quiet(events: SseStream) {
  for (;;) {
    try {
      await events.next(300);
    } catch {
      return;
    }
  }
}

/** An owner's planner shared with a member, an entry on it, and a private recipe of the owner's on it. */
async function sharedPlanner() {
  const owner = await signedIn(app, db);
  const member = await signedIn(app, db);
  const outsider = await signedIn(app, db);
  await ok(owner.agent.post("/api/planner/members/", { username: member.user.username }));
  const recipe = await buildRecipe(db, owner.user.id, {
    ingredients: [{ ingredientId: EGG, unitId: PIECE, quantity: 1 }],
  });
  const entry = await ok<PlannerEntry>(
    owner.agent.post("/api/planner/entries/", {
      date: MONDAY,
      slot: "dinner",
      recipe_id: recipe.id,
    }),
  );
  return { owner, member, outsider, recipe, entry };
}

type Actor = "owner" | "member" | "outsider" | "anonymous";

// Every planner call on the owner's planner (named with `planner=` where the call takes it), in
// an order where the destructive calls come last, and the status each actor gets. A member does
// everything to the entries; the members and the calendar link of a planner are its owner's
// alone: the routes act on the caller's own planner, so a member taking another member off is
// looking on their own planner, where that cook is not (404).
const MATRIX: [call: string, owner: number, member: number, outsider: number, anon: number][] = [
  ["read the week", 200, 200, 404, 401],
  ["add an entry", 201, 201, 404, 401],
  ["move an entry", 200, 200, 404, 401],
  ["change its guests", 200, 200, 404, 401],
  ["suggest", 200, 200, 404, 401],
  ["send to their own list", 200, 200, 404, 401],
  ["open the event stream", 200, 200, 404, 401],
  ["read my planner's members", 200, 200, 200, 401],
  ["planners shared with me", 200, 200, 200, 401],
  ["share my planner", 201, 201, 201, 401],
  ["take the other member off", 204, 404, 404, 401],
  ["make my calendar link", 200, 200, 200, 401],
  ["turn my calendar link off", 204, 204, 204, 401],
  ["delete an entry", 204, 204, 404, 401],
  ["leave the owner's planner", 404, 204, 404, 401],
];

describe("the permission matrix", () => {
  const actors: Actor[] = ["owner", "member", "outsider", "anonymous"];
  for (const [column, actor] of actors.entries()) {
    it(`${actor}: ${MATRIX.map((row) => row[column + 1]).join(" ")}`, async () => {
      const k = await sharedPlanner();
      const agent = actor === "anonymous" ? new Agent(app) : k[actor].agent;
      const newcomer = await buildUser(db);
      const secondMember = await buildUser(db);
      await ok(k.owner.agent.post("/api/planner/members/", { username: secondMember.username }));
      const spare = await ok<PlannerEntry>(
        k.owner.agent.post("/api/planner/entries/", { date: MONDAY, slot: "lunch", note: "Out" }),
      );
      const ownList =
        actor === "anonymous"
          ? { id: 1 }
          : await ok(k[actor].agent.post("/api/groceries/lists/", { name: "Mine" }));
      const of = k.owner.user.username;
      const range = `start=${MONDAY}&end=2030-03-10`;
      const calls: Record<string, () => Promise<{ statusCode: number }>> = {
        "read the week": () => agent.get(`/api/planner/entries/?${range}&planner=${of}`),
        "add an entry": () =>
          agent.post("/api/planner/entries/", {
            date: MONDAY,
            slot: "dinner",
            note: "Salad",
            planner: of,
          }),
        "move an entry": () =>
          agent.patch(`/api/planner/entries/${k.entry.id}/`, { date: "2030-03-05" }),
        "change its guests": () =>
          agent.patch(`/api/planner/entries/${k.entry.id}/`, { guests: 6 }),
        suggest: () =>
          agent.post("/api/planner/suggest/", { start: MONDAY, end: "2030-03-10", planner: of }),
        "send to their own list": () =>
          agent.post("/api/planner/send-to-list/", {
            grocery_list_id: ownList.id,
            start: MONDAY,
            end: "2030-03-10",
            planner: of,
          }),
        "open the event stream": async () => {
          const events = await stream(actor === "anonymous" ? undefined : agent, `?planner=${of}`);
          events.close();
          return { statusCode: events.status };
        },
        "read my planner's members": () => agent.get("/api/planner/members/"),
        "planners shared with me": () => agent.get("/api/planner/shared/"),
        "share my planner": () =>
          agent.post("/api/planner/members/", { username: newcomer.username }),
        "take the other member off": () =>
          agent.delete(`/api/planner/members/${secondMember.username}/`),
        "make my calendar link": () => agent.post("/api/planner/calendar-link/"),
        "turn my calendar link off": () => agent.delete("/api/planner/calendar-link/"),
        "delete an entry": () => agent.delete(`/api/planner/entries/${spare.id}/`),
        "leave the owner's planner": () => agent.delete(`/api/planner/shared/${of}/`),
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

  it("shows the member the owner's entries, and the owner the member's, with who added each", async () => {
    const { owner, member, recipe } = await sharedPlanner();
    const of = owner.user.username;
    await ok(
      member.agent.post("/api/planner/entries/", {
        date: MONDAY,
        slot: "dinner",
        note: "Dessert",
        planner: of.toUpperCase(),
      }),
    );
    const read = (agent: Agent, planner = "") =>
      ok<PlannerEntry[]>(
        agent.get(`/api/planner/entries/?start=${MONDAY}&end=${MONDAY}${planner}`),
      );
    const seenByOwner = await read(owner.agent);
    expect(seenByOwner.map((e) => [e.recipe?.id ?? e.note, e.position, e.created_by])).toEqual([
      [recipe.id, 0, of],
      ["Dessert", 1, member.user.username],
    ]);
    expect(await read(member.agent, `&planner=${of}`)).toEqual(seenByOwner);
    // The member's own planner is another one, empty.
    expect(await read(member.agent)).toEqual([]);
  });

  it("lets a member plan the owner's private recipe again on the same planner, not onto their own", async () => {
    const { owner, member, recipe } = await sharedPlanner();
    await db.execute(sql`update ${recipes} set visibility = 'private' where id = ${recipe.id}`);
    const of = owner.user.username;
    const copy = await member.agent.post("/api/planner/entries/", {
      date: "2030-03-06",
      slot: "dinner",
      recipe_id: recipe.id,
      planner: of,
    });
    expect(copy.statusCode, copy.body).toBe(201);
    const ontoOwn = await member.agent.post("/api/planner/entries/", {
      date: "2030-03-06",
      slot: "dinner",
      recipe_id: recipe.id,
    });
    expect([ontoOwn.statusCode, ontoOwn.json()]).toEqual([
      400,
      { recipe_id: [`Invalid pk "${recipe.id}" - object does not exist.`] },
    ]);
    // Sending the week to the member's own list leaves it out: the planner's grant is read only.
    const list = await ok(member.agent.post("/api/groceries/lists/", { name: "Mine" }));
    const sent = await ok(
      member.agent.post("/api/planner/send-to-list/", {
        grocery_list_id: list.id,
        start: MONDAY,
        end: "2030-03-10",
        planner: of,
      }),
    );
    expect(sent).toEqual({ sent: 0, already_sent: 0 });
    // The owner may send it to theirs.
    const ownersList = await ok(owner.agent.post("/api/groceries/lists/", { name: "Ours" }));
    expect(
      await ok(
        owner.agent.post("/api/planner/send-to-list/", {
          grocery_list_id: ownersList.id,
          start: MONDAY,
          end: "2030-03-10",
        }),
      ),
    ).toEqual({ sent: 2, already_sent: 0 });
  });
});

describe("the members endpoints", () => {
  it("lists the owner first, then members by username, and the planners shared with me", async () => {
    const owner = await signedIn(app, db);
    const zed = await buildUser(db, { username: `zed_${Date.now()}` });
    const amy = await buildUser(db, { username: `Amy_${Date.now()}` });
    await ok(owner.agent.post("/api/planner/members/", { username: zed.username }));
    await ok(owner.agent.post("/api/planner/members/", { username: amy.username.toLowerCase() }));
    expect(await ok(owner.agent.get("/api/planner/members/"))).toEqual([
      { username: owner.user.username, role: "owner" },
      { username: amy.username, role: "member" },
      { username: zed.username, role: "member" },
    ]);
    const other = await signedIn(app, db);
    await ok(other.agent.post("/api/planner/members/", { username: owner.user.username }));
    expect(await ok(owner.agent.get("/api/planner/shared/"))).toEqual([
      { owner_username: other.user.username },
    ]);
    // A cook with no planner yet: themselves as its owner.
    const fresh = await signedIn(app, db);
    expect(await ok(fresh.agent.get("/api/planner/members/"))).toEqual([
      { username: fresh.user.username, role: "owner" },
    ]);
    expect(await ok(fresh.agent.get("/api/planner/shared/"))).toEqual([]);
  });

  it("refuses an unknown cook, myself and a member twice; the owner cannot be taken off", async () => {
    const owner = await signedIn(app, db);
    const member = await buildUser(db);
    const added = await owner.agent.post("/api/planner/members/", { username: member.username });
    expect([added.statusCode, added.json()]).toEqual([201, { username: member.username }]);
    const attempts = {
      unknown: await owner.agent.post("/api/planner/members/", { username: "nobody_at_all" }),
      myself: await owner.agent.post("/api/planner/members/", { username: owner.user.username }),
      twice: await owner.agent.post("/api/planner/members/", {
        username: member.username.toUpperCase(),
      }),
      blank: await owner.agent.post("/api/planner/members/", { username: " " }),
    };
    expect(
      Object.fromEntries(Object.entries(attempts).map(([k, r]) => [k, [r.statusCode, r.json()]])),
    ).toEqual({
      unknown: [400, { username: ["No cook has this username."] }],
      myself: [400, { username: ["This is your own planner."] }],
      twice: [400, { username: [`The planner is shared with ${member.username} already.`] }],
      blank: [400, { username: ["This field may not be blank."] }],
    });
    const self = await owner.agent.delete(`/api/planner/members/${owner.user.username}/`);
    expect([self.statusCode, self.json()]).toEqual([
      400,
      { detail: "The owner cannot leave their own planner." },
    ]);
    expect((await owner.agent.delete("/api/planner/members/nobody_at_all/")).statusCode).toBe(404);
    expect((await owner.agent.delete(`/api/planner/members/${member.username}/`)).statusCode).toBe(
      204,
    );
    expect((await owner.agent.delete(`/api/planner/members/${member.username}/`)).statusCode).toBe(
      404,
    );
  });

  it("takes a member who leaves, or is taken off, out of the planner: 404 from then on", async () => {
    for (const how of ["leaves", "taken off"] as const) {
      const { owner, member } = await sharedPlanner();
      const of = owner.user.username;
      const week = () =>
        member.agent.get(`/api/planner/entries/?start=${MONDAY}&end=${MONDAY}&planner=${of}`);
      expect((await week()).statusCode).toBe(200);
      const gone =
        how === "leaves"
          ? await member.agent.delete(`/api/planner/shared/${of}/`)
          : await owner.agent.delete(`/api/planner/members/${member.user.username}/`);
      expect(gone.statusCode).toBe(204);
      expect((await week()).statusCode).toBe(404);
      expect(await ok(member.agent.get("/api/planner/shared/"))).toEqual([]);
      expect((await member.agent.delete(`/api/planner/shared/${of}/`)).statusCode).toBe(404);
    }
  });
});

describe("live changes", () => {
  it("reach every open stream of the planner, on either process, with who made them", async () => {
    const { owner, member, outsider, entry } = await sharedPlanner();
    const of = owner.user.username;
    const toOwner = await stream(owner.agent);
    const toMember = await stream(member.agent, `?planner=${of}`, secondBase);
    expect(toMember.status).toBe(200);
    expect(toMember.headers.get("content-type")).toBe("text/event-stream");
    expect(toMember.headers.get("cache-control")).toBe("no-store");
    expect((await stream(outsider.agent, `?planner=${of}`)).status).toBe(404);
    expect((await stream(undefined, `?planner=${of}`)).status).toBe(401);
    // The outsider's own planner is theirs to watch; nothing of the owner's reaches it.
    const toOutsider = await stream(outsider.agent);
    await Promise.all([quiet(toOwner), quiet(toMember)]);

    await ok(
      owner.agent.post("/api/planner/entries/", { date: MONDAY, slot: "lunch", note: "Soup" }),
    );
    expect(await nextChange(toMember)).toEqual({ by: of });
    expect(await nextChange(toOwner)).toEqual({ by: of });
    await ok(member.agent.patch(`/api/planner/entries/${entry.id}/`, { guests: 3 }));
    expect(await nextChange(toOwner)).toEqual({ by: member.user.username });
    expect(await nextChange(toMember)).toEqual({ by: member.user.username });
    await ok(member.agent.delete(`/api/planner/entries/${entry.id}/`));
    expect(await nextChange(toOwner)).toEqual({ by: member.user.username });
    const list = await ok(owner.agent.post("/api/groceries/lists/", { name: "Week" }));
    await ok(
      owner.agent.post("/api/planner/entries/", {
        date: MONDAY,
        slot: "dinner",
        recipe_id: (await buildRecipe(db, owner.user.id)).id,
      }),
    );
    expect(await nextChange(toOwner)).toEqual({ by: of });
    await ok(
      owner.agent.post("/api/planner/send-to-list/", {
        grocery_list_id: list.id,
        start: MONDAY,
        end: MONDAY,
      }),
    );
    expect(await nextChange(toOwner)).toEqual({ by: of });
    // A refused change announces nothing; the next one comes next.
    await member.agent.post("/api/planner/entries/", { date: MONDAY, slot: "x", note: "No" });
    const newcomer = await buildUser(db);
    await ok(owner.agent.post("/api/planner/members/", { username: newcomer.username }));
    expect(await nextChange(toOwner)).toEqual({ by: of });
    await expect(toOutsider.next(300)).rejects.toThrow("timed out");
  });

  it("ends a member's stream when they are taken off the planner, and when they leave", async () => {
    for (const how of ["taken off", "leaves"] as const) {
      const { owner, member } = await sharedPlanner();
      const of = owner.user.username;
      const toMember = await stream(member.agent, `?planner=${of}`, secondBase);
      const toOwner = await stream(owner.agent);
      if (how === "leaves") await ok(member.agent.delete(`/api/planner/shared/${of}/`));
      else await ok(owner.agent.delete(`/api/planner/members/${member.user.username}/`));
      expect(await toMember.ended()).toBe(true);
      expect(await toOwner.ended(300)).toBe(false);
    }
  });
});
