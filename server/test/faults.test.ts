import { mkdtempSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmbeddedPostgres } from "../src/db/embedded.js";
import { freePort } from "./scratch-postgres.js";
import {
  buildServer,
  embeddedUrl,
  HttpUser,
  postgresProcessesIn,
  type ServerProcess,
  sleep,
  startServer,
  waitUntilReady,
} from "./server-process.js";

// Fault injection on the real server process (dist/main.js, as `npm start` runs it): its
// database connections cut, its database restarted, a second copy started, Ctrl-C, kill -9.
// Each case prints its timings, quoted in the closing note.

const tempDirs: string[] = [];
const running: ServerProcess[] = [];

function newDataDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "potluck-faults-"));
  tempDirs.push(dir);
  return dir;
}

async function start(env: Record<string, string>): Promise<ServerProcess> {
  const server = await startServer(env);
  running.push(server);
  return server;
}

/** The server on its embedded database in a new data directory. */
async function startEmbedded(dataDir = newDataDir()) {
  const pgPort = String(await freePort());
  const server = await start({ DATA_DIR: dataDir, EMBEDDED_PG_PORT: pgPort });
  await waitUntilReady(server);
  return { server, dataDir, pgPort: Number(pgPort) };
}

async function stopGroup(server: ServerProcess, signal: NodeJS.Signals = "SIGINT") {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  process.kill(-(server.child.pid as number), signal);
  await server.exited;
}

beforeAll(() => buildServer());

