// `npm start`: one app process (serve.ts), or with WEB_CONCURRENCY above 1 a primary that
// owns the database and runs that many app processes on the port (cluster.ts).
// Started by a server with BACKUP_JOB set, it is that server's automatic backup instead
// (backup/backup-process.ts).
import cluster from "node:cluster";
import v8 from "node:v8";
import { BACKUP_JOB, runBackupJob } from "./backup/backup-process.js";
import { runPrimary } from "./cluster.js";
import { serve } from "./serve.js";
import { loadConfigOrExit } from "./startup.js";

// V8 lets the heap grow to up to four times what is live before collecting it all, and under
// steady traffic it does: about 50 MB live became 350 MB resident. Growing by half instead keeps
// a busy server near 200 MB at the same throughput (measured in issue 28's note), and still
// scales with what is live, so a large import has the room it needs. V8 reads this flag at
// every collection, so setting it here, before any work, is as good as on the command line.
v8.setFlagsFromString("--heap-growing-percent=50");

if (process.env[BACKUP_JOB]) {
  await runBackupJob();
} else {
  const config = loadConfigOrExit();
  if (cluster.isPrimary && config.webConcurrency > 1) await runPrimary(config);
  else await serve(config);
}
