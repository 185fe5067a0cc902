// `npm start`: the server process. It opens the database (starting the embedded one when
// DATABASE_URL is unset), serves, and on Ctrl-C or SIGTERM stops in order: stop accepting,
// finish the requests in flight (bounded), close the pool, stop the embedded database, exit 0.
import type { FastifyInstance } from "fastify";
import { buildApp } from "./app.js";
import { type Config, ConfigError, loadConfig } from "./config.js";
import { DataDirBusyError } from "./db/data-dir-lock.js";
import { type OpenDatabase, openDatabase } from "./db/open.js";
import { isDatabaseUnavailable } from "./db/unavailable.js";
import { startMaintenance } from "./maintenance.js";

const config = loadConfigOrExit();
let app: FastifyInstance | undefined;
const database = await openDatabaseWhenReachable(config);
app = await buildApp(config, database.db);
// Expired sessions and ended rate-limit windows: deleted now and every few minutes.
const stopMaintenance = startMaintenance(database.db, app.log);
if (!config.webDist) app.log.warn("web/dist not found: run `npm run build` to serve the web app");

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  // A terminal's Ctrl-C reaches npm and us alike, and npm passes it on again: one stop only.
  process.on(signal, () => void stop(signal));
}

try {
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  const inUse = (error as NodeJS.ErrnoException).code === "EADDRINUSE";
  console.error(
    inUse ? `Port ${config.port} is already in use: stop what uses it or set PORT.` : error,
  );
  await database.close();
  process.exit(1);
}

async function stop(signal: string): Promise<void> {
  if (stopping || !app) return;
  stopping = true;
  const server = app;
  server.log.info(`${signal}: stopping (requests in flight have ${config.shutdownTimeoutMs} ms)`);
  const deadline = setTimeout(() => {
    server.log.warn("closing the connections of requests that did not finish in time");
    server.server.closeAllConnections();
  }, config.shutdownTimeoutMs);
  await server.close();
  clearTimeout(deadline);
  await stopMaintenance();
  await database.close();
  server.log.info("stopped");
  process.exit(0);
}

function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

/**
 * Opens the database, waiting for an external one that is not up yet (a server and its
 * database are often started together). Anything else stops the start with its message.
 */
async function openDatabaseWhenReachable(config: Config): Promise<OpenDatabase> {
  const holder = `the server on port ${config.port}`;
  for (;;) {
    try {
      return await openDatabase(config, {
        holder,
        poolSize: config.database.poolSize,
        onConnectionError: (error) => {
          const message = `database connection lost: ${error.message}`;
          if (app) app.log.warn(message);
          else console.warn(message);
        },
      });
    } catch (error) {
      if (error instanceof DataDirBusyError) {
        console.error(error.message);
        process.exit(1);
      }
      if (!(config.databaseUrl && isDatabaseUnavailable(error))) throw error;
      console.warn(`Waiting for the database: ${(error as Error).message}`);
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
  }
}
