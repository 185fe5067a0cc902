import type { TestProject } from "vitest/node";
import { connect } from "../src/db/client.js";
import { adminQuery } from "../src/db/embedded.js";
import { runMigrations } from "../src/db/migrate.js";
import { loadReferenceData } from "../src/reference-data.js";
import { startScratchPostgres } from "./scratch-postgres.js";

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
    templateDatabase: string;
  }
}

/**
 * One PostgreSQL for the run: the machine's when TEST_DATABASE_URL is set, otherwise an
 * embedded one in a temporary directory. A migrated template database is made once; every
 * test file then gets its own copy (see helper.ts).
 */
export default async function setup(project: TestProject) {
  let databaseUrl = process.env.TEST_DATABASE_URL;
  let stopEmbedded = async () => {};
  if (!databaseUrl) {
    const embedded = await startScratchPostgres("potluck-test-");
    databaseUrl = embedded.url;
    stopEmbedded = embedded.stop;
  }
  const templateDatabase = `potluck_template_${process.pid}`;
  await adminQuery(databaseUrl, `drop database if exists ${templateDatabase}`);
  await adminQuery(databaseUrl, `create database ${templateDatabase}`);
  const { db, pool } = connect(withDatabase(databaseUrl, templateDatabase), { max: 2 });
  await runMigrations(db);
  await loadReferenceData(db);
  await pool.end();

  project.provide("databaseUrl", databaseUrl);
  project.provide("templateDatabase", templateDatabase);
  return async () => {
    await adminQuery(databaseUrl, `drop database if exists ${templateDatabase}`);
    await stopEmbedded();
  };
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
