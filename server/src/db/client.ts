import { createHash } from "node:crypto";
import type { SQL } from "drizzle-orm";
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { PgDialect } from "drizzle-orm/pg-core";
import pg from "pg";
import * as schema from "./schema.js";

export type Db = NodePgDatabase<typeof schema>;
/** A database handle or an open transaction: query helpers accept either. */
export type Tx = Db | Parameters<Parameters<Db["transaction"]>[0]>[0];

// int8 (bigserial ids, count(*)) as JS numbers: our ids and counts stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

export function connect(url: string, max = 10): { db: Db; pool: pg.Pool } {
  const pool = new pg.Pool({ connectionString: url, max });
  return { db: drizzle(pool, { schema }), pool };
}

const dialect = new PgDialect();

/**
 * Runs a raw query as a named prepared statement, so each connection has PostgreSQL plan it
 * once instead of on every call. For hot queries of a few fixed shapes whose best plan does
 * not hinge on the values: the feed page took longer to plan (about 3 ms) than to run. The
 * name carries a hash of the text, so each shape is its own statement.
 */
export async function executePrepared<T>(db: Tx, name: string, query: SQL): Promise<T[]> {
  const compiled = dialect.sqlToQuery(query);
  const statement = `${name}_${createHash("sha1").update(compiled.sql).digest("hex").slice(0, 12)}`;
  const prepared = db._.session.prepareQuery(compiled, undefined, statement, false);
  const result = (await prepared.execute()) as pg.QueryResult;
  return result.rows as T[];
}
