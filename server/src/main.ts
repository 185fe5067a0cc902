import { buildApp } from "./app.js";
import { deleteExpiredSessions } from "./auth/sessions.js";
import { loadConfig } from "./config.js";
import { openDatabase } from "./db/open.js";

const config = loadConfig();
const database = await openDatabase(config, { poolSize: 20 });
await deleteExpiredSessions(database.db);

const app = await buildApp(config, database.db);
if (!config.webDist) app.log.warn("web/dist not found: run `npm run build` to serve the web app");

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info(`${signal}: shutting down`);
  await app.close();
  await database.close();
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));

await app.listen({ port: config.port, host: config.host });
