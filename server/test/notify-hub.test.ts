// The app's one LISTEN connection (db/notify-listener.ts): every channel over one connection,
// opened only when a subscriber starts, and every subscriber told of a gap when it is lost.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { LISTEN_APPLICATION_NAME, NotifyHub } from "../src/db/notify-listener.js";
import { createTestApp } from "./helper.js";

const { app, db } = await createTestApp();

/** The hub's connections to this test's database (the app's own hub is never started here). */
async function connections(): Promise<number> {
  const { rows } = await db.execute<{ n: string }>(sql`
    select count(*) as n from pg_stat_activity
    where application_name = ${LISTEN_APPLICATION_NAME} and datname = current_database()`);
  return Number(rows[0]?.n);
}

async function until(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A subscriber that records what it is told. */
function subscriber(hub: NotifyHub, channel: string) {
  const heard: string[] = [];
  let gaps = 0;
  const listener = hub.listen(channel, {
    notified: (payload) => heard.push(payload),
    gap: () => {
      gaps += 1;
    },
  });
  return { listener, heard, gaps: () => gaps };
}

const notify = (channel: string, payload: string) =>
  db.execute(sql`select pg_notify(${channel}, ${payload})`);

describe("the LISTEN hub", () => {
  it("holds no connection until a subscriber starts, then one for every channel", async () => {
    const hub = new NotifyHub(db, app.log);
    try {
      const lists = subscriber(hub, "hub_test_lists");
      const sessions = subscriber(hub, "hub_test_sessions");
      const sessionsToo = subscriber(hub, "hub_test_sessions");
      expect(await connections()).toBe(0);

      lists.listener.start();
      await until(() => lists.listener.listening, "the first channel");
      // Started later, on the connection already there.
      sessions.listener.start();
      sessionsToo.listener.start();
      await until(
        () => sessions.listener.listening && sessionsToo.listener.listening,
        "the second channel",
      );
      expect(await connections()).toBe(1);
      // Each was told once that it listens: anything before was not heard.
      expect([lists.gaps(), sessions.gaps(), sessionsToo.gaps()]).toEqual([1, 1, 1]);

      await notify("hub_test_lists", "7");
      await notify("hub_test_sessions", "42");
      await until(() => sessionsToo.heard.length === 1 && lists.heard.length === 1, "the NOTIFYs");
      expect(lists.heard).toEqual(["7"]);
      expect(sessions.heard).toEqual(["42"]);
      expect(sessionsToo.heard).toEqual(["42"]);

      // One subscriber leaving stops nothing for the others.
      await sessionsToo.listener.close();
      expect(sessionsToo.listener.listening).toBe(false);
      await notify("hub_test_sessions", "43");
      await until(() => sessions.heard.length === 2, "the NOTIFY after one left");
      expect(sessionsToo.heard).toEqual(["42"]);

      // The last one leaving ends the connection.
      await sessions.listener.close();
      await lists.listener.close();
      await until(async () => (await connections()) === 0, "the connection to end");
    } finally {
      await hub.close();
    }
  });

  it("tells every subscriber of the gap when the connection is cut, and again once back", async () => {
    const hub = new NotifyHub(db, app.log);
    try {
      const lists = subscriber(hub, "hub_test_lists");
      const planner = subscriber(hub, "hub_test_planner");
      lists.listener.start();
      planner.listener.start();
      await until(() => lists.listener.listening && planner.listener.listening, "both channels");
      expect([lists.gaps(), planner.gaps()]).toEqual([1, 1]);

      await db.execute(sql`
        select pg_terminate_backend(pid) from pg_stat_activity
        where application_name = ${LISTEN_APPLICATION_NAME} and datname = current_database()`);
      // Lost: each is told, and listens no more ...
      await until(() => lists.gaps() >= 2 && planner.gaps() >= 2, "the loss to be told");
      // ... then back on one new connection, each told once more, hearing its channel again.
      await until(() => lists.listener.listening && planner.listener.listening, "the reconnect");
      expect([lists.gaps(), planner.gaps()]).toEqual([3, 3]);
      expect(await connections()).toBe(1);
      await notify("hub_test_planner", "back");
      await until(() => planner.heard.length === 1, "a NOTIFY after the reconnect");
      expect(planner.heard).toEqual(["back"]);
      expect(lists.heard).toEqual([]);
    } finally {
      await hub.close();
    }
    await until(async () => (await connections()) === 0, "the connection to end");
  });
});
