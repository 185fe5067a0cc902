import path from "node:path";
import type { Config } from "../config.js";
import { connect, type Db } from "./client.js";
import { type EmbeddedDatabase, startEmbeddedPostgres } from "./embedded.js";
import { runMigrations } from "./migrate.js";
import { loadReferenceData } from "./reference-data.js";

export interface OpenDatabase {
  db: Db;
  close(): Promise<void>;
}

/**
 * The database of this installation, migrated and with reference data: DATABASE_URL when
 * set, otherwise the embedded PostgreSQL under the data directory. The server owns the
 * embedded one; command-line tools (`reuseRunning`) borrow it when the server is up.
 */
export async function openDatabase(
  config: Config,
  options: { reuseRunning?: boolean; poolSize?: number } = {},
): Promise<OpenDatabase> {
  let embedded: EmbeddedDatabase | undefined;
  if (!config.databaseUrl) {
    embedded = await startEmbeddedPostgres(
      path.join(config.dataDir, "postgres"),
      config.embeddedPostgresPort,
      options,
    );
  }
  const url = config.databaseUrl ?? (embedded as EmbeddedDatabase).url;
  const { db, pool } = connect(url, options.poolSize ?? 10);
  await runMigrations(db);
  await loadReferenceData(db);
  return {
    db,
    async close() {
      await pool.end();
      await embedded?.stop();
    },
  };
}
