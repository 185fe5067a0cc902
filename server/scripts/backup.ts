// npm run backup -- --out FILE
// One file holding the database as of one instant and the pictures (backup/format.ts), taken
// while the server runs and serves, or with no server running (the embedded database is then
// started for the backup and stopped after it).
import { existsSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { createBackup } from "../src/backup/backup.js";
import { countsInWords } from "../src/backup/format.js";
import { ConfigError, parseConfig, type Settings } from "../src/config.js";
import { DataDirBusyError } from "../src/db/data-dir-lock.js";
import { EmbeddedPortTakenError } from "../src/db/embedded-port.js";
import { openDatabase } from "../src/db/open.js";

const { values } = parseArgs({ options: { out: { type: "string" } } });
if (!values.out) {
  console.error("Usage: npm run backup -- --out FILE");
  process.exit(2);
}
// npm runs the script in server/: a relative name is meant from where the command was typed.
const out = path.resolve(process.env.INIT_CWD ?? process.cwd(), values.out);

const settings = settingsOrExit();
if (!settings.databaseUrl && !existsSync(path.join(settings.dataDir, "postgres", "PG_VERSION"))) {
  console.error(`There is nothing to back up: DATA_DIR ${settings.dataDir} holds no database.`);
  process.exit(1);
}
if (!existsSync(path.dirname(out))) {
  console.error(`There is no folder ${path.dirname(out)} to write ${path.basename(out)} into.`);
  process.exit(1);
}
if (settings.s3) {
  console.log(
    `STORAGE=s3: the pictures stay in the bucket ${settings.s3.bucket}, which is backed up by ` +
      "its own means (versioning, replication or the provider's backups); this file holds the database only.",
  );
}

// The database of the running server, or the embedded one started for this backup.
const database = await openDatabase(settings, {
  holder: "npm run backup",
  reuseRunning: true,
  prepare: false,
  poolSize: 1,
}).catch((error: unknown) => {
  if (error instanceof DataDirBusyError || error instanceof EmbeddedPortTakenError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
});
try {
  const summary = await createBackup({
    databaseUrl: database.url,
    mediaDir: settings.s3 ? undefined : settings.mediaDir,
    out,
    waitForOthers: true,
    onWait: () => console.log("Another backup is running; this one starts when it ends."),
  });
  if (summary === "busy") throw new Error("unreachable: a backup that waits is never busy");
  console.log(
    `Backup written to ${out}: ${countsInWords(summary.manifest.counts)}; ` +
      `${(summary.bytes / 1024 / 1024).toFixed(1)} MB in ` +
      `${(summary.ms / 1000).toFixed(1)} s.`,
  );
} finally {
  await database.close();
}

function settingsOrExit(): Settings {
  try {
    return parseConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
