import { createHash } from "node:crypto";
import { type SQL, sql } from "drizzle-orm";
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { PgDialect } from "drizzle-orm/pg-core";
import pg from "pg";
import * as schema from "./schema.js";

/** `$client`: the pool, for what needs a connection of its own (a LISTEN). */
export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };
/** A database handle or an open transaction: query helpers accept either. */
export type Tx = Db | Parameters<Parameters<Db["transaction"]>[0]>[0];

// int8 (bigserial ids, count(*)) as JS numbers: our ids and counts stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

export interface PoolOptions {
  max?: number;
  /** How long a query waits for a connection (from the pool, or a new one) before failing. */
  connectTimeoutMs?: number;
  /** PostgreSQL cancels a statement that runs longer. */
  statementTimeoutMs?: number;
  /** Told of connections that fail while idle; they are dropped and replaced on demand. */
  onConnectionError?: (error: Error) => void;
}

/**
 * A pool that survives its database: a connection that PostgreSQL terminates (a restart, a
 * failover, pg_terminate_backend) is reported to `onConnectionError` and dropped, never a
 * crash, and the next query opens a fresh one. Without an "error" listener, node-postgres
 * would throw the termination at the top of the event loop and stop the process.
 */
export function connect(url: string, options: PoolOptions = {}): { db: Db; pool: pg.Pool } {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 5000,
    ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
    // A transaction left open by a stuck request must not hold its locks for ever.
    idle_in_transaction_session_timeout: 60_000,
    keepAlive: true,
  });
  pool.on("error", options.onConnectionError ?? (() => {}));
  return { db: drizzle(pool, { schema }), pool };
}

const dialect = new PgDialect();

/**
 * Runs a raw query as a named prepared statement, so each connection has PostgreSQL plan it
 * once instead of on every call. For hot queries of a few fixed shapes whose best plan does
 * not hinge on the values: the feed page took longer to plan (about 3 ms) than to run. The
 * name carries a hash of the text, so each shape is its own statement. PostgreSQL keeps one
 * plan only once it prefers its generic plan: LIMITs go in as literals (literalLimit) and
 * values whose estimates would sway it are hidden (opaque); test/named-statements.test.ts
 * checks the hot reads. A query builder's statement uses drizzle's own `.prepare(name)`
 * instead (its rows come back mapped; preparedPerDb).
 */
export async function executePrepared<T>(db: Tx, name: string, query: SQL): Promise<T[]> {
  const compiled = dialect.sqlToQuery(query);
  const statement = `${name}_${createHash("sha1").update(compiled.sql).digest("hex").slice(0, 12)}`;
  const prepared = db._.session.prepareQuery(compiled, undefined, statement, false);
  const result = (await prepared.execute()) as pg.QueryResult;
  return result.rows as T[];
}

/**
 * A LIMIT (or OFFSET) written into a statement's text, not sent as a parameter. A named
 * statement is planned once only when its generic plan looks as cheap as a plan made for the
 * values: with `limit $1` PostgreSQL assumes a tenth of the rows and a far costlier plan, so it
 * plans the statement afresh on every call (seen in pg_prepared_statements: 0 generic plans
 * after 8 runs of the explore page, whose planning took 0.47 ms of its 0.74). Each distinct
 * limit is a statement of its own; limits are page sizes, so there are few.
 */
export function literalLimit(count: number): SQL {
  if (!Number.isSafeInteger(count) || count < 0) throw new Error(`not a limit: ${count}`);
  return sql.raw(String(count));
}

/**
 * A value as PostgreSQL's planner cannot see it: `(select $n)`, worked out once per run. A
 * named statement is planned once (its generic plan) only when that plan looks as cheap as
 * plans made for the values; for a common tag one looks cheaper, so every filtered recipe list
 * was planned afresh (1 to 2 ms at 1M recipes, twice its run). With the values hidden the
 * two are the same plan. For values whose best plan is the same whatever they are: the
 * filtered lists' generic plans were measured as fast as plans for the values, common and
 * rare tags, ingredients, times and ratings alike; and a search page planned for its 2,000
 * ids chose a join that took 50 to 90 ms where the generic plan's probes took 1. An array
 * compared with ANY needs its cast after it too (`any((select $1::int[])::int[])`): ANY of a
 * bare subquery compares each row.
 */
export const opaque = (value: SQL): SQL => sql`(select ${value})`;

/**
 * A query builder's prepared statement, built once per database handle: for a hot query with
 * placeholders (`sql.placeholder`), drizzle makes its SQL text once (building a many-table
 * join can take as long as running it) and, named by `.prepare(name)`, each connection has
 * PostgreSQL plan it once.
 */
export function preparedPerDb<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let query = built.get(db);
    if (query === undefined) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}
