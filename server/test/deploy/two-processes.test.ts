import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminQuery } from "../../src/db/embedded.js";
import { withDatabase } from "../global-setup.js";
import { startScratchPostgres } from "../scratch-postgres.js";
import { buildServer, type ServerProcess, startServer, waitUntilReady } from "../server-process.js";
import { openSse, type SseStream } from "../sse.js";
import { type Nginx, startNginx } from "./nginx.js";

// Issue 14 §1: two app processes on one database behind nginx (deploy/nginx/potluck.conf,
// round-robin), and a cook's journey through the proxy in which every step that matters is
// answered by the other process than the one before it. Run by .ci/run after `npm test`
// (`npm run test:deploy -w server`), since it needs Debian's nginx.

const LOGIN_FAILURES_PER_ADDRESS = 4;
const PASSWORD = "a-long-enough-passphrase-9";

let database: { url: string; drop(): Promise<void> };
let dataDir: string;
const apps: ServerProcess[] = [];
let nginx: Nginx | undefined;

beforeAll(async () => {
  buildServer();
  database = await freshDatabase();
  dataDir = mkdtempSync(path.join(os.tmpdir(), "potluck-two-processes-"));
  const env = {
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    SESSION_SECRET: randomBytes(24).toString("base64url"),
    TRUST_PROXY: "true",
    LOGIN_FAILURES_PER_ADDRESS: String(LOGIN_FAILURES_PER_ADDRESS),
    LOGIN_FAILURES_PER_ACCOUNT_ADDRESS: "100",
  };
  // Both at once on the new database, as a deploy starts them: one migrates it, the other
  // waits for it (the start lock in db/open.ts) and finds the work done.
  apps.push(await startServer(env), await startServer(env));
  await Promise.all(apps.map((app) => waitUntilReady(app)));
  nginx = await startNginx(apps.map((app) => Number(new URL(app.url).port)));
}, 120_000);

afterAll(async () => {
  await nginx?.stop();
  await Promise.all(
    apps.map(async (app) => {
      if (app.child.exitCode === null && app.child.signalCode === null) {
        app.child.kill("SIGTERM");
        await app.exited;
      }
    }),
  );
  await database?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** A new database on the machine's PostgreSQL (TEST_DATABASE_URL), or an embedded one. */
async function freshDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) {
    const scratch = await startScratchPostgres("potluck-two-processes-pg-");
    return { url: scratch.url, drop: scratch.stop };
  }
  const name = `potluck_two_processes_${process.pid}`;
  await adminQuery(admin, `drop database if exists ${name}`);
  await adminQuery(admin, `create database ${name}`);
  return {
    url: withDatabase(admin, name),
    drop: () => adminQuery(admin, `drop database if exists ${name} with (force)`),
  };
}

/**
 * The proxy's round-robin as the test sees it: every answer names its process (X-Upstream),
 * and nginx (one worker) hands each request to the process after the last one's.
 */
const proxy = {
  last: undefined as string | undefined,
  /** Makes the next request go to `upstream`: one cheap request first if it would not. */
  async nextTo(upstream: string): Promise<void> {
    if (proxy.last !== upstream) return;
    proxy.saw(await fetch(`${url()}/api/health/`));
  },
  /** Notes which process gave an answer (a response or an event stream), and returns it. */
  saw(response: { headers: Headers; status: number }): string {
    const upstream = response.headers.get("x-upstream");
    if (!upstream) throw new Error(`no X-Upstream on a ${response.status}`);
    proxy.last = upstream;
    return upstream;
  },
};
const url = () => (nginx as Nginx).url;
const upstreams = () => apps.map((app) => new URL(app.url).host);

interface Answer {
  status: number;
  upstream: string;
  body: unknown;
}

/** A browser through the proxy: cookies kept, the CSRF token and Origin sent on writes. */
class Browser {
  cookies = new Map<string, string>();
  token: string | undefined;

  async csrf(on?: string): Promise<Answer> {
    if (on) await proxy.nextTo(on);
    const answer = await this.request("GET", "/api/auth/csrf/");
    this.token = (answer.body as { csrfToken: string }).csrfToken;
    return answer;
  }

