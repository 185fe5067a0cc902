// WEB_CONCURRENCY above 1: this process is the primary of a node:cluster. It owns what must
// happen once per installation (the data-directory lock, the embedded database, migrations
// and reference data, the maintenance timer, the automatic backups) and runs WEB_CONCURRENCY
// workers (serve.ts) that connect to the same database and share the port. Everything the
// workers share lives in PostgreSQL (decision 19), so any worker may answer any request.
import cluster, { type Worker } from "node:cluster";
import { startConfiguredBackups } from "./backup/backup-process.js";
import type { Config } from "./config.js";
import type { OpenDatabase } from "./db/open.js";
import { startMaintenance } from "./maintenance.js";
import { WORKER_CANNOT_SERVE } from "./serve.js";
import { openDatabaseWhenReachable } from "./startup.js";

/** Connections the primary needs: the maintenance runs one statement at a time. */
const PRIMARY_POOL_SIZE = 2;
/** A worker that lived this long was not crash-looping: the next restart is quick again. */
const STABLE_AFTER_MS = 30_000;
const FIRST_RESTART_DELAY_MS = 250;
const MAX_RESTART_DELAY_MS = 30_000;
/** Beyond SHUTDOWN_TIMEOUT_MS, for a worker to close its pool before it is killed. */
const WORKER_STOP_MARGIN_MS = 5_000;

export async function runPrimary(config: Config): Promise<void> {
  const log = processLog(config.logLevel);
  const workers = config.webConcurrency;
  const database = await openDatabaseWhenReachable(config, {
    holder: `the server on port ${config.port}`,
    poolSize: PRIMARY_POOL_SIZE,
    warn: (message) => log.warn(message),
  });
  const stopMaintenance = startMaintenance(database.db, log);
  const stopBackups = startConfiguredBackups(config, database.url, log);
  if (!config.webDist) log.warn("web/dist not found: run `npm run build` to serve the web app");
  await warnWhenConnectionsRunShort(database, config, log);

  // The workers get the database's address in their environment, never on a command line
  // or in a log: for the embedded database it holds the superuser's password.
  const workerEnv = { DATABASE_URL: database.url, SESSION_SECRET: config.sessionSecret };
  let stopping = false;
  let quickDeaths = 0;
  const restartTimers = new Set<NodeJS.Timeout>();

  const fork = () => {
    const worker = cluster.fork(workerEnv);
    const startedAt = Date.now();
    worker.once("exit", (code, signal) => {
      if (stopping) return;
      if (code === WORKER_CANNOT_SERVE) {
        void stop("a worker cannot serve", 1);
        return;
      }
      // A worker that dies soon after its start is probably in a crash loop: wait longer
      // each time, so it does not spin the CPU and flood the log.
      quickDeaths = Date.now() - startedAt < STABLE_AFTER_MS ? quickDeaths + 1 : 0;
      const delay = Math.min(MAX_RESTART_DELAY_MS, FIRST_RESTART_DELAY_MS * 2 ** quickDeaths);
      log.warn(
        `worker ${worker.process.pid} exited (${signal ?? `code ${code}`}); ` +
          `a new one starts in ${delay} ms`,
      );
      const timer = setTimeout(() => {
        restartTimers.delete(timer);
        fork();
      }, delay);
      restartTimers.add(timer);
    });
  };

  const stop = async (reason: string, exitCode = 0) => {
    if (stopping) return;
    stopping = true;
    for (const timer of restartTimers) clearTimeout(timer);
    log.info(`${reason}: stopping ${workers} workers`);
    const running = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w);
    await Promise.all(
      running.map((worker) => stopWorker(worker, config.shutdownTimeoutMs + WORKER_STOP_MARGIN_MS)),
    );
    await stopMaintenance();
    await stopBackups();
    await database.close();
    log.info("stopped");
    process.exit(exitCode);
  };
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    // Ctrl-C reaches the workers too (one process group): each stops itself, and the
    // primary waits for them before it closes the database.
    process.on(signal, () => void stop(signal));
  }

  let listening = 0;
  cluster.on("listening", () => {
    listening++;
    if (listening === workers) {
      log.info(`${workers} worker processes listening on ${config.host}:${config.port}`);
    }
  });
  for (let i = 0; i < workers; i++) fork();
}

/** SIGTERM: the worker's own ordered stop (serve.ts); killed if it overstays. */
function stopWorker(worker: Worker, graceMs: number): Promise<void> {
  if (worker.isDead()) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => worker.process.kill("SIGKILL"), graceMs);
    worker.once("exit", () => {
      clearTimeout(kill);
      resolve();
    });
    worker.process.kill("SIGTERM");
  });
}

/**
 * Each worker has a pool of DB_POOL_SIZE connections and one more for the list event streams;
 * together they must fit under PostgreSQL's max_connections (100 in the embedded database)
 * or requests wait for connections and get 503.
 */
async function warnWhenConnectionsRunShort(
  database: OpenDatabase,
  config: Config,
  log: ProcessLog,
): Promise<void> {
  const result = await database.pool.query<{ max: number; reserved: number }>(
    `select current_setting('max_connections')::int as max,
            current_setting('superuser_reserved_connections')::int as reserved`,
  );
  const row = result.rows[0];
  if (!row) return;
  const needed = config.webConcurrency * (config.database.poolSize + 1) + PRIMARY_POOL_SIZE;
  const available = row.max - row.reserved;
  if (needed > available) {
    log.warn(
      `${config.webConcurrency} workers × (DB_POOL_SIZE ${config.database.poolSize} + 1) ` +
        `need up to ${needed} database connections; PostgreSQL allows ${available}. ` +
        "Lower DB_POOL_SIZE or WEB_CONCURRENCY, or raise max_connections.",
    );
  }
}

type LogLine = (objOrMessage: unknown, message?: string) => void;
interface ProcessLog {
  info: LogLine;
  warn: LogLine;
  error: LogLine;
}

const LEVELS = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 } as const;

/**
 * The primary serves no requests and has no Fastify logger: it writes the same JSON lines
 * (pino's level numbers, time, pid, msg), so its lines and its workers' read alike.
 */
function processLog(level: string): ProcessLog {
  const threshold = LEVELS[level as keyof typeof LEVELS] ?? Number.POSITIVE_INFINITY;
  const line =
    (name: keyof typeof LEVELS): LogLine =>
    (objOrMessage, message) => {
      if (LEVELS[name] < threshold) return;
      const fields = typeof objOrMessage === "string" ? {} : (objOrMessage as object);
      const msg = typeof objOrMessage === "string" ? objOrMessage : message;
      const record = { level: LEVELS[name], time: Date.now(), pid: process.pid, ...fields, msg };
      process.stdout.write(`${JSON.stringify(record, errorsAsText)}\n`);
    };
  return { info: line("info"), warn: line("warn"), error: line("error") };
}

function errorsAsText(_key: string, value: unknown): unknown {
  return value instanceof Error ? { message: value.message, stack: value.stack } : value;
}
