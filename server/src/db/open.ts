import path from "node:path";
import pg from "pg";
import type { Settings } from "../config.js";
import { connect, type Db } from "./client.js";
import { DataDirBusyError, lockDataDir } from "./data-dir-lock.js";
import { runningEmbeddedUrl, startEmbeddedPostgres } from "./embedded.js";
import { START_LOCK_CLASS } from "./locks.js";
import { runMigrations } from "./migrate.js";

export interface OpenDatabase {
  /** Where it is, password included: for worker processes only, never for a log. */
  url: string;
  db: Db;
  pool: pg.Pool;
  /** Closes the pool, then stops the embedded database when this process started it. */
  close(): Promise<void>;
}

interface OpenOptions {
  /** Who opens it, named to a second process that finds the data directory taken. */
  holder: string;
  /** Command-line tools borrow the embedded database of a running server instead of refusing. */
  reuseRunning?: boolean;
  poolSize?: number;
  /**
   * False: connect only. Worker processes of a cluster connect to a database their primary
   * has already migrated and loaded.
   */
  prepare?: boolean;
  /**
   * What the app loads after the migrations, under the same start lock (its reference data:
   * src/reference-data.ts, handed in so that db/ needs no feature's data).
   */
  referenceData?: (db: Db) => Promise<void>;
  onConnectionError?: (error: Error) => void;
}

/**
 * The database of this installation, migrated and with reference data: DATABASE_URL when
 * set, otherwise the embedded PostgreSQL under the data directory, which one process owns at
 * a time (see data-dir-lock.ts).
 */
export async function openDatabase(config: Settings, options: OpenOptions): Promise<OpenDatabase> {
  let url = config.databaseUrl;
  let stopEmbedded = async () => {};
  if (!url) {
    const clusterDir = path.join(config.dataDir, "postgres");
    try {
      const lock = lockDataDir(config.dataDir, options.holder);
      try {
        const embedded = await startEmbeddedPostgres(clusterDir, config.embeddedPostgresPort);
        url = embedded.url;
        stopEmbedded = async () => {
          await embedded.stop();
          lock.release();
        };
      } catch (error) {
        lock.release();
        throw error;
      }
    } catch (error) {
      const running = runningEmbeddedUrl(clusterDir);
      if (!(error instanceof DataDirBusyError && options.reuseRunning && running)) throw error;
      url = running;
    }
  }
  const { db, pool } = connect(url, {
    max: options.poolSize ?? 10,
    connectTimeoutMs: config.database.connectTimeoutMs,
    statementTimeoutMs: config.database.statementTimeoutMs,
    onConnectionError: options.onConnectionError,
  });
  try {
    if (options.prepare !== false) await prepareOneAtATime(url, db, options.referenceData);
  } catch (error) {
    await pool.end();
    await stopEmbedded();
    throw error;
  }
  return {
    url,
    db,
    pool,
    async close() {
      await pool.end();
      await stopEmbedded();
    },
  };
}

/**
 * Migrations and reference data, while holding the start lock: several processes started
 * together on one database (behind a load balancer) would otherwise run the same migration
 * at once, and all but one fail. Whoever comes second finds the work done.
 */
async function prepareOneAtATime(
  url: string,
  db: Db,
  referenceData: ((db: Db) => Promise<void>) | undefined,
): Promise<void> {
  const lock = new pg.Client({ connectionString: url });
  // A connection lost while we wait is reported by the query that needs it.
  lock.on("error", () => {});
  await lock.connect();
  try {
    await lock.query("select pg_advisory_lock($1, 0)", [START_LOCK_CLASS]);
    await runMigrations(db);
    await referenceData?.(db);
  } finally {
    // Ending the session releases the lock.
    await lock.end();
  }
}
