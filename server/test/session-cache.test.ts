import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { afterEach, describe, expect, it, vi } from "vitest";
import { csrfTokenFor } from "../src/auth/csrf.js";
import { CACHED_SESSION_TRUST_MS } from "../src/auth/session-cache.js";
import { signedIn, TEST_PASSWORD } from "./factories.js";
import { type Agent, createTestApp } from "./helper.js";

// Two apps on one database stand for two app processes: a session ended or a user changed
// through one (or by SQL) must be honoured by the other as soon as its NOTIFY is handled.
const one = await createTestApp();
const two = await createTestApp({ sameDatabaseAs: one });
const { db } = one;

afterEach(() => {
  vi.useRealTimers();
});

/** Polls a condition every few milliseconds, failing after two seconds. */
async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 2000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Runs `action` and waits until `app` has handled a NOTIFY sent by it. */
async function andHeardBy<T>(app: FastifyInstance, action: () => Promise<T>): Promise<T> {
  const before = app.sessions.changesHeard;
  const result = await action();
  await until(() => app.sessions.changesHeard > before, "the NOTIFY");
  return result;
}

/** The agent's session token, kept to be sent after the agent dropped it. */
function tokenOf(agent: Agent): string {
  const token = agent.cookie("sessionid");
  if (!token) throw new Error("not signed in");
  return token;
}

/** A GET with a session cookie, as the browser would send it to another process. */
function inject(app: FastifyInstance, token: string, url: string) {
  return app.inject({ method: "GET", url, headers: { cookie: `sessionid=${token}; csrftoken=x` } });
}

/**
 * Whether `app` takes the agent as signed in: the CSRF token is bound to the session it
 * recognised (none for an unknown one), and the route queries nothing else. Also counts the
 * database queries the request made, on every connection of every pool.
 */
async function recognised(app: FastifyInstance, token: string) {
  const query = vi.spyOn(pg.Client.prototype, "query");
  try {
    const response = await inject(app, token, "/api/auth/csrf/");
    const signedInToken = csrfTokenFor(app.config.sessionSecret, "x", token);
    return {
      signedIn: response.json().csrfToken === signedInToken,
      queries: query.mock.calls.length,
    };
  } finally {
    query.mockRestore();
  }
}

async function listening(app: FastifyInstance) {
  await until(() => app.sessions.listening, "the LISTEN connection");
}