afterAll(async () => {
  for (const server of running) await stopGroup(server, "SIGINT").catch(() => {});
  for (const dir of tempDirs) {
    for (const pid of postgresProcessesIn(dir)) process.kill(pid, "SIGINT");
  }
  await sleep(500);
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

describe("the server process", { timeout: 120_000 }, () => {
  it("serves again after PostgreSQL terminates all its connections, even mid-request", async () => {
    const { server, dataDir, pgPort } = await startEmbedded();
    const user = new HttpUser(server.url);
    await user.signUp("cutoff");
    const admin = new pg.Client({ connectionString: embeddedUrl(dataDir, pgPort) });
    await admin.connect();

    // Requests in flight while every connection of the server is terminated.
    const load = Array.from({ length: 40 }, (_, i) =>
      user.send("POST", "/api/groceries/lists/", { name: `List ${i}` }).then((r) => r.status),
    );
    const cut = Date.now();
    await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
       where pid <> pg_backend_pid() and backend_type = 'client backend'`,
    );
    const statuses = await Promise.all(load);
    await admin.end();

    // Each request either succeeded or was told to come back: never a 500, never a crash.
    expect(
      statuses.filter((status) => status !== 201 && status !== 503),
      server.output(),
    ).toEqual([]);
    const response = await user.send("GET", "/api/groceries/lists/");
    expect(response.status).toBe(200);
    console.log(`connections terminated: serving again after ${Date.now() - cut} ms`);
    // Logged as a lost idle connection or a request answered 503, never as a crash.
    expect(server.output()).toContain("terminating connection due to administrator command");
    expect(server.child.exitCode).toBeNull();
  });

  it("answers 503 while an external PostgreSQL restarts, and serves again by itself", async () => {
    const clusterDir = path.join(newDataDir(), "pg");
    const pgPort = await freePort();
    let database = await startEmbeddedPostgres(clusterDir, pgPort);
    const server = await start({ DATABASE_URL: database.url, DATA_DIR: newDataDir() });
    await waitUntilReady(server);
    const user = new HttpUser(server.url);
    await user.signUp("restart");

    await database.stop();
    const downAt = Date.now();
    const whileDown = await user.send("GET", "/api/groceries/lists/");
    const answeredIn = Date.now() - downAt;
    expect(whileDown.status).toBe(503);
    expect(await whileDown.json()).toEqual({ detail: expect.stringContaining("unavailable") });
    // Liveness asks no database, not even for the signed-in user's session.
    expect((await user.send("GET", "/api/health/")).status).toBe(200);
    expect((await fetch(`${server.url}/api/ready/`)).status).toBe(503);

    database = await startEmbeddedPostgres(clusterDir, pgPort);
    const upAt = Date.now();
    const readyAfter = await waitUntilReady(server);
    // The session survived in the database: the same cookie is still signed in.
    expect((await user.send("GET", "/api/groceries/lists/")).status).toBe(200);
    console.log(
      `database restart: 503 answered in ${answeredIn} ms while down; ` +
        `ready ${readyAfter} ms after it was back (${Date.now() - upAt} ms to a signed-in 200)`,
    );
    expect(server.child.exitCode).toBeNull();
    await stopGroup(server);
    await database.stop();
  });

  it("keeps its embedded PostgreSQL to itself: a random password, loopback only", async () => {
    const { dataDir, pgPort } = await startEmbedded();
    const passwordFile = path.join(dataDir, "postgres-password");
    expect(statSync(passwordFile).mode & 0o777).toBe(0o600);
    const withOldPassword = new pg.Client({
      connectionString: `postgres://postgres:postgres@127.0.0.1:${pgPort}/postgres`,
    });
    await expect(withOldPassword.connect()).rejects.toThrow(/password authentication failed/);
    const admin = new pg.Client({ connectionString: embeddedUrl(dataDir, pgPort) });
    await admin.connect();
    const settings = await admin.query(
      `select current_setting('listen_addresses') as listen,
              current_setting('unix_socket_directories') as sockets`,
    );
    await admin.end();
    expect(settings.rows[0]).toEqual({ listen: "127.0.0.1", sockets: "" });
  });

  it("refuses a second server on the same data directory and leaves the first alone", async () => {
    const { server: first, dataDir } = await startEmbedded();
    const second = await start({ DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(await freePort()) });
    const started = Date.now();
    expect(await second.exited).toBe(1);
    console.log(`second server on the same DATA_DIR refused in ${Date.now() - started} ms`);
    expect(second.output()).toContain(`Another Potluck process (pid ${first.child.pid}`);
    expect(second.output()).toContain(dataDir);
    expect((await fetch(`${first.url}/api/ready/`)).status).toBe(200);
    expect(postgresProcessesIn(dataDir).length).toBeGreaterThan(0);
  });

  it("stops cleanly on Ctrl-C: exit 0, no stack trace, no PostgreSQL left behind", async () => {
    const { server, dataDir } = await startEmbedded();
    const user = new HttpUser(server.url);
    await user.signUp("ctrlc");
    const started = Date.now();
    // A terminal sends SIGINT to the whole foreground process group.
    process.kill(-(server.child.pid as number), "SIGINT");
    expect(await server.exited).toBe(0);
    console.log(`Ctrl-C: stopped in ${Date.now() - started} ms`);
    expect(server.output()).not.toMatch(/error| {4}at /i);
    expect(postgresProcessesIn(dataDir)).toEqual([]);
  });

  it("keeps every acknowledged write across a kill -9 in the middle of writing", async () => {
    const { server, dataDir } = await startEmbedded();
    const user = new HttpUser(server.url);
    await user.signUp("crash");
    const acknowledged: number[] = [];
    let writing = true;
    const writers = Array.from({ length: 4 }, async (_, writer) => {
      for (let i = 0; writing; i++) {
        const response = await user
          .send("POST", "/api/groceries/lists/", { name: `w${writer}-${i}` })
          .catch(() => undefined);
        if (response?.status === 201)
          acknowledged.push(((await response.json()) as { id: number }).id);
      }
    });
    while (acknowledged.length < 50) await sleep(10);
    server.child.kill("SIGKILL");
    writing = false;
    await Promise.all(writers);
    await server.exited;

    // The killed server's PostgreSQL is still running; the next start takes it over.
    const started = Date.now();
    const { server: restarted } = await startEmbedded(dataDir);
    console.log(`after kill -9: serving again ${Date.now() - started} ms after the restart`);
    user.baseUrl = restarted.url;
    const lists = await user.send("GET", "/api/groceries/lists/");
    const ids = new Set(((await lists.json()) as { id: number }[]).map((list) => list.id));
    expect(acknowledged.filter((id) => !ids.has(id))).toEqual([]);
    expect(acknowledged.length).toBeGreaterThanOrEqual(50);
    await stopGroup(restarted);
  });
});
