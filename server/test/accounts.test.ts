// Issue 26: the profile, a password change, the signed-in devices, login by email and the
// reset of a forgotten password, with the mails received by a real SMTP server (and written
// to the outbox without one).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { PASSWORD_RESET_SENT, RESET_LINK_INVALID } from "@potluck/contract";
import { sql } from "drizzle-orm";
import { simpleParser } from "mailparser";
import { describe, expect, it } from "vitest";
import { OLD_PASSWORD_WRONG } from "../src/auth/account-routes.js";
import { SESSION_COOKIE } from "../src/auth/sessions.js";
import { startBackgroundJobs } from "../src/background-jobs.js";
import { urlForLog } from "../src/http/log-url.js";
import { buildUser, signedIn, TEST_PASSWORD, type TestUser } from "./factories.js";
import { Agent, createTestApp } from "./helper.js";
import { resetTokenOf, startTestSmtpServer } from "./smtp-server.js";

const smtp = await startTestSmtpServer();
const env = {
  ...smtp.env,
  LOGIN_FAILURES_PER_ACCOUNT_ADDRESS: "3",
  PASSWORD_RESETS_PER_EMAIL: "3",
  PASSWORD_RESETS_PER_ADDRESS: "4",
};
const context = await createTestApp({ env });
const { app, db } = context;
// A second process on the same database: sessions ended here must end there too.
const second = await createTestApp({ env, sameDatabaseAs: context });
await startBackgroundJobs(app);

const NEW_PASSWORD = "a brand new pass phrase";
const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

async function logIn(username: string, password = TEST_PASSWORD, userAgent = FIREFOX) {
  const agent = new Agent(app);
  const response = await agent.post(
    "/api/auth/login/",
    { username, password },
    { headers: { "user-agent": userAgent } },
  );
  return { agent, response };
}

const sessionCookie = (agent: Agent) => `${SESSION_COOKIE}=${agent.cookie(SESSION_COOKIE)}`;
/** The same session's request answered by the second process. */
const onSecondProcess = (agent: Agent) =>
  second.app.inject({ url: "/api/users/me/", headers: { cookie: sessionCookie(agent) } });

describe("the profile", () => {
  it("shows the cook's own account and changes names and email, with a notice to the old address", async () => {
    const { user, agent } = await signedIn(app, db);
    const shown = await agent.get("/api/users/me/");
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toEqual({
      username: user.username,
      email: user.email,
      first_name: "",
      last_name: "",
      date_joined: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });

    const named = await agent.patch("/api/users/me/", {
      first_name: " Ada ",
      last_name: "Lovelace",
    });
    expect(named.statusCode, named.body).toBe(200);
    expect(named.json()).toMatchObject({
      first_name: "Ada",
      last_name: "Lovelace",
      email: user.email,
    });
    expect(smtp.to(user.email)).toHaveLength(0);

    const newEmail = `new.${user.username}@example.org`;
    const moved = await agent.patch("/api/users/me/", { email: newEmail });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ email: newEmail, first_name: "Ada" });
    expect((await agent.get("/api/users/me/")).json()).toMatchObject({ email: newEmail });
    const notice = await smtp.waitFor(user.email);
    expect(notice.subject).toBe("Your Potluck email address was changed");
    expect(notice.text).toContain(`account "${user.username}" was changed`);
    expect(notice.html).toContain("<p>");
    console.log(`mail to the old address:\n  Subject: ${notice.subject}\n${notice.text}`);
  });

  it("refuses a bad or taken email (any case) and long names, field by field", async () => {
    const other = await buildUser(db);
    const { agent } = await signedIn(app, db);
    const bad = await agent.patch("/api/users/me/", { email: "not an address" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ email: ["Enter a valid email address."] });
    const taken = await agent.patch("/api/users/me/", { email: other.email.toUpperCase() });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({ email: ["A user with that email already exists."] });
    const long = await agent.patch("/api/users/me/", { first_name: "x".repeat(151) });
    expect(long.statusCode).toBe(400);
    expect(Object.keys(long.json())).toEqual(["first_name"]);
  });

  it("is for a signed-in cook only", async () => {
    expect((await new Agent(app).get("/api/users/me/")).statusCode).toBe(401);
    expect((await new Agent(app).patch("/api/users/me/", { first_name: "X" })).statusCode).toBe(
      401,
    );
  });
});

