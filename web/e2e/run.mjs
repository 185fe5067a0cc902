// `npm run e2e`: make sure Debian's headless Chromium is there, build the web app, run the journeys.
import { execSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

// The old headless shell (Debian's chromium-headless-shell): the same engine without the full
// browser's window machinery, it ran the journeys in two thirds of the time full Chromium took.
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell";
if (!existsSync(chromium)) {
  if (process.getuid?.() === 0) {
    console.log("Chromium is missing: installing Debian's chromium-headless-shell package...");
    execSync("apt-get update -qq && apt-get install -y -qq chromium-headless-shell", {
      stdio: "inherit",
    });
  } else {
    console.error(
      `Chromium not found at ${chromium}. Install it (sudo apt-get install chromium-headless-shell) or set CHROMIUM_PATH.`,
    );
    process.exit(1);
  }
}
// Each run builds into its own folder, so parallel runs never serve each other's files.
const outDir = mkdtempSync(path.join(os.tmpdir(), "potluck-web-"));
const run = (command, env = {}) =>
  execSync(command, { stdio: "inherit", env: { ...process.env, ...env } });
try {
  run(`npx vite build --logLevel warn --outDir ${outDir} --emptyOutDir`);
  // Every route's first-load size, from this same build; over budget fails the run, but only
  // after the journeys, so one run reports both.
  let sizeFailed = false;
  try {
    run(`node scripts/first-load-size.mjs ${outDir}`);
  } catch {
    sizeFailed = true;
  }
  run(`npx playwright test ${process.argv.slice(2).join(" ")}`, { WEB_DIST: outDir });
  if (sizeFailed) process.exitCode = 1;
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
