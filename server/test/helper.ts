import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, inject } from "vitest";
import { buildApp } from "../src/app.js";
import { type Config, loadConfig } from "../src/config.js";
import { connect, type Db } from "../src/db/client.js";
import { adminQuery } from "../src/db/embedded.js";
import { withDatabase } from "./global-setup.js";

export interface TestContext {
  app: FastifyInstance;
  db: Db;
  config: Config;
  /** The app's database, for a second app on the same one (`sameDatabaseAs`). */
  databaseName: string;
}

/**
 * Builds the app on a database of its own, copied from the migrated template, and tears
 * both down after the file. Call once at the top of a test file.
 */
export async function createTestApp(
  options: {
    webDist?: string;
    /** Environment variables on top of the test defaults, e.g. a raised rate limit. */
    env?: Record<string, string>;
    /** Connections in the app's pool. */
    poolSize?: number;
    /** Another app's database instead of a fresh one, as two processes would share it. */
    sameDatabaseAs?: TestContext;
  } = {},
): Promise<TestContext> {
  const databaseUrl = inject("databaseUrl");
  const shared = options.sameDatabaseAs?.databaseName;
  const name = shared ?? `potluck_test_${randomBytes(6).toString("hex")}`;
  if (!shared) {
    await adminQuery(databaseUrl, `create database ${name} template ${inject("templateDatabase")}`);
  }
  const { db, pool } = connect(withDatabase(databaseUrl, name), { max: options.poolSize ?? 5 });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "potluck-data-"));
  const config = {
    ...loadConfig({
      DATA_DIR: dataDir,
      SESSION_SECRET: "test-secret-of-16-characters-or-more",
      LOG_LEVEL: "silent",
      ...options.env,
    }),
    webDist: options.webDist,
  };
  const app = await buildApp(config, db);
  afterAll(async () => {
    await app.close();
    await pool.end();
    // The first app's afterAll (which runs last) drops it. FORCE: a backend of a pool just
    // ended may not have exited yet when several apps shared the database.
    if (!shared) await adminQuery(databaseUrl, `drop database if exists ${name} with (force)`);
    rmSync(dataDir, { recursive: true, force: true });
  });
  return { app, db, config, databaseName: name };
}

export { Agent } from "../src/http/inject-agent.js";
