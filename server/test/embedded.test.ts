import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, expect, it } from "vitest";
import { startEmbeddedPostgres } from "../src/db/embedded.js";
import { freePort } from "./scratch-postgres.js";

const dataDir = mkdtempSync(path.join(os.tmpdir(), "potluck-embedded-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function query(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

it("gives a cluster made with the old fixed password a random one at its next start", async () => {
  const clusterDir = path.join(dataDir, "postgres");
  const port = await freePort();
  // A cluster as earlier versions made it: superuser password "postgres", no password file.
  let database = await startEmbeddedPostgres(clusterDir, port);
  await query(database.url, "alter role postgres password 'postgres'");
  await database.stop();
  rmSync(path.join(dataDir, "postgres-password"));

  database = await startEmbeddedPostgres(clusterDir, port);
  const password = readFileSync(path.join(dataDir, "postgres-password"), "utf8").trim();
  expect(password).toMatch(/^[\w-]{43}$/);
  expect(database.url).toContain(password);
  await expect(
    query(`postgres://postgres:postgres@127.0.0.1:${port}/postgres`, "select 1"),
  ).rejects.toThrow(/password authentication failed/);
  expect((await query(database.url, "select 1 as one")).rows).toEqual([{ one: 1 }]);
  await database.stop();
});
