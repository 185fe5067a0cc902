// `npm start`: one app process (serve.ts), or with WEB_CONCURRENCY above 1 a primary that
// owns the database and runs that many app processes on the port (cluster.ts).
// Started by a server with BACKUP_JOB set, it is that server's automatic backup instead
// (backup/backup-process.ts).
import cluster from "node:cluster";
import { BACKUP_JOB, runBackupJob } from "./backup/backup-process.js";
import { runPrimary } from "./cluster.js";
import { serve } from "./serve.js";
import { loadConfigOrExit } from "./startup.js";

if (process.env[BACKUP_JOB]) {
  await runBackupJob();
} else {
  const config = loadConfigOrExit();
  if (cluster.isPrimary && config.webConcurrency > 1) await runPrimary(config);
  else await serve(config);
}
