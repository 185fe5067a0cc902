import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";

// The journeys run against the real server (production mode, built web app) on a fresh
// embedded PostgreSQL in a throw-away data directory, or on E2E_DATABASE_URL when set.
const port = Number(process.env.E2E_PORT ?? 3999);
// In the environment, so that the workers (which load this file again) find the same one: the
// moderation journey makes its superuser there with `npm run create-superuser`.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), "potluck-e2e-"));
const dataDir = process.env.E2E_DATA_DIR;
export const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: "./e2e",
  outputDir: "./test-results",
  fullyParallel: false,
  // One file at a time: two workers took as long on two cores (8.6 min for 90 journeys against
  // 8.7 min), the machine being busy with the server, PostgreSQL and the browser already.
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    baseURL,
    screenshot: "only-on-failure",
    // The service worker answers reads from its cache when the network fails, which would
    // hide the failures the journeys stage with page.route; the offline journey allows it.
    serviceWorkers: "block",
    trace: "off",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  webServer: {
    command: "npm run build -w server && npm run start -w server",
    cwd: "..",
    url: `${baseURL}/api/health/`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(port + 1),
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? "",
      LOG_LEVEL: "warn",
      // Every journey signs its cooks up from the same address.
      SIGNUPS_PER_ADDRESS: "1000",
      // The import journey serves its recipe page from this machine.
      IMPORT_ALLOW_PRIVATE_HOSTS: "true",
      WEB_DIST: process.env.WEB_DIST ?? "web/dist",
      // Mail goes over SMTP to the port after the database's; the password reset journey
      // listens there (mails sent while nobody listens are retried, then given up).
      SMTP_URL: `smtp://127.0.0.1:${port + 2}`,
      PUBLIC_URL: baseURL,
    },
    stdout: "ignore",
    stderr: "pipe",
    // Stop it as Ctrl-C does, so it stops its embedded PostgreSQL (a detached process that a
    // SIGKILL of the server would leave running).
    gracefulShutdown: { signal: "SIGINT", timeout: 20_000 },
  },
});
