// One app process: the whole server when WEB_CONCURRENCY is 1, or one worker of a cluster
// (cluster.ts). It serves, and on Ctrl-C or SIGTERM stops in order: stop accepting, finish
// the requests in flight (bounded), close the pool, stop the embedded database (when this
// process started it), exit 0.
import cluster from "node:cluster";
import type { FastifyInstance } from "fastify";
import { buildApp } from "./app.js";
import { startBackgroundJobs } from "./background-jobs.js";
import { startConfiguredBackups } from "./backup/backup-process.js";
import type { Config } from "./config.js";
import { startMaintenance } from "./maintenance.js";
import { openDatabaseWhenReachable } from "./startup.js";

/**
 * A worker's exit code when it cannot serve at all (its port is taken): its primary stops
 * instead of starting a replacement that would fail the same way.
 */
export const WORKER_CANNOT_SERVE = 78;

export async function serve(config: Config): Promise<void> {
  const worker = cluster.isWorker;
  let app: FastifyInstance | undefined;
  const warn = (message: string) => (app ? app.log.warn(message) : console.warn(message));
  const database = await openDatabaseWhenReachable(config, {
    holder: `the server on port ${config.port}`,
    poolSize: config.database.poolSize,
    // A worker's primary has migrated the database and runs the maintenance.
    prepare: !worker,
    warn,
  });
  app = await buildApp(config, database.db);
  // Expired sessions and ended rate-limit windows: deleted now and every few minutes.
  const stopMaintenance = worker ? async () => {} : startMaintenance(database.db, app.log);
  // The embedded database's daily backup (a worker's primary takes it).
  const stopBackups = worker
    ? async () => {}
    : startConfiguredBackups(config, database.url, app.log);
  // Imports (and later mail) run in every app process; app.close() below stops them.
  try {
    await startBackgroundJobs(app);
  } catch (error) {
    app.log.error({ err: error }, "background jobs could not start: this process serves only");
  }
  if (!config.webDist && !worker) {
    app.log.warn("web/dist not found: run `npm run build` to serve the web app");
  }

  let stopping = false;
  const stop = async (reason: string) => {
    if (stopping) return;
    // A worker told to stop while it starts has no requests yet, and no database of its own
    // to stop: it just goes (its primary may be stopping because a sibling cannot serve).
    if (!app) {
      if (worker) process.exit(0);
      return;
    }
    stopping = true;
    const server = app;
    server.log.info(`${reason}: stopping (requests in flight have ${config.shutdownTimeoutMs} ms)`);
    const deadline = setTimeout(() => {
      server.log.warn("closing the connections of requests that did not finish in time");
      server.server.closeAllConnections();
    }, config.shutdownTimeoutMs);
    await server.close();
    clearTimeout(deadline);
    await stopMaintenance();
    await stopBackups();
    await database.close();
    server.log.info("stopped");
    process.exit(0);
  };
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    // A terminal's Ctrl-C reaches npm and us alike, and npm passes it on again: one stop only.
    process.on(signal, () => void stop(signal));
  }
  // A worker whose primary is gone (killed) would serve on, unsupervised, with nobody to
  // stop it: it stops too.
  if (worker) process.on("disconnect", () => void stop("primary process gone"));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    const inUse = (error as NodeJS.ErrnoException).code === "EADDRINUSE";
    console.error(
      inUse ? `Port ${config.port} is already in use: stop what uses it or set PORT.` : error,
    );
    await database.close();
    process.exit(worker ? WORKER_CANNOT_SERVE : 1);
  }
}
