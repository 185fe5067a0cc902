import { createHash } from "node:crypto";
import { createReadStream, createWriteStream, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import { readMigrationFiles } from "drizzle-orm/migrator";
import type pg from "pg";
import { from as copyFrom, to as copyTo } from "pg-copy-streams";
import { migrationsFolder } from "../db/migrate.js";
import { type Manifest, quoted, type SequenceEntry, type TableEntry, tableFile } from "./format.js";

// The database half of a backup (decision 28): every table of the app's schemas copied out
// with COPY inside one REPEATABLE READ transaction, so all of them show the same instant
// while the server goes on writing; and back in, in one transaction, onto the schema its
// migrations build. Not pg_dump: the embedded package ships no pg_dump, and Debian's is
// older than the embedded server, which pg_dump refuses. This also restores across
// PostgreSQL versions (the embedded 18 into an external 15 and back), as the schema is
// always built by our own migrations.

/** The app's tables: its own, and drizzle's record of the migrations applied. */
const SCHEMAS = ["public", "drizzle"];

/** Speed over size: the rows of a million recipes in a minute, not five (level 6). */
const GZIP_LEVEL = 1;

/**
 * Settings of both sessions, as pg_dump sets them: dates and numbers written the same way
 * whatever the server's configuration, floats without loss, no timeout on a long copy.
 */
const SESSION_SETTINGS = [
  "set local datestyle = 'ISO, YMD'",
  "set local timezone = 'UTC'",
  "set local intervalstyle = 'postgres'",
  "set local extra_float_digits = 3",
  "set local statement_timeout = 0",
  "set local lock_timeout = 0",
  "set local idle_in_transaction_session_timeout = 0",
];

export interface DatabaseDump {
  migration: Manifest["migration"];
  postgresVersion: string;
  counts: { users: number; recipes: number };
  tables: TableEntry[];
  sequences: SequenceEntry[];
}

/**
 * Writes every table's rows under `dir` (at their `tableFile` paths), all as of one instant.
 * `client` is a connection of its own, not in a transaction.
 */
export async function dumpDatabase(client: pg.Client, dir: string): Promise<DatabaseDump> {
  await client.query("begin isolation level repeatable read read only");
  try {
    for (const setting of SESSION_SETTINGS) await client.query(setting);
    // The first query takes the snapshot that every later one reads.
    const tables = await listTables(client);
    // Nothing may change a table's shape until we are done (a migration of a starting server
    // waits), as pg_dump does.
    await client.query(
      `lock table ${tables.map((t) => `${quoted(t.schema)}.${quoted(t.name)}`).join(", ")} in access share mode`,
    );
    const migration = await lastMigration(client);
    const counts = await client.query<{ users: number; recipes: number }>(
      "select (select count(*) from users)::int as users, (select count(*) from recipes)::int as recipes",
    );
    const entries: TableEntry[] = [];
    for (const table of tables) entries.push(await dumpTable(client, table, dir));
    // Read last: a sequence is never rolled back, so each is at least where the rows above
    // need it; a restore then never hands out an id twice.
    const sequences = await readSequences(client);
    const version = await client.query<{ version: string }>("show server_version");
    await client.query("commit");
    return {
      migration,
      postgresVersion: version.rows[0]?.version ?? "",
      counts: counts.rows[0] ?? { users: 0, recipes: 0 },
      tables: entries,
      sequences,
    };
  } catch (error) {
    await client.query("rollback").catch(() => {});
    throw error;
  }
}

interface TableShape {
  schema: string;
  name: string;
  columns: string[];
}

async function listTables(client: pg.Client): Promise<TableShape[]> {
  const result = await client.query<TableShape>(
    `select n.nspname as schema, c.relname as name,
            array_agg(a.attname::text order by a.attnum) as columns
     from pg_class c
     join pg_namespace n on n.oid = c.relnamespace
     join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
       and a.attgenerated = ''
     where c.relkind in ('r', 'p') and n.nspname = any($1)
     group by n.nspname, c.relname
     order by n.nspname, c.relname`,
    [SCHEMAS],
  );
  return result.rows;
}

async function lastMigration(client: pg.Client): Promise<Manifest["migration"]> {
  const result = await client.query<{ created_at: string }>(
    "select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1",
  );
  const createdAt = Number(result.rows[0]?.created_at ?? 0);
  return { tag: migrationTag(createdAt) ?? null, created_at: createdAt };
}

/** The name in server/drizzle of the migration drizzle records as `createdAt`. */
export function migrationTag(createdAt: number): string | undefined {
  const journal: { entries: { tag: string; when: number }[] } = JSON.parse(
    readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8"),
  );
  return journal.entries.find((entry) => entry.when === createdAt)?.tag;
}

async function dumpTable(client: pg.Client, table: TableShape, dir: string): Promise<TableEntry> {
  const file = tableFile(table.schema, table.name);
  const target = path.join(dir, file);
  mkdirSync(path.dirname(target), { recursive: true });
  const columns = table.columns.map(quoted).join(", ");
  const copy = client.query(
    copyTo(`copy ${quoted(table.schema)}.${quoted(table.name)} (${columns}) to stdout`),
  );
  const digest = hashing();
  await pipeline(copy, createGzip({ level: GZIP_LEVEL }), digest.stream, createWriteStream(target));
  return {
    schema: table.schema,
    name: table.name,
    columns: table.columns,
    rows: copy.rowCount,
    file,
    bytes: digest.bytes(),
    sha256: digest.hex(),
  };
}

async function readSequences(client: pg.Client): Promise<SequenceEntry[]> {
  const names = await client.query<{ schema: string; name: string }>(
    `select n.nspname as schema, c.relname as name from pg_class c
     join pg_namespace n on n.oid = c.relnamespace
     where c.relkind = 'S' and n.nspname = any($1) order by 1, 2`,
    [SCHEMAS],
  );
  const sequences: SequenceEntry[] = [];
  for (const { schema, name } of names.rows) {
    const state = await client.query<{ last_value: string; is_called: boolean }>(
      `select last_value::text, is_called from ${quoted(schema)}.${quoted(name)}`,
    );
    const row = state.rows[0];
    if (row) sequences.push({ schema, name, ...row });
  }
  return sequences;
}

/** A pass-through that counts and hashes what flows through it. */
export function hashing() {
  const hash = createHash("sha256");
  let bytes = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  let hex: string | undefined;
  return {
    stream,
    bytes: () => bytes,
    hex: () => {
      hex ??= hash.digest("hex");
      return hex;
    },
  };
}

/** The user tables of the database at `client`: none means it is empty. */
export async function tableCount(client: pg.Client): Promise<number> {
  const result = await client.query<{ tables: number }>(
    `select count(*)::int as tables from pg_class c
     join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema')
       and n.nspname not like 'pg\\_%'`,
  );
  return result.rows[0]?.tables ?? 0;
}

/**
 * Loads a dump (its files under `dir`) into the database at `client`, in one transaction:
 * either all of it is there afterwards or nothing changed. With `replace`, what the database
 * holds goes first (in the same transaction); without, it must be empty. The schema is built
 * by the migrations up to the dump's last one; a server started on it later migrates on.
 */
export async function restoreDatabase(
  client: pg.Client,
  dir: string,
  manifest: Manifest,
  options: { replace: boolean },
): Promise<{ endedImports: number }> {
  const migrations = readMigrationFiles({ migrationsFolder });
  const last = migrations.findIndex((m) => m.folderMillis === manifest.migration.created_at);
  if (last < 0) throw new Error("the backup's last migration is unknown to this Potluck");
  await client.query("begin");
  try {
    for (const setting of SESSION_SETTINGS) await client.query(setting);
    if (options.replace) {
      // Every schema goes: the job queue's too (pgboss), whose jobs name rows that are gone.
      const schemas = await client.query<{ name: string }>(
        `select nspname as name from pg_namespace
         where nspname not like 'pg\\_%' and nspname <> 'information_schema'`,
      );
      for (const { name } of schemas.rows)
        await client.query(`drop schema ${quoted(name)} cascade`);
      await client.query("create schema public");
    } else if ((await tableCount(client)) > 0) {
      throw new Error("the database is not empty");
    }
    // What drizzle's migrator does (drizzle-orm/pg-core/dialect.js), inside our transaction:
    // its own opens and commits one of its own. Its record of them comes with the rows.
    await client.query("create schema if not exists drizzle");
    await client.query(
      "create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)",
    );
    for (const migration of migrations.slice(0, last + 1)) {
      for (const statement of migration.sql) await client.query(statement);
    }
    // As pg_restore does it: rows first, then the indexes and foreign keys over them, each
    // built once instead of kept up row by row: a third less time at 10k recipes.
    const rebuild = await dropIndexesAndForeignKeys(client);
    const tables = manifest.tables.map((t) => `${quoted(t.schema)}.${quoted(t.name)}`);
    // Rows a migration inserted (search_generation's one row) are in the dump too.
    await client.query(`truncate ${tables.join(", ")}`);
    for (const table of manifest.tables) await restoreTable(client, table, dir);
    await client.query("set local maintenance_work_mem = '256MB'");
    for (const statement of rebuild) await client.query(statement);
    for (const sequence of manifest.sequences) {
      await client.query("select setval($1, $2, $3)", [
        `${quoted(sequence.schema)}.${quoted(sequence.name)}`,
        sequence.last_value,
        sequence.is_called,
      ]);
    }
    const endedImports = await endImportsWithoutJobs(client);
    await client.query("commit");
    return { endedImports };
  } catch (error) {
    await client.query("rollback").catch(() => {});
    throw error;
  }
}

/** What the cook reads on an import the restore ended (see endImportsWithoutJobs). */
export const IMPORT_ENDED_BY_RESTORE =
  "The site was restored from a backup while this import was waiting or running, and it " +
  "could not go on. Please upload the file again: recipes already imported are kept.";

/**
 * The job queue is not in a backup (pg-boss makes its own schema at run time, decision 28),
 * so an import the backup shows as queued or running has no job behind it any more, and its
 * uploaded file (DATA_DIR/imports) is not in the backup either. It is ended as failed, with a
 * reason the cook reads, instead of waiting for ever; the recipes it had made are kept.
 * Returns how many; none for a backup older than the imports table.
 */
async function endImportsWithoutJobs(client: pg.Client): Promise<number> {
  const exists = await client.query<{ found: boolean }>(
    "select to_regclass('public.imports') is not null as found",
  );
  if (!exists.rows[0]?.found) return 0;
  const ended = await client.query(
    `update imports set status = 'failed', finished_on = now(), reason = $1, file_path = null
     where status in ('queued', 'running')`,
    [IMPORT_ENDED_BY_RESTORE],
  );
  return ended.rowCount ?? 0;
}

async function restoreTable(client: pg.Client, table: TableEntry, dir: string): Promise<void> {
  const name = `${quoted(table.schema)}.${quoted(table.name)}`;
  // The rows are as the triggers left them (search_generation's counter, say): they must
  // not fire again.
  await client.query(`alter table ${name} disable trigger user`);
  const copy = client.query(
    copyFrom(`copy ${name} (${table.columns.map(quoted).join(", ")}) from stdin`),
  );
  await pipeline(createReadStream(path.join(dir, table.file)), createGunzip(), copy);
  await client.query(`alter table ${name} enable trigger user`);
  if (copy.rowCount !== table.rows) {
    throw new Error(`${table.name}: ${copy.rowCount} rows loaded, the backup has ${table.rows}`);
  }
}

/**
 * Drops the foreign keys and the indexes that no constraint owns (primary keys and unique
 * constraints stay: they keep the rows honest as they come in), and returns the statements
 * that make them again, indexes first.
 */
async function dropIndexesAndForeignKeys(client: pg.Client): Promise<string[]> {
  const indexes = await client.query<{ name: string; definition: string }>(
    `select format('%I.%I', n.nspname, c.relname) as name, pg_get_indexdef(i.indexrelid) as definition
     from pg_index i
     join pg_class c on c.oid = i.indexrelid join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = any($1)
       and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)`,
    [SCHEMAS],
  );
  const keys = await client.query<{ table: string; name: string; definition: string }>(
    `select format('%I.%I', n.nspname, c.relname) as table, quote_ident(k.conname) as name,
            pg_get_constraintdef(k.oid) as definition
     from pg_constraint k
     join pg_class c on c.oid = k.conrelid join pg_namespace n on n.oid = c.relnamespace
     where k.contype = 'f' and n.nspname = any($1)`,
    [SCHEMAS],
  );
  for (const key of keys.rows) {
    await client.query(`alter table ${key.table} drop constraint ${key.name}`);
  }
  for (const index of indexes.rows) await client.query(`drop index ${index.name}`);
  return [
    ...indexes.rows.map((index) => index.definition),
    ...keys.rows.map(
      (key) => `alter table ${key.table} add constraint ${key.name} ${key.definition}`,
    ),
  ];
}
