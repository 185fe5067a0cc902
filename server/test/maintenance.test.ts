import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { connect } from "../src/db/client.js";
import { rateLimits, sessions } from "../src/db/schema.js";
import { deleteStaleRows, startMaintenance } from "../src/maintenance.js";
import { buildUser } from "./factories.js";
import { createTestApp } from "./helper.js";

const { db } = await createTestApp();

const DAY = 24 * 3600 * 1000;

/** Sessions and rate-limit rows, some of them stale; the names of those that must stay. */
async function seed(tag: string) {
  const user = await buildUser(db);
  const session = (lastSeen: number, expires: number) => ({
    tokenHash: randomBytes(32),
    userId: user.id,
    lastSeenAt: new Date(Date.now() + lastSeen),
    expiresAt: new Date(Date.now() + expires),
  });
  await db.insert(sessions).values([
    session(0, 30 * DAY), // fresh
    session(-DAY, -1000), // past its absolute lifetime
    session(-15 * DAY, 10 * DAY), // idle longer than 14 days
  ]);
  await db.insert(rateLimits).values([
    { key: `${tag}:current`, windowEndsAt: new Date(Date.now() + 60_000), count: 3 },
    { key: `${tag}:ended`, windowEndsAt: new Date(Date.now() - 1000), count: 9 },
  ]);
  return user.id;
}

const sessionsOf = async (userId: number) =>
  (await db.execute(sql`select 1 from sessions where user_id = ${userId}`)).rows.length;
const keysLike = async (tag: string) =>
  (
    await db.execute<{ key: string }>(sql`select key from rate_limits where key like ${`${tag}:%`}`)
  ).rows.map((row) => row.key);

describe("deleteStaleRows", () => {
  it("deletes expired and idle sessions and ended rate-limit windows, keeps the rest", async () => {
    const userId = await seed("direct");
    const deleted = await deleteStaleRows(db);
    expect(deleted.sessions).toBeGreaterThanOrEqual(2);
    expect(deleted.rateLimits).toBeGreaterThanOrEqual(1);
    expect(await sessionsOf(userId)).toBe(1);
    expect(await keysLike("direct")).toEqual(["direct:current"]);
  });
});

describe("startMaintenance", () => {
  it("runs at once, then stops", async () => {
    const userId = await seed("started");
    const log = { info: vi.fn(), error: vi.fn() };
    const stop = startMaintenance(db, log, 60_000);
    await vi.waitFor(() => expect(log.info).toHaveBeenCalled());
    await stop();
    expect(await sessionsOf(userId)).toBe(1);
    expect(await keysLike("started")).toEqual(["started:current"]);
    expect(log.error).not.toHaveBeenCalled();
  });

  it("logs a failure and keeps trying while the database is away", async () => {
    // Nothing listens on port 1: every run fails at once.
    const away = connect("postgres://nobody@127.0.0.1:1/none", { max: 1 });
    const log = { info: vi.fn(), error: vi.fn() };
    const stop = startMaintenance(away.db, log, 20);
    await vi.waitFor(() => expect(log.error.mock.calls.length).toBeGreaterThanOrEqual(2));
    await stop();
    await away.pool.end();
    expect(log.info).not.toHaveBeenCalled();
  });
});
