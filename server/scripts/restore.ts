// npm run restore -- FILE [--force]
// A backup (npm run backup, or DATA_DIR/backups/) into an empty DATA_DIR, or an empty
// database at DATABASE_URL; --force replaces what the target holds. The file is read and
// checked through before anything is touched.
import path from "node:path";
import { parseArgs } from "node:util";
import { countsInWords } from "../src/backup/format.js";
import { RestoreRefused, restoreBackup } from "../src/backup/restore.js";
import { ConfigError, parseConfig, type Settings } from "../src/config.js";

const { values, positionals } = parseArgs({
  options: { force: { type: "boolean", default: false } },
  allowPositionals: true,
});
if (positionals.length !== 1 || !positionals[0]) {
  console.error("Usage: npm run restore -- FILE [--force]");
  process.exit(2);
}
// npm runs the script in server/: a relative name is meant from where the command was typed.
const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), positionals[0]);

try {
  const { manifest, ms } = await restoreBackup({
    file,
    settings: settingsOrExit(),
    force: values.force,
    say: (line) => console.log(line),
  });
  console.log(
    `Restored ${countsInWords(manifest.counts)} from the backup of ${manifest.created_at} ` +
      `in ${(ms / 1000).toFixed(1)} s. ` +
      "Start Potluck with `npm start`.",
  );
} catch (error) {
  if (!(error instanceof RestoreRefused)) throw error;
  console.error(error.message);
  process.exit(1);
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