describe("signed-in requests answered from memory", () => {
  it("makes no database query for a session seen before", async () => {
    const { agent } = await signedIn(one.app, db);
    // The first signed-in request also starts the LISTEN connection, and reads the session.
    expect((await recognised(two.app, tokenOf(agent))).signedIn).toBe(true);
    await listening(two.app);
    // The first request after the listener came up reads (the cache started empty) ...
    await recognised(two.app, tokenOf(agent));
    // ... and from then on no query at all.
    expect(await recognised(two.app, tokenOf(agent))).toEqual({ signedIn: true, queries: 0 });
    expect(await recognised(two.app, tokenOf(agent))).toEqual({ signedIn: true, queries: 0 });
  });

  it("ends a session on every process at once when it logs out through one", async () => {
    const { agent } = await signedIn(one.app, db);
    await listening(two.app);
    await recognised(two.app, tokenOf(agent));
    expect(await recognised(two.app, tokenOf(agent))).toEqual({ signedIn: true, queries: 0 });
    const token = tokenOf(agent);
    await andHeardBy(two.app, () => agent.post("/api/auth/logout/"));
    expect((await inject(two.app, token, "/api/auth/status/")).json()).toEqual({
      authenticated: false,
    });
    expect((await inject(two.app, token, "/api/groceries/lists/")).statusCode).toBe(401);
  });

  it("ends a session at once on the process that logged it out, without waiting for a NOTIFY", async () => {
    const { agent } = await signedIn(one.app, db);
    const token = tokenOf(agent);
    await listening(one.app);
    await recognised(one.app, token);
    expect(await recognised(one.app, token)).toEqual({ signedIn: true, queries: 0 });
    await agent.post("/api/auth/logout/");
    expect(await recognised(one.app, token)).toMatchObject({ signedIn: false });
  });

  it("refuses a session replaced at login on the other process (rotation)", async () => {
    const { user, agent } = await signedIn(one.app, db);
    await listening(two.app);
    await recognised(two.app, tokenOf(agent));
    const before = tokenOf(agent);
    await andHeardBy(two.app, () =>
      agent.post("/api/auth/login/", { username: user.username, password: TEST_PASSWORD }),
    );
    expect(tokenOf(agent)).not.toBe(before);
    expect((await inject(two.app, before, "/api/auth/status/")).json()).toEqual({
      authenticated: false,
    });
    expect((await recognised(two.app, tokenOf(agent))).signedIn).toBe(true);
  });

  it("shows a renamed or promoted user at once, and refuses a deleted one", async () => {
    const { user, agent } = await signedIn(one.app, db);
    await listening(two.app);
    await recognised(two.app, tokenOf(agent));
    await andHeardBy(two.app, () =>
      db.execute(
        sql`update users set username = ${`${user.username}_2`}, is_superuser = true where id = ${user.id}`,
      ),
    );
    const status = await inject(two.app, tokenOf(agent), "/api/auth/status/");
    expect(status.json().user).toMatchObject({
      username: `${user.username}_2`,
      is_superuser: true,
    });
    await andHeardBy(two.app, () => db.execute(sql`delete from users where id = ${user.id}`));
    expect(await recognised(two.app, tokenOf(agent))).toMatchObject({ signedIn: false });
  });

  it("refuses a cached session once it expires, without asking the database", async () => {
    const { user, agent } = await signedIn(one.app, db);
    await db.execute(
      sql`update sessions set expires_at = now() + interval '30 seconds' where user_id = ${user.id}`,
    );
    await listening(two.app);
    await recognised(two.app, tokenOf(agent));
    expect(await recognised(two.app, tokenOf(agent))).toEqual({ signedIn: true, queries: 0 });
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 40_000 });
    expect(40_000).toBeLessThan(CACHED_SESSION_TRUST_MS);
    expect(await recognised(two.app, tokenOf(agent))).toEqual({ signedIn: false, queries: 0 });
  });

  it("reads a cached session again after the trust period, so a change missed is caught", async () => {
    const { user, agent } = await signedIn(one.app, db);
    await listening(two.app);
    await recognised(two.app, tokenOf(agent));
    expect(await recognised(two.app, tokenOf(agent))).toEqual({ signedIn: true, queries: 0 });
    // A change no NOTIFY announced (no trigger watches expires_at).
    await db.execute(
      sql`update sessions set expires_at = now() - interval '1 second' where user_id = ${user.id}`,
    );
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + CACHED_SESSION_TRUST_MS + 1000 });
    expect(await recognised(two.app, tokenOf(agent))).toMatchObject({ signedIn: false });
  });

  it("asks the database while it cannot hear changes, and trusts its cache again once it can", async () => {
    const { user, agent } = await signedIn(one.app, db);
    const token = tokenOf(agent);
    await listening(two.app);
    await recognised(two.app, token);
    expect(await recognised(two.app, token)).toEqual({ signedIn: true, queries: 0 });

    await db.execute(sql`
      select pg_terminate_backend(pid) from pg_stat_activity
      where application_name = 'potluck-listen' and datname = current_database()`);
    await until(() => !two.app.sessions.listening, "the listener to notice");
    // Down (or back, but then started over empty): the session is read, not taken from memory.
    expect((await recognised(two.app, token)).queries).toBeGreaterThan(0);
    // A logout the listener cannot hear is honoured all the same.
    await agent.post("/api/auth/logout/");
    expect(await recognised(two.app, token)).toMatchObject({ signedIn: false });

    await listening(two.app);
    await agent.post("/api/auth/login/", { username: user.username, password: TEST_PASSWORD });
    await recognised(two.app, tokenOf(agent));
    expect(await recognised(two.app, tokenOf(agent))).toEqual({ signedIn: true, queries: 0 });
  });
});
