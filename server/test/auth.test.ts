import { describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.js";
import { buildUser, signedIn, TEST_PASSWORD } from "./factories.js";
import { Agent, createTestApp } from "./helper.js";

const { app, db } = await createTestApp();
// The same app with limits raised as a school's shared address or a test suite would.
const raised = await createTestApp({
  env: { LOGIN_FAILURES_PER_ACCOUNT_ADDRESS: "12", LOGIN_FAILURES_PER_ADDRESS: "100" },
});

const validSignup = (name: string) => ({
  username: name,
  email: `${name}@example.com`,
  first_name: "Ada",
  last_name: "Lovelace",
  password: "a-long-secret-9",
  confirm_password: "a-long-secret-9",
  accept_tos: true,
});

describe("GET /api/auth/csrf/", () => {
  it("sets an HttpOnly csrf cookie and returns a token", async () => {
    const agent = new Agent(app);
    const response = await agent.get("/api/auth/csrf/");
    expect(response.statusCode).toBe(200);
    expect(response.json().csrfToken).toMatch(/^[\w-]{20,}$/);
    const cookie = response.cookies.find((c) => c.name === "csrftoken");
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe("Lax");
  });
});

describe("GET /api/auth/status/", () => {
  it("is anonymous without a session", async () => {
    const response = await new Agent(app).get("/api/auth/status/");
    expect(response.json()).toEqual({ authenticated: false });
  });

  it("describes the signed-in user with follow counts", async () => {
    const { user, agent } = await signedIn(app, db);
    const response = await agent.get("/api/auth/status/");
    expect(response.json()).toEqual({
      authenticated: true,
      user: {
        id: user.id,
        username: user.username,
        is_superuser: false,
        follower_count: 0,
        following_count: 0,
      },
    });
  });
});

describe("POST /api/auth/login/", () => {
  it("signs in with a session cookie that scripts cannot read", async () => {
    const user = await buildUser(db);
    const agent = new Agent(app);
    const response = await agent.post("/api/auth/login/", {
      username: `  ${user.username.toUpperCase()}  `,
      password: TEST_PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    const session = response.cookies.find((c) => c.name === "sessionid");
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe("Lax");
    expect((await agent.get("/api/auth/status/")).json().authenticated).toBe(true);
  });

  it("gives the same 401 for a wrong password and an unknown user", async () => {
    const user = await buildUser(db);
    const agent = new Agent(app);
    const wrongPassword = await agent.post("/api/auth/login/", {
      username: user.username,
      password: "not the password",
    });
    const unknownUser = await agent.post("/api/auth/login/", {
      username: "nobody-here",
      password: TEST_PASSWORD,
    });
    expect(wrongPassword.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({ detail: "Invalid credentials." });
    expect(unknownUser.json()).toEqual(wrongPassword.json());
  });

  it("answers 400 with field errors when a field is missing", async () => {
    const response = await new Agent(app).post("/api/auth/login/", { username: "someone" });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json())).toEqual(["password"]);
  });

  it("answers 400 for a body that is not JSON", async () => {
    const response = await new Agent(app).request("POST", "/api/auth/login/", "{not json", {
      headers: { "content-type": "application/json" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toMatch(/JSON/);
  });

  it("rotates the session: a token issued before login no longer works after it", async () => {
    const user = await buildUser(db);
    const agent = new Agent(app);
    const before = await agent.csrf();
    await agent.post("/api/auth/login/", { username: user.username, password: TEST_PASSWORD });
    const stale = await app.inject({
      method: "POST",
      url: "/api/auth/logout/",
      headers: {
        cookie: `sessionid=${agent.cookie("sessionid")}; csrftoken=${agent.cookie("csrftoken")}`,
        "x-csrftoken": before,
      },
    });
    expect(stale.statusCode).toBe(403);
  });
});

describe("login limits", () => {
  const TOO_MANY = { detail: "Too many attempts. Please try again later." };
  const login = (agent: Agent, username: string, password: string) =>
    agent.post("/api/auth/login/", { username, password });
  const statusesOf = async (
    count: number,
    attempt: (i: number) => Promise<{ statusCode: number }>,
  ) => {
    const statuses: number[] = [];
    for (let i = 0; i < count; i++) statuses.push((await attempt(i)).statusCode);
    return statuses;
  };

  it("locks an account at one address after 10 failures, even for the right password", async () => {
    const user = await buildUser(db);
    const attacker = new Agent(app);
    const statuses = await statusesOf(10, () => login(attacker, user.username, "wrong password"));
    expect(statuses.every((s) => s === 401)).toBe(true);
    const locked = await login(attacker, user.username.toUpperCase(), "wrong password");
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual(TOO_MANY);
    const retryAfter = Number(locked.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(900);
    // The right password from there is refused too: otherwise the lock would be no lock.
    expect((await login(attacker, user.username, TEST_PASSWORD)).statusCode).toBe(429);
    // Another account from the same address is not locked by this one.
    const other = await buildUser(db);
    expect((await login(attacker, other.username, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it("lets the owner of a locked account sign in from their own address", async () => {
    const user = await buildUser(db);
    const attacker = new Agent(app);
    await statusesOf(11, () => login(attacker, user.username, "wrong password"));
    expect((await login(attacker, user.username, TEST_PASSWORD)).statusCode).toBe(429);
    const owner = new Agent(app);
    expect((await login(owner, user.username, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it("does not count successful logins", async () => {
    const user = await buildUser(db);
    const address = "192.0.2.10";
    const statuses = await statusesOf(15, () =>
      login(new Agent(app, address), user.username, TEST_PASSWORD),
    );
    expect(statuses.every((s) => s === 200)).toBe(true);
  });

  it("forgets an account's failures at an address once its owner signs in there", async () => {
    const user = await buildUser(db);
    const agent = new Agent(app);
    await statusesOf(9, () => login(agent, user.username, "typo"));
    expect((await login(agent, user.username, TEST_PASSWORD)).statusCode).toBe(200);
    const statuses = await statusesOf(10, () => login(agent, user.username, "typo"));
    expect(statuses.every((s) => s === 401)).toBe(true);
    expect((await login(agent, user.username, "typo")).statusCode).toBe(429);
  });

  it("caps failures from one address across accounts at 50", async () => {
    const guesser = new Agent(app);
    const statuses = await statusesOf(50, (i) => login(guesser, `guess-${i}`, "wrong password"));
    expect(statuses.every((s) => s === 401)).toBe(true);
    const locked = await login(guesser, "guess-50", "wrong password");
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual(TOO_MANY);
    // The whole address is locked, right passwords included; other addresses are not.
    const user = await buildUser(db);
    expect(
      (await login(new Agent(app, guesser.remoteAddress), user.username, TEST_PASSWORD)).statusCode,
    ).toBe(429);
    expect((await login(new Agent(app), user.username, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it("refuses a limit that is not a whole number above 0, naming the variable", () => {
    expect(() => loadConfig({ LOGIN_FAILURES_PER_ADDRESS: "0" })).toThrow(
      /LOGIN_FAILURES_PER_ADDRESS="0": must be a whole number above 0/,
    );
    expect(() => loadConfig({ SIGNUPS_PER_ADDRESS_WINDOW_SECONDS: "soon" })).toThrow(
      /SIGNUPS_PER_ADDRESS_WINDOW_SECONDS="soon"/,
    );
  });

  it("honours limits raised by environment variables", async () => {
    expect(raised.config.limits.loginFailuresPerAccountAddress).toEqual({
      max: 12,
      windowSeconds: 900,
    });
    const user = await buildUser(raised.db);
    const agent = new Agent(raised.app);
    const statuses = await statusesOf(12, () => login(agent, user.username, "wrong password"));
    expect(statuses.every((s) => s === 401)).toBe(true);
    expect((await login(agent, user.username, "wrong password")).statusCode).toBe(429);
  });
});

describe("CSRF", () => {
  it("refuses a write without the token (403)", async () => {
    const response = await new Agent(app).post(
      "/api/auth/login/",
      { username: "x", password: "y" },
      { csrf: "omit" },
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().detail).toMatch(/^CSRF Failed: /);
  });

  it("refuses a write with a wrong token (403)", async () => {
    const { agent } = await signedIn(app, db);
    const response = await agent.post("/api/auth/logout/", undefined, { csrf: "wrong" });
    expect(response.statusCode).toBe(403);
    expect((await agent.get("/api/auth/status/")).json().authenticated).toBe(true);
  });

  it("refuses a write from another origin even with a valid token", async () => {
    const { agent } = await signedIn(app, db);
    const response = await agent.post("/api/auth/logout/", undefined, {
      headers: { origin: "https://evil.example" },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe("POST /api/auth/logout/", () => {
  it("ends the session on the server: the old cookie is worthless afterwards", async () => {
    const { agent } = await signedIn(app, db);
    const sessionCookie = agent.cookie("sessionid");
    const response = await agent.post("/api/auth/logout/");
    expect(response.statusCode).toBe(200);
    const replayed = await app.inject({
      method: "GET",
      url: "/api/auth/status/",
      headers: { cookie: `sessionid=${sessionCookie}` },
    });
    expect(replayed.json()).toEqual({ authenticated: false });
  });

  it("answers 401 when not signed in", async () => {
    const response = await new Agent(app).post("/api/auth/logout/");
    expect(response.statusCode).toBe(401);
  });
});

describe("POST /api/auth/signup/", () => {
  it("creates the user, records the accepted terms and returns 201 without secrets", async () => {
    const agent = new Agent(app);
    const response = await agent.post("/api/auth/signup/", validSignup("newcook"));
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      detail: "User created successfully.",
      user: { id: expect.any(Number), username: "newcook", email: "newcook@example.com" },
    });
    expect(response.body).not.toMatch(/argon2|password/i);
    const login = await agent.post("/api/auth/login/", {
      username: "newcook",
      password: "a-long-secret-9",
    });
    expect(login.statusCode).toBe(200);
    const accepted = await db.query.termsAcceptances.findMany();
    expect(accepted.map((a) => a.userId)).toContain(body.user.id);
  });

  it("refuses a duplicate username or email, case-insensitively", async () => {
    const existing = await buildUser(db);
    const agent = new Agent(app);
    const sameName = await agent.post("/api/auth/signup/", {
      ...validSignup("fresh1"),
      username: existing.username.toUpperCase(),
    });
    expect(sameName.statusCode).toBe(400);
    expect(sameName.json()).toEqual({ username: ["A user with that username already exists."] });
    const sameEmail = await agent.post("/api/auth/signup/", {
      ...validSignup("fresh2"),
      email: existing.email.toUpperCase(),
    });
    expect(sameEmail.json()).toEqual({ email: ["A user with that email already exists."] });
  });

  it.each([
    ["short", "short1", "This password is too short. It must contain at least 8 characters."],
    ["common", "password123", "This password is too common."],
    ["numeric", "9081726354", "This password is entirely numeric."],
    ["the username", "weakcook1", "The password is too similar to the username."],
  ])("refuses a %s password", async (_, password, message) => {
    const response = await new Agent(app).post("/api/auth/signup/", {
      ...validSignup("weakcook1"),
      password,
      confirm_password: password,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().password).toContain(message);
  });

  it("refuses mismatched passwords and unaccepted terms with the spec's messages", async () => {
    const agent = new Agent(app);
    const mismatch = await agent.post("/api/auth/signup/", {
      ...validSignup("mismatch"),
      confirm_password: "something-else-1",
    });
    expect(mismatch.json()).toEqual({ password: ["Password fields didn't match."] });
    const noTerms = await agent.post("/api/auth/signup/", {
      ...validSignup("noterms"),
      accept_tos: false,
    });
    expect(noTerms.json()).toEqual({
      accept_tos: ["You must accept the Terms of Service to register."],
    });
  });

  it("refuses a bad username or email with field errors and creates nothing", async () => {
    const agent = new Agent(app);
    const response = await agent.post("/api/auth/signup/", {
      ...validSignup("bad name!"),
      email: "not-an-email",
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json()).sort()).toEqual(["email", "username"]);
    const rows = await db.query.users.findMany({
      where: (u, { eq }) => eq(u.username, "bad name!"),
    });
    expect(rows).toHaveLength(0);
  });

  it("rate-limits signups from one address with 429", async () => {
    const agent = new Agent(app);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const response = await agent.post("/api/auth/signup/", {
        ...validSignup(`burst${i}`),
        password: "x",
        confirm_password: "x",
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe("GET /api/tos/latest/", () => {
  it("returns the shipped terms", async () => {
    const response = await new Agent(app).get("/api/tos/latest/");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ version_number: 1 });
    expect(response.json().content).toContain("<h1>Terms of Service</h1>");
  });
});

describe("security headers", () => {
  // Pages and media carry CSP and the rest (test/static.test.ts); JSON needs only nosniff.
  it("sends nosniff on a JSON answer, and no page policies", async () => {
    const response = await new Agent(app).get("/api/auth/status/");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["content-security-policy"]).toBeUndefined();
    expect(response.headers["x-frame-options"]).toBeUndefined();
  });
});
