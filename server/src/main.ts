// `npm start`: one app process (serve.ts), or with WEB_CONCURRENCY above 1 a primary that
// owns the database and runs that many app processes on the port (cluster.ts).
import cluster from "node:cluster";
import { runPrimary } from "./cluster.js";
import { serve } from "./serve.js";
import { loadConfigOrExit } from "./startup.js";

const config = loadConfigOrExit();
if (cluster.isPrimary && config.webConcurrency > 1) await runPrimary(config);
else await serve(config);
