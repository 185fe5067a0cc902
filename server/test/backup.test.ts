// Backups (backup/): a backup taken while cooks write, restored row for row; the checks a
// restore makes before it touches anything; the automatic backups' rotation and their lock.
// The CLI and the server on a restored DATA_DIR are walked in test/deploy/backups.test.ts.
import { randomBytes } from "node:crypto";
import {
  createWriteStream,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { readFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import pg from "pg";
import sharp from "sharp";
import tar from "tar-stream";
import { afterAll, describe, expect, inject, it } from "vitest";
import { seedScale } from "../scripts/seed-scale.js";
import { runAutomaticBackup, startAutomaticBackups } from "../src/backup/automatic.js";
import { createBackup } from "../src/backup/backup.js";
import { IMPORT_ENDED_BY_RESTORE } from "../src/backup/database.js";
import { RestoreRefused, restoreBackup } from "../src/backup/restore.js";
import { parseConfig, type Settings } from "../src/config.js";
import { adminQuery } from "../src/db/embedded.js";
import { BACKUP_LOCK_CLASS } from "../src/db/locks.js";
import { multipartBody } from "../src/http/inject-agent.js";
import { signedIn } from "./factories.js";
import { withDatabase } from "./global-setup.js";
import { createTestApp } from "./helper.js";
import { startTestBucket } from "./s3-server.js";

const source = await createTestApp();
const sourceUrl = withDatabase(inject("databaseUrl"), source.databaseName);
const scratch = mkdtempSync(path.join(os.tmpdir(), "potluck-backup-test-"));
const extraDatabases: string[] = [];
afterAll(async () => {
  for (const name of extraDatabases) {
    await adminQuery(inject("databaseUrl"), `drop database if exists ${name} with (force)`);
  }
  rmSync(scratch, { recursive: true, force: true });
});

const { agent: cook } = await signedIn(source.app, source.db);
const picture = await sharp({
  create: { width: 64, height: 48, channels: 3, background: "#e67e22" },
})
  .jpeg()
  .toBuffer();

async function createRecipe(title: string, withPicture = false): Promise<number | undefined> {
  const body = multipartBody({
    title,
    content: "<p>Mix and bake.</p>",
    ...(withPicture
      ? { image: { filename: "cake.jpg", contentType: "image/jpeg", data: picture } }
      : {}),
  });
  const response = await cook.raw("POST", "/api/recipes/recipes/", body.payload, body.contentType);
  return response.statusCode === 201 ? response.json<{ id: number }>().id : undefined;
}

// A small community of every kind of row (follows, ratings, feed, lists), and pictures.
await seedScale(source.db, { recipes: 300, users: 60, feedItems: 1500, lists: 4 });
for (let i = 0; i < 3; i++) await createRecipe(`Cake ${i}`, true);

/** An empty database of its own on the test server, and where a restore into it goes. */
async function emptyTarget(): Promise<{ url: string; settings: Settings; dataDir: string }> {
  const name = `potluck_restore_${randomBytes(5).toString("hex")}`;
  await adminQuery(inject("databaseUrl"), `create database ${name}`);
  extraDatabases.push(name);
  const url = withDatabase(inject("databaseUrl"), name);
  const dataDir = mkdtempSync(path.join(scratch, "data-"));
  return { url, dataDir, settings: parseConfig({ DATABASE_URL: url, DATA_DIR: dataDir }) };
}

async function query<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

/** Every row of every table of the app (a digest each), and every sequence's position. */
async function contents(url: string): Promise<Record<string, string>> {
  const tables = await query<{ name: string }>(
    url,
    `select format('%I.%I', schemaname, tablename) as name from pg_tables
     where schemaname in ('public', 'drizzle') order by 1`,
  );
  const result: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await query<{ digest: string; n: number }>(
      url,
      `select md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as digest,
              count(*)::int as n from ${name} t`,
    );
    result[name] = `${row?.n} rows ${row?.digest}`;
  }
  const sequences = await query<{ name: string; last_value: string }>(
    url,
    `select format('%I.%I', schemaname, sequencename) as name, last_value::text
     from pg_sequences where schemaname in ('public', 'drizzle')`,
  );
  for (const { name, last_value } of sequences) result[name] = `at ${last_value}`;
  // The restore rebuilds indexes and foreign keys after the rows: all of them, as they were.
  const schema = await query<{ definition: string }>(
    url,
    `select indexdef as definition from pg_indexes where schemaname in ('public', 'drizzle')
     union all
     select format('%s %s %s', conrelid::regclass, conname, pg_get_constraintdef(oid))
     from pg_constraint where connamespace = 'public'::regnamespace
     union all
     select format('%s %s', tgrelid::regclass, pg_get_triggerdef(oid)) from pg_trigger
     where not tgisinternal and tgenabled = 'O'
     order by 1`,
  );
  result.schema = schema.map((row) => row.definition).join("\n");
  return result;
}

const say = () => {};

describe("a backup", { timeout: 120_000 }, () => {
  it("taken while a cook writes holds every write acknowledged before it began", async () => {
    const acknowledged: number[] = [];
    let writing = true;
    const writer = (async () => {
      for (let i = 0; writing; i++) {
        const id = await createRecipe(`Stream ${i}`);
        if (id !== undefined) acknowledged.push(id);
      }
    })();
    while (acknowledged.length < 10) await new Promise((resolve) => setTimeout(resolve, 5));
    const before = [...acknowledged];
    const file = path.join(scratch, "during-writes.tar");
    const summary = await createBackup({
      databaseUrl: sourceUrl,
      mediaDir: source.config.mediaDir,
      out: file,
      waitForOthers: true,
    });
    const during = acknowledged.length - before.length;
    writing = false;
    await writer;
    if (summary === "busy") throw new Error("busy");
    expect(summary.manifest.counts).toMatchObject({ pictures: 3, media_files: 6 }); // and cards

    const target = await emptyTarget();
    await restoreBackup({ file, settings: target.settings, force: false, say });
    const restored = new Set(
      (await query<{ id: number }>(target.url, "select id from recipes")).map((row) => row.id),
    );
    expect(before.filter((id) => !restored.has(id))).toEqual([]);
    // The writes went on during the backup, and the file holds one instant: no half of one.
    expect(during).toBeGreaterThan(0);
    expect(restored.size).toBe(summary.manifest.counts.recipes);
    const [search] = await query<{ n: number }>(
      target.url,
      "select count(*)::int as n from recipe_search",
    );
    expect(search?.n).toBe(restored.size);
  });

  it("restores every row of every table, the sequences and the pictures as they were", async () => {
    const file = path.join(scratch, "quiet.tar");
    const summary = await createBackup({
      databaseUrl: sourceUrl,
      mediaDir: source.config.mediaDir,
      out: file,
      waitForOthers: true,
    });
    if (summary === "busy") throw new Error("busy");
    const target = await emptyTarget();
    const { manifest } = await restoreBackup({
      file,
      settings: target.settings,
      force: false,
      say,
    });

    expect(await contents(target.url)).toEqual(await contents(sourceUrl));
    const pictures = readdirSync(path.join(source.config.mediaDir, "recipes"));
    expect(pictures).toHaveLength(manifest.counts.media_files);
    for (const name of pictures) {
      const restored = await readFile(path.join(target.dataDir, "media", "recipes", name));
      expect(
        restored.equals(await readFile(path.join(source.config.mediaDir, "recipes", name))),
      ).toBe(true);
    }
    // The next recipe gets a new id, not one the restored rows have.
    const [next] = await query<{ id: number }>(
      target.url,
      "select nextval('recipes_id_seq')::int as id",
    );
    const [max] = await query<{ id: number }>(target.url, "select max(id)::int as id from recipes");
    expect(next?.id).toBeGreaterThan(max?.id ?? 0);
  });
});

describe("a restore", { timeout: 120_000 }, () => {
  const backup = (async () => {
    const file = path.join(scratch, "for-restores.tar");
    await createBackup({
      databaseUrl: sourceUrl,
      mediaDir: source.config.mediaDir,
      out: file,
      waitForOthers: true,
    });
    return file;
  })();

  it("refuses a database that holds data, and replaces it with --force", async () => {
    const file = await backup;
    const target = await emptyTarget();
    await query(target.url, "create table notes (line text); insert into notes values ('mine')");
    // A job queue's schema, whose jobs would name rows the restore replaces.
    await query(target.url, "create schema pgboss; create table pgboss.job (id int)");
    const refused = restoreBackup({ file, settings: target.settings, force: false, say });
    await expect(refused).rejects.toThrow(RestoreRefused);
    await expect(refused).rejects.toThrow(
      "The database at DATABASE_URL is not empty (2 tables): restore fills an empty one only. Add --force to replace what is there.",
    );
    expect(await query(target.url, "select line from notes")).toEqual([{ line: "mine" }]);

    await restoreBackup({ file, settings: target.settings, force: true, say });
    const [recipes] = await query<{ n: number }>(
      target.url,
      "select count(*)::int as n from recipes",
    );
    expect(recipes?.n).toBeGreaterThan(300);
    await expect(query(target.url, "select * from notes")).rejects.toThrow(/does not exist/);
    await expect(query(target.url, "select * from pgboss.job")).rejects.toThrow(/does not exist/);
  });

  it("ends the imports that were waiting or running, whose jobs are not in a backup, and says so (issue 35 §3)", async () => {
    const [owner] = await query<{ id: number }>(sourceUrl, "select id from users limit 1");
    const made = await query<{ id: number; status: string }>(
      sourceUrl,
      `insert into imports (user_id, status, file_path) values
         (${owner?.id}, 'queued', 'imports/a'), (${owner?.id}, 'running', 'imports/b'),
         (${owner?.id}, 'done', null)
       returning id, status`,
    );
    const ids = made.map((row) => row.id).join(", ");
    try {
      const file = path.join(scratch, "with-imports.tar");
      await createBackup({
        databaseUrl: sourceUrl,
        mediaDir: source.config.mediaDir,
        out: file,
        waitForOthers: true,
      });
      const target = await emptyTarget();
      const lines: string[] = [];
      await restoreBackup({
        file,
        settings: target.settings,
        force: false,
        say: (line) => lines.push(line),
      });
      const after = await query<{ status: string; reason: string | null; file_path: null }>(
        target.url,
        `select status, reason, file_path from imports where id in (${ids}) order by id`,
      );
      expect(after).toEqual([
        { status: "failed", reason: IMPORT_ENDED_BY_RESTORE, file_path: null },
        { status: "failed", reason: IMPORT_ENDED_BY_RESTORE, file_path: null },
        { status: "done", reason: null, file_path: null },
      ]);
      expect(lines).toContain(
        "2 imports were waiting or running at the time of the backup: ended as failed (the cooks upload those files again).",
      );
    } finally {
      await query(sourceUrl, `delete from imports where id in (${ids})`);
    }
  });

  it("refuses a damaged or cut-short file before it touches anything", async () => {
    const file = await backup;
    const whole = readFileSync(file);
    const target = await emptyTarget();
    const tableCount = async () =>
      (
        await query<{ n: number }>(
          target.url,
          "select count(*)::int as n from pg_tables where schemaname = 'public'",
        )
      )[0]?.n;

    // One byte changed in the middle of the recipes' rows.
    const damaged = Buffer.from(whole);
    const at = whole.indexOf("database/public.recipes.copy.gz") + 512 + 100;
    damaged[at] = (damaged[at] ?? 0) ^ 0xff;
    writeFileSync(path.join(scratch, "damaged.tar"), damaged);
    await expect(
      restoreBackup({
        file: path.join(scratch, "damaged.tar"),
        settings: target.settings,
        force: false,
        say,
      }),
    ).rejects.toThrow(
      /damaged.tar cannot be restored: database\/public.recipes.copy.gz is damaged \(its checksum differs\). Nothing was changed./,
    );

    // Cut short, as a copy that ran out of disk.
    writeFileSync(
      path.join(scratch, "short.tar"),
      whole.subarray(0, Math.floor(whole.length * 0.6)),
    );
    await expect(
      restoreBackup({
        file: path.join(scratch, "short.tar"),
        settings: target.settings,
        force: false,
        say,
      }),
    ).rejects.toThrow(
      /short.tar cannot be restored: (it cannot be read to its end: it was cut short or is damaged|it has no manifest: it was cut short)/,
    );

    // Not a backup at all.
    writeFileSync(path.join(scratch, "notes.txt"), "shopping: eggs, flour\n".repeat(100));
    await expect(
      restoreBackup({
        file: path.join(scratch, "notes.txt"),
        settings: target.settings,
        force: false,
        say,
      }),
    ).rejects.toThrow(/notes.txt cannot be restored/);

    expect(await tableCount()).toBe(0);
    expect(readdirSync(target.dataDir)).toEqual([]);
  });

  it("refuses an entry whose name points outside, before writing it anywhere", async () => {
    const target = await emptyTarget();
    for (const name of ["media/../../escaped.webp", "/tmp/escaped.webp", "media/recipes/x.sh"]) {
      const file = path.join(scratch, "hostile.tar");
      const pack = tar.pack();
      pack.entry({ name }, "not a picture");
      pack.finalize();
      await pipeline(pack, createWriteStream(file));
      await expect(
        restoreBackup({ file, settings: target.settings, force: false, say }),
      ).rejects.toThrow(
        `cannot be restored: it holds an entry no backup has: ${JSON.stringify(name)}. Nothing was changed.`,
      );
    }
    expect(existsSync(path.join(scratch, "escaped.webp"))).toBe(false);
    expect(existsSync("/tmp/escaped.webp")).toBe(false);
  });
});

describe("with STORAGE=s3", { timeout: 120_000 }, () => {
  it("backs up the database only, and a restore puts a file's pictures into the bucket", async () => {
    const bucket = await startTestBucket();
    const databaseOnly = await createBackup({
      databaseUrl: sourceUrl,
      mediaDir: undefined,
      out: path.join(scratch, "s3.tar"),
      waitForOthers: true,
    });
    if (databaseOnly === "busy") throw new Error("busy");
    expect(databaseOnly.manifest).toMatchObject({
      storage: "s3",
      counts: { pictures: 0, media_files: 0 },
    });

    // A backup of the local disk, restored onto a bucket (moving to S3).
    const file = path.join(scratch, "to-s3.tar");
    await createBackup({
      databaseUrl: sourceUrl,
      mediaDir: source.config.mediaDir,
      out: file,
      waitForOthers: true,
    });
    const target = await emptyTarget();
    const settings = parseConfig({
      DATABASE_URL: target.url,
      DATA_DIR: target.dataDir,
      ...bucket.env,
    });
    await restoreBackup({ file, settings, force: false, say });
    const keys = readdirSync(path.join(source.config.mediaDir, "recipes"));
    expect(keys).toHaveLength(6);
    for (const key of keys) expect(await bucket.has(`recipes/${key}`)).toBe(true);
  });
});

describe("automatic backups", { timeout: 120_000 }, () => {
  const dir = path.join(scratch, "backups");
  const options = { databaseUrl: sourceUrl, mediaDir: source.config.mediaDir, dir, keep: 2 };

  it("keep the newest BACKUP_KEEP, and skip a turn while another backup runs", async () => {
    const written: string[] = [];
    for (let i = 0; i < 4; i++) {
      const result = await runAutomaticBackup(options);
      if (result === "busy") throw new Error("busy");
      written.push(path.basename(result.file));
    }
    expect(readdirSync(dir).sort()).toEqual(written.slice(2));

    const other = new pg.Client({ connectionString: sourceUrl });
    await other.connect();
    await other.query("select pg_advisory_lock($1, 0)", [BACKUP_LOCK_CLASS]);
    expect(await runAutomaticBackup(options)).toBe("busy");
    await other.end();
    expect(readdirSync(dir).sort()).toEqual(written.slice(2));
  });

  it("run on their timer, one log line each, and stop with the server", async () => {
    const lines: string[] = [];
    const log = {
      info: (message: string) => lines.push(message),
      error: (_error: unknown, message: string) => lines.push(message),
    };
    const stop = startAutomaticBackups(
      { ...options, intervalMs: 300, firstDelayMs: 0 },
      log as never,
    );
    const deadline = Date.now() + 30_000;
    while (lines.length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    await stop();
    expect(lines.slice(0, 2)).toEqual([
      expect.stringMatching(
        /^automatic backup written: .*potluck-.*\.tar \(\d+ recipes, \d+ cooks and 3 pictures, [\d.]+ MB in \d+ ms; removed 1 older\)$/,
      ),
      expect.stringMatching(/^automatic backup written: /),
    ]);
    expect(readdirSync(dir)).toHaveLength(2);
  });

  it("log a failure and try again an interval later", async () => {
    const lines: string[] = [];
    const log = {
      info: (message: string) => lines.push(message),
      error: (_error: unknown, message: string) => lines.push(message),
    };
    const stop = startAutomaticBackups(
      {
        ...options,
        databaseUrl: "postgres://nobody@127.0.0.1:1/none",
        intervalMs: 200,
        firstDelayMs: 0,
      },
      log as never,
    );
    const deadline = Date.now() + 30_000;
    while (lines.length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    await stop();
    expect(lines.slice(0, 2)).toEqual([
      expect.stringMatching(/^automatic backup failed: .*; next try in 0 h$/),
      expect.stringMatching(/^automatic backup failed: /),
    ]);
  });
});