describe("a password change", () => {
  it("keeps this session, ends the others (on every process) and sends a notice", async () => {
    const user = await buildUser(db);
    const { agent: here } = await logIn(user.username);
    const { agent: phone } = await logIn(user.username, TEST_PASSWORD, IPHONE);
    expect((await onSecondProcess(phone)).statusCode).toBe(200);
    const heard = second.app.sessions.changesHeard;

    const changed = await here.post("/api/auth/password/", {
      old_password: TEST_PASSWORD,
      new_password: NEW_PASSWORD,
      confirm_password: NEW_PASSWORD,
    });
    expect(changed.statusCode, changed.body).toBe(204);
    expect((await here.get("/api/users/me/")).statusCode).toBe(200);
    expect((await phone.get("/api/users/me/")).statusCode).toBe(401);
    await expect
      .poll(() => second.app.sessions.changesHeard, { timeout: 5000 })
      .toBeGreaterThan(heard);
    expect((await onSecondProcess(phone)).statusCode).toBe(401);
    expect((await onSecondProcess(here)).statusCode).toBe(200);

    expect((await logIn(user.username)).response.statusCode).toBe(401);
    expect((await logIn(user.username, NEW_PASSWORD)).response.statusCode).toBe(200);
    const notice = await smtp.waitFor(user.email);
    expect(notice.subject).toBe("Your Potluck password was changed");
    console.log(`password change notice:\n  Subject: ${notice.subject}\n${notice.text}`);
  });

  it("refuses a wrong old password (counted as a failed login), different fields and weak passwords", async () => {
    const { user, agent } = await signedIn(app, db);
    const change = (old_password: string, new_password: string, confirm_password = new_password) =>
      agent.post("/api/auth/password/", { old_password, new_password, confirm_password });

    const mismatch = await change(TEST_PASSWORD, NEW_PASSWORD, "something else entirely");
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toEqual({ confirm_password: ["Password fields didn't match."] });
    const weak = await change(TEST_PASSWORD, "12345678");
    expect(weak.statusCode).toBe(400);
    expect(weak.json().new_password).toContain("This password is entirely numeric.");
    const same = await change(TEST_PASSWORD, user.username);
    expect(same.json().new_password).toContain("The password is too similar to the username.");

    for (let i = 0; i < 3; i++) {
      const wrong = await change("not my password", NEW_PASSWORD);
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({ old_password: [OLD_PASSWORD_WRONG] });
    }
    // The limit of failed logins for this account at this address is reached: login too.
    expect((await change(TEST_PASSWORD, NEW_PASSWORD)).statusCode).toBe(429);
    const login = await agent.post("/api/auth/login/", {
      username: user.username,
      password: TEST_PASSWORD,
    });
    expect(login.statusCode).toBe(429);
  });

  it("needs a signed-in cook", async () => {
    const response = await new Agent(app).post("/api/auth/password/", {
      old_password: TEST_PASSWORD,
      new_password: NEW_PASSWORD,
      confirm_password: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(401);
  });
});

describe("signed-in devices", () => {
  it("lists the cook's sessions with their browser, this one marked, never their key", async () => {
    const user = await buildUser(db);
    const { agent: laptop } = await logIn(user.username, TEST_PASSWORD, FIREFOX);
    const { agent: phone } = await logIn(user.username, TEST_PASSWORD, IPHONE);
    await logIn((await buildUser(db)).username);
    const listed = await laptop.get("/api/auth/sessions/");
    expect(listed.statusCode).toBe(200);
    const sessions = listed.json() as { id: string; current: boolean; user_agent: string }[];
    expect(sessions).toHaveLength(2);
    expect(sessions.find((s) => s.current)?.user_agent).toBe(FIREFOX);
    expect(sessions.find((s) => !s.current)).toMatchObject({
      user_agent: IPHONE,
      created_on: expect.any(String),
      last_seen_on: expect.any(String),
    });
    const keys = [laptop.cookie(SESSION_COOKIE), phone.cookie(SESSION_COOKIE)];
    for (const key of keys) expect(listed.body).not.toContain(key);
    expect((await new Agent(app).get("/api/auth/sessions/")).statusCode).toBe(401);
  });

  it("signs one device out at once on every process; another cook's is not found", async () => {
    const user = await buildUser(db);
    const { agent: laptop } = await logIn(user.username);
    const { agent: phone } = await logIn(user.username, TEST_PASSWORD, IPHONE);
    const stranger = await signedIn(app, db);
    expect((await onSecondProcess(phone)).statusCode).toBe(200);
    const sessions = (await laptop.get("/api/auth/sessions/")).json() as {
      id: string;
      current: boolean;
    }[];
    const phoneId = sessions.find((s) => !s.current)?.id as string;

    expect((await stranger.agent.delete(`/api/auth/sessions/${phoneId}/`)).statusCode).toBe(404);
    expect((await stranger.agent.delete("/api/auth/sessions/not-a-session/")).statusCode).toBe(404);
    expect((await phone.get("/api/users/me/")).statusCode).toBe(200);

    const heard = second.app.sessions.changesHeard;
    expect((await laptop.delete(`/api/auth/sessions/${phoneId}/`)).statusCode).toBe(204);
    expect((await phone.get("/api/users/me/")).statusCode).toBe(401);
    await expect
      .poll(() => second.app.sessions.changesHeard, { timeout: 5000 })
      .toBeGreaterThan(heard);
    expect((await onSecondProcess(phone)).statusCode).toBe(401);
    expect((await laptop.get("/api/users/me/")).statusCode).toBe(200);
    expect((await laptop.delete(`/api/auth/sessions/${phoneId}/`)).statusCode).toBe(404);
  });

  it("signs out everywhere else", async () => {
    const user = await buildUser(db);
    const devices = [];
    for (const userAgent of [FIREFOX, IPHONE, "curl/8.5.0"]) {
      devices.push((await logIn(user.username, TEST_PASSWORD, userAgent)).agent);
    }
    const [here, ...others] = devices as [Agent, ...Agent[]];
    expect((await here.post("/api/auth/sessions/end-others/")).statusCode).toBe(204);
    for (const other of others) expect((await other.get("/api/users/me/")).statusCode).toBe(401);
    const left = (await here.get("/api/auth/sessions/")).json();
    expect(left).toEqual([expect.objectContaining({ current: true, user_agent: FIREFOX })]);
  });
});

describe("login with the email address", () => {
  it("takes the email in any case, with the same error and the same limit as the username", async () => {
    const user = await buildUser(db, { email: `Mixed.Case${Date.now()}@Example.com` });
    expect((await logIn(user.email.toLowerCase())).response.statusCode).toBe(200);
    expect((await logIn(user.email.toUpperCase())).response.json()).toMatchObject({
      user: { id: user.id, username: user.username },
    });
    const agent = new Agent(app);
    const byEmail = await agent.post("/api/auth/login/", {
      username: user.email,
      password: "wrong",
    });
    const byName = await agent.post("/api/auth/login/", {
      username: user.username,
      password: "wrong",
    });
    expect(byEmail.statusCode).toBe(401);
    expect(byEmail.json()).toEqual(byName.json());
    await agent.post("/api/auth/login/", { username: user.email.toUpperCase(), password: "wrong" });
    // Three failures by name or email together: the account is locked at this address.
    const locked = await agent.post("/api/auth/login/", {
      username: user.username,
      password: TEST_PASSWORD,
    });
    expect(locked.statusCode).toBe(429);
  });

  it("prefers the account whose username it is over one whose email it is", async () => {
    const named = await buildUser(db, { username: `shared${Date.now()}@example.com` });
    await buildUser(db, { email: named.username });
    const login = await logIn(named.username);
    expect(login.response.json().user.id).toBe(named.id);
  });
});

describe("a forgotten password", () => {
  const ask = (email: string, agent = new Agent(app)) =>
    agent.post("/api/auth/password-reset/", { email });
  const confirm = (token: string, password = NEW_PASSWORD, agent = new Agent(app)) =>
    agent.post("/api/auth/password-reset/confirm/", {
      token,
      new_password: password,
      confirm_password: password,
    });

  it("answers the same, in the same time, whether or not an account uses the address", async () => {
    const known: TestUser[] = [];
    for (let i = 0; i < 12; i++) known.push(await buildUser(db));
    const times = { known: [] as number[], unknown: [] as number[] };
    const bodies = new Set<string>();
    // Once before measuring: the first job sent makes its queue.
    await ask(`warm-up.${Date.now()}@example.com`);
    // Alternating, each from its own address, so the two sets see the same machine.
    for (let i = 0; i < known.length; i++) {
      for (const kind of ["known", "unknown"] as const) {
        const email =
          kind === "known" ? (known[i] as TestUser).email : `nobody${i}.${Date.now()}@example.com`;
        const started = performance.now();
        const response = await ask(email);
        times[kind].push(performance.now() - started);
        expect(response.statusCode).toBe(202);
        bodies.add(response.body);
      }
    }
    expect([...bodies]).toEqual([JSON.stringify({ detail: PASSWORD_RESET_SENT })]);
    const median = (values: number[]) =>
      [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
    const spread = (values: number[]) =>
      `median ${median(values).toFixed(1)} ms, min ${Math.min(...values).toFixed(1)}, max ${Math.max(...values).toFixed(1)}`;
    console.log(
      `reset request times (ms), ${known.length} each:\n  known:   ${spread(times.known)}\n  unknown: ${spread(times.unknown)}`,
    );
    // The handler does the same statements for both; what differs is the machine's noise.
    const difference = Math.abs(median(times.known) - median(times.unknown));
    expect(difference).toBeLessThan(
      Math.max(5, 0.5 * Math.min(median(times.known), median(times.unknown))),
    );
    // The known addresses got their link; nothing went to the unknown ones.
    await smtp.waitFor((known.at(-1) as TestUser).email, 1, 60_000);
    expect(smtp.received.filter((mail) => mail.to.startsWith("nobody"))).toEqual([]);
  }, 90_000);

  it("mails a link that resets the password once, signs every device out and unlocks the account", async () => {
    const user = await buildUser(db);
    const { agent: laptop } = await logIn(user.username);
    expect((await onSecondProcess(laptop)).statusCode).toBe(200);
    // Someone guessed at the password from the cook's own address: the account is locked there.
    const owner = new Agent(app);
    for (let i = 0; i < 3; i++) {
      await owner.post("/api/auth/login/", { username: user.username, password: "a guess" });
    }
    expect(
      (await owner.post("/api/auth/login/", { username: user.username, password: TEST_PASSWORD }))
        .statusCode,
    ).toBe(429);

    expect((await ask(user.email.toUpperCase(), owner)).statusCode).toBe(202);
    const mail = await smtp.waitFor(user.email);
    expect(mail.subject).toBe("Reset your Potluck password");
    expect(mail.text).toContain(`Hello ${user.username},`);
    expect(mail.text).toContain("within 60 minutes");
    const token = resetTokenOf(mail);
    expect(Buffer.from(token, "base64url").length * 8).toBeGreaterThanOrEqual(128);
    expect(mail.html).toContain(`href="http://potluck.test/reset-password?token=${token}"`);
    console.log(`reset mail:\n  Subject: ${mail.subject}\n${mail.text}`);
    // Only the hash is kept.
    const stored = await db.execute(
      sql`select encode(token_hash, 'hex') as hash from password_reset_tokens`,
    );
    expect(JSON.stringify(stored.rows)).not.toContain(token);

    const mismatch = await new Agent(app).post("/api/auth/password-reset/confirm/", {
      token,
      new_password: NEW_PASSWORD,
      confirm_password: "not the same",
    });
    expect(mismatch.statusCode).toBe(400);
    // A weak password is refused and the link still works for a better one.
    expect((await confirm(token, "password")).json().new_password).toContain(
      "This password is too common.",
    );

    const heard = second.app.sessions.changesHeard;
    expect((await confirm(token)).statusCode).toBe(204);
    expect((await laptop.get("/api/users/me/")).statusCode).toBe(401);
    await expect
      .poll(() => second.app.sessions.changesHeard, { timeout: 5000 })
      .toBeGreaterThan(heard);
    expect((await onSecondProcess(laptop)).statusCode).toBe(401);
    const again = await confirm(token, "yet another pass phrase");
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ token: [RESET_LINK_INVALID] });

    const login = await owner.post("/api/auth/login/", {
      username: user.username,
      password: NEW_PASSWORD,
    });
    expect(login.statusCode).toBe(200);
    const notice = await smtp.waitFor(user.email, 2);
    expect(notice.subject).toBe("Your Potluck password was reset");
    console.log(`reset notice:\n  Subject: ${notice.subject}\n${notice.text}`);
  });

  it("refuses an unknown or expired token", async () => {
    const unknown = await confirm("x".repeat(43));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ token: [RESET_LINK_INVALID] });

    const user = await buildUser(db);
    await ask(user.email);
    const token = resetTokenOf(await smtp.waitFor(user.email));
    // An hour and a minute later, as the clock would have it.
    await db.execute(
      sql`update password_reset_tokens set expires_at = now() - interval '1 minute' where user_id = ${user.id}`,
    );
    expect((await confirm(token)).json()).toEqual({ token: [RESET_LINK_INVALID] });
    expect((await logIn(user.username)).response.statusCode).toBe(200);
  });

  it("lets both of two links work until one is used; then neither does", async () => {
    const user = await buildUser(db);
    await ask(user.email);
    const first = resetTokenOf(await smtp.waitFor(user.email, 1));
    await ask(user.email);
    const secondToken = resetTokenOf(await smtp.waitFor(user.email, 2));
    expect(secondToken).not.toBe(first);
    // The first still works after the second was asked for...
    expect((await confirm(first)).statusCode).toBe(204);
    // ...and the password it set makes the other link useless (decision 0029).
    expect((await confirm(secondToken, "one more pass phrase")).statusCode).toBe(400);
    expect((await logIn(user.username, NEW_PASSWORD)).response.statusCode).toBe(200);
  });

  it("is limited per email and per address", async () => {
    const email = `limited${Date.now()}@example.com`;
    for (let i = 0; i < 3; i++) expect((await ask(email)).statusCode).toBe(202);
    const perEmail = await ask(email);
    expect(perEmail.statusCode).toBe(429);
    expect(Number(perEmail.headers["retry-after"])).toBeGreaterThan(0);

    const agent = new Agent(app);
    for (let i = 0; i < 4; i++)
      expect((await ask(`any${i}.${Date.now()}@example.com`, agent)).statusCode).toBe(202);
    expect((await ask(`one.more.${Date.now()}@example.com`, agent)).statusCode).toBe(429);
    expect((await ask("not an email")).statusCode).toBe(400);
  });

  it("keeps the token out of the request log", () => {
    expect(urlForLog("/reset-password?token=abc_DEF-123")).toBe("/reset-password?token=[hidden]");
    expect(urlForLog("/reset-password?x=1&token=abc#top")).toBe(
      "/reset-password?x=1&token=[hidden]#top",
    );
  });
});

describe("without SMTP_URL", () => {
  it("writes each mail to DATA_DIR/outbox as a readable .eml file", async () => {
    const local = await createTestApp({ sameDatabaseAs: context });
    await startBackgroundJobs(local.app);
    // The other app works jobs too: stop it taking this one, as only this one has no SMTP.
    await app.jobs.stop();
    const user = await buildUser(db);
    const response = await new Agent(local.app).post("/api/auth/password-reset/", {
      email: user.email,
    });
    expect(response.statusCode).toBe(202);
    const outbox = local.config.mail.outboxDir;
    await expect
      .poll(() => readdirSafe(outbox).filter((name) => name.includes(user.email)), {
        timeout: 20_000,
      })
      .toHaveLength(1);
    const [name] = readdirSafe(outbox).filter((file) => file.includes(user.email));
    expect(name).toMatch(/^\d{8}T\d{6}-\d{3}Z-.+\.eml$/);
    const parsed = await simpleParser(readFileSync(path.join(outbox, name as string)));
    expect(parsed.subject).toBe("Reset your Potluck password");
    expect(parsed.text).toContain(`http://localhost:${local.config.port}/reset-password?token=`);
    expect(typeof parsed.html).toBe("string");
  });
});

function readdirSafe(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}
