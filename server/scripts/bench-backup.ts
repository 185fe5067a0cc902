// npm run bench:backup -- --size 100k
// Backup and restore times of a scale data set (issue 25): starts the bench cluster kept under
// DATA_DIR/bench (seed it first with `npm run bench -- --sizes 100k --seed-only`), times
// `npm run backup` of its database, then `npm run restore` of that file into a fresh DATA_DIR
// on its own embedded database, and prints both with the file's size.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { loadConfig } from "../src/config.js";
import { lockDataDir } from "../src/db/data-dir-lock.js";
import { startEmbeddedPostgres } from "../src/db/embedded.js";

const { values } = parseArgs({
  options: {
    size: { type: "string", default: "100k" },
    "pg-port": { type: "string", default: "54340" },
  },
});
const config = loadConfig();
lockDataDir(config.dataDir, "npm run bench:backup");
const cluster = await startEmbeddedPostgres(
  path.join(config.dataDir, "bench", "postgres"),
  Number(values["pg-port"]),
);
const work = mkdtempSync(path.join(os.tmpdir(), "potluck-bench-backup-"));
const file = path.join(work, `${values.size}.potluck-backup`);
const serverDir = path.resolve(import.meta.dirname, "..");
/** Runs one of the server's npm scripts in `env` and returns its wall time in seconds. */
const { DATABASE_URL: _url, EMBEDDED_PG_PORT: _port, ...inherited } = process.env;
const timed = (script: string, args: string[], env: NodeJS.ProcessEnv): number => {
  const started = performance.now();
  execFileSync("npm", ["run", "--silent", script, "--", ...args], {
    cwd: serverDir,
    stdio: "inherit",
    env,
  });
  return (performance.now() - started) / 1000;
};
try {
  const source = cluster.url.replace(/\/postgres$/, `/bench_${values.size}`);
  const backupSeconds = timed("backup", ["--out", file], {
    ...inherited,
    DATABASE_URL: source,
    DATA_DIR: path.join(work, "source"),
  });
  const bytes = statSync(file).size;
  const restoreSeconds = timed("restore", [file], {
    ...inherited,
    DATA_DIR: path.join(work, "restored"),
  });
  console.log(
    `\n${values.size}: backup ${backupSeconds.toFixed(1)} s, ${(bytes / 1e6).toFixed(1)} MB; ` +
      `restore into a new DATA_DIR ${restoreSeconds.toFixed(1)} s`,
  );
} finally {
  await cluster.stop();
  rmSync(work, { recursive: true, force: true });
}