  /** A request answered by `on` (when given); the answer says by whom it really was. */
  async request(method: string, path: string, body?: unknown, on?: string): Promise<Answer> {
    const headers: Record<string, string> = { cookie: this.cookieHeader() };
    let payload: string | FormData | undefined;
    if (method !== "GET") {
      headers["x-csrftoken"] = this.token ?? "";
      headers.origin = url();
      if (body instanceof FormData) payload = body;
      else if (body !== undefined) {
        headers["content-type"] = "application/json";
        payload = JSON.stringify(body);
      }
    }
    if (on) await proxy.nextTo(on);
    const response = await fetch(url() + path, { method, headers, body: payload });
    const upstream = proxy.saw(response);
    for (const header of response.headers.getSetCookie()) {
      const [pair = ""] = header.split(";");
      const [name = "", value = ""] = pair.split("=");
      if (value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await response.text();
    const answer = { status: response.status, upstream, body: text ? JSON.parse(text) : null };
    if (on) expect(upstream, `${method} ${path}`).toBe(on);
    return answer;
  }

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

describe("two app processes behind nginx on one database", { timeout: 60_000 }, () => {
  const [a, b] = [() => upstreams()[0] as string, () => upstreams()[1] as string];
  const cook = new Browser();
  let listId: number;

  it("hands requests to the two processes in turn", async () => {
    const seen: string[] = [];
    for (let i = 0; i < 6; i++) {
      const response = await fetch(`${url()}/api/health/`);
      expect(response.status).toBe(200);
      seen.push(proxy.saw(response));
    }
    expect(new Set(seen)).toEqual(new Set(upstreams()));
    for (let i = 1; i < seen.length; i++) expect(seen[i]).not.toBe(seen[i - 1]);
  });

  it("signs up and in on one process and is signed in on the other", async () => {
    await cook.csrf();
    const body = {
      username: "two_procs",
      email: "two_procs@example.com",
      password: PASSWORD,
      confirm_password: PASSWORD,
      accept_tos: true,
    };
    expect((await cook.request("POST", "/api/auth/signup/", body, a())).status).toBe(201);
    const login = { username: "two_procs", password: PASSWORD };
    expect((await cook.request("POST", "/api/auth/login/", login, a())).status).toBe(200);
    const status = await cook.request("GET", "/api/auth/status/", undefined, b());
    expect(status.body).toMatchObject({ authenticated: true, user: { username: "two_procs" } });
  });

  it("accepts on one process the CSRF token the other gave", async () => {
    await cook.csrf(a());
    const forged = new Browser();
    forged.cookies = new Map(cook.cookies);
    forged.token = "not-the-token";
    expect((await forged.request("POST", "/api/groceries/lists/", { name: "x" }, b())).status).toBe(
      403,
    );
    const created = await cook.request("POST", "/api/groceries/lists/", { name: "Party" }, b());
    expect(created.status).toBe(201);
    listId = (created.body as { id: number }).id;
  });

  it("finds a recipe made through one process by a search through the other at once", async () => {
    const word = `zanzibarite${process.pid}`;
    const search = `/api/recipes/recipes/?search=${word}`;
    // The other process keeps the ranking of this search (decision 6) before the recipe exists.
    const before = await cook.request("GET", search, undefined, b());
    expect(before.body).toMatchObject({ results: [] });
    const form = new FormData();
    form.set("title", `Spiced ${word} stew`);
    form.set("content", "<p>Simmer.</p>");
    const created = await cook.request("POST", "/api/recipes/recipes/", form, a());
    expect(created.status).toBe(201);
    const after = await cook.request("GET", search, undefined, b());
    expect((after.body as { results: { id: number }[] }).results.map((r) => r.id)).toEqual([
      (created.body as { id: number }).id,
    ]);
  });

  it("delivers a tick made through one process on a stream held by the other", async () => {
    const units = (await cook.request("GET", "/api/ingredients/units/")).body as { id: number }[];
    const found = await cook.request("GET", "/api/ingredients/ingredients/?search=flour");
    const ingredient = (found.body as { results: { id: number }[] }).results[0];
    const planned = await cook.request("POST", "/api/groceries/planned-extras/", {
      grocery_list_id: listId,
      ingredient_id: ingredient?.id,
      unit_id: units[0]?.id,
      quantity: 2,
    });
    expect(planned.status).toBe(201);
    const items = await cook.request("GET", `/api/groceries/items/?grocery_list=${listId}`);
    const item = (items.body as { id: number }[])[0];

    await proxy.nextTo(b());
    let stream: SseStream | undefined;
    try {
      stream = await openSse(`${url()}/api/groceries/lists/${listId}/events/`, {
        cookie: cook.cookieHeader(),
      });
      expect(stream.status).toBe(200);
      expect(proxy.saw(stream)).toBe(b());
      const tick = await cook.request(
        "PATCH",
        `/api/groceries/items/${item?.id}/`,
        { is_checked: true },
        a(),
      );
      expect(tick.status).toBe(200);
      const event = await stream.next(5000);
      expect(event.event).toBe("change");
      expect(JSON.parse(event.data)).toMatchObject({ kind: "items", by: "two_procs" });
    } finally {
      stream?.close();
    }
  });

  /**
   * The other process refuses a session ended through the first once the NOTIFY of its row's
   * deletion reaches it: milliseconds, printed here.
   */
  async function refusedOnB(browser: Browser, what: string) {
    const started = performance.now();
    await expect
      .poll(async () => (await browser.request("GET", "/api/users/me/", undefined, b())).status, {
        timeout: 2000,
        interval: 5,
      })
      .toBe(401);
    console.log(
      `${what}: refused by the other process after ${(performance.now() - started).toFixed(1)} ms`,
    );
  }

  it("ends a device's session and, at a password change, every other, on the other process too", async () => {
    const phone = new Browser();
    await phone.csrf();
    const login = { username: "two_procs", password: PASSWORD };
    expect((await phone.request("POST", "/api/auth/login/", login, a())).status).toBe(200);
    // Known to the other process (and to its session cache) before it is ended.
    expect((await phone.request("GET", "/api/users/me/", undefined, b())).status).toBe(200);
    await cook.csrf();
    const listed = await cook.request("GET", "/api/auth/sessions/", undefined, a());
    const sessions = listed.body as { id: string; current: boolean }[];
    const phoneId = sessions.find((session) => !session.current)?.id;
    expect(sessions).toHaveLength(2);
    const ended = await cook.request("DELETE", `/api/auth/sessions/${phoneId}/`, undefined, a());
    expect(ended.status).toBe(204);
    await refusedOnB(phone, "a device signed out");

    // A password change through one process: the tablet is signed out on the other at once,
    // the cook's own session stays on both.
    const tablet = new Browser();
    await tablet.csrf();
    expect((await tablet.request("POST", "/api/auth/login/", login, b())).status).toBe(200);
    expect((await tablet.request("GET", "/api/users/me/", undefined, b())).status).toBe(200);
    const change = (from: string, to: string) => ({
      old_password: from,
      new_password: to,
      confirm_password: to,
    });
    const newPassword = `${PASSWORD}-new`;
    const changed = await cook.request(
      "POST",
      "/api/auth/password/",
      change(PASSWORD, newPassword),
      a(),
    );
    expect(changed.status).toBe(204);
    await refusedOnB(tablet, "the others at a password change");
    expect((await cook.request("GET", "/api/users/me/", undefined, b())).status).toBe(200);
    // Back, for the tests after this one.
    const back = await cook.request(
      "POST",
      "/api/auth/password/",
      change(newPassword, PASSWORD),
      b(),
    );
    expect(back.status).toBe(204);
  });

  it("ends the session on the other process at once when logging out through one", async () => {
    const before = new Browser();
    before.cookies = new Map(cook.cookies);
    // The session is known to the other process (and to any cache it keeps) before the logout.
    const signedIn = await before.request("GET", "/api/auth/status/", undefined, b());
    expect(signedIn.body).toMatchObject({ authenticated: true });
    await cook.csrf();
    expect((await cook.request("POST", "/api/auth/logout/", undefined, a())).status).toBe(200);
    // The old session cookie, as a copy of it kept by another tab or an attacker would send it.
    const after = await before.request("GET", "/api/auth/status/", undefined, b());
    expect(after.body).toEqual({ authenticated: false });
  });

  it("counts failed logins of one address across both processes", async () => {
    const guesser = new Browser();
    await guesser.csrf();
    const wrong = { username: "two_procs", password: "not-the-password" };
    const answers: Answer[] = [];
    // Each attempt through the other process, each claiming another address: nginx replaces
    // X-Forwarded-For with the real one, so the claim changes nothing.
    for (let i = 0; i < LOGIN_FAILURES_PER_ADDRESS + 2; i++) {
      const on = i % 2 === 0 ? a() : b();
      await proxy.nextTo(on);
      const response = await fetch(`${url()}/api/auth/login/`, {
        method: "POST",
        headers: {
          cookie: guesser.cookieHeader(),
          "x-csrftoken": guesser.token ?? "",
          origin: url(),
          "content-type": "application/json",
          "x-forwarded-for": `203.0.113.${i + 1}`,
        },
        body: JSON.stringify(wrong),
      });
      answers.push({ status: response.status, upstream: proxy.saw(response), body: null });
      await response.text();
    }
    expect(answers.map((answer) => answer.upstream)).toEqual(
      answers.map((_, i) => (i % 2 === 0 ? a() : b())),
    );
    expect(answers.map((answer) => answer.status)).toEqual([
      ...Array(LOGIN_FAILURES_PER_ADDRESS).fill(401),
      429,
      429,
    ]);
    // Locked on both, even with the right password.
    const right = { username: "two_procs", password: PASSWORD };
    expect((await guesser.request("POST", "/api/auth/login/", right, a())).status).toBe(429);
    expect((await guesser.request("POST", "/api/auth/login/", right, b())).status).toBe(429);
  });
});
