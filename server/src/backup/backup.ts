import { mkdtemp, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { BACKUP_LOCK_CLASS } from "../db/locks.js";
import { listMedia, openArchive } from "./archive.js";
import { dumpDatabase } from "./database.js";
import { FORMAT, FORMAT_VERSION, MANIFEST, type Manifest, MEDIA_PREFIX } from "./format.js";

// One backup file (format.ts) of a running installation: the database as of one instant,
// then the pictures. Pictures are copied after the snapshot, so the file may hold a picture
// uploaded since, whose recipe is not in it: harmless, nothing shows it. A picture deleted
// or replaced by its cook in the seconds between the snapshot and its copy is the one thing
// that can be missing: its recipe then shows without it.

export interface BackupOptions {
  /** A superuser or owner connection to the installation's database. */
  databaseUrl: string;
  /** The local pictures; undefined with STORAGE=s3, whose bucket is backed up by its own means. */
  mediaDir: string | undefined;
  out: string;
  /** Another backup running: wait for it (true) or give up at once (false: "busy"). */
  waitForOthers: boolean;
  /** Called once when waiting for another backup. */
  onWait?: () => void;
  /** Stops the backup (the server is stopping); the partial file is removed. */
  signal?: AbortSignal;
  /** Runs while the backup's lock is still held, after the file is complete. */
  afterWrite?: () => Promise<void>;
}

export interface BackupSummary {
  file: string;
  manifest: Manifest;
  bytes: number;
  ms: number;
}

/**
 * Writes the backup to `out` (through `out.partial`, renamed when complete, so a file by that
 * name is always whole). Never two at once: an advisory lock on the database (class
 * BACKUP_LOCK_CLASS) is held throughout.
 */
export async function createBackup(options: BackupOptions): Promise<BackupSummary | "busy"> {
  const started = Date.now();
  const client = new pg.Client({ connectionString: options.databaseUrl });
  // A lost connection is reported by the query or copy that needed it.
  client.on("error", () => {});
  await client.connect();
  const abort = () => void client.end().catch(() => {});
  options.signal?.addEventListener("abort", abort, { once: true });
  const partial = `${options.out}.partial`;
  let staging: string | undefined;
  try {
    if (!(await takeLock(client, options))) return "busy";
    options.signal?.throwIfAborted();
    staging = await mkdtemp(path.join(path.dirname(options.out), ".potluck-backup-"));
    const dump = await dumpDatabase(client, staging);
    const archive = await openArchive(partial);
    try {
      for (const table of dump.tables) {
        options.signal?.throwIfAborted();
        await archive.addFile(table.file, path.join(staging, table.file));
      }
      const media = { files: 0, bytes: 0, pictures: 0 };
      if (options.mediaDir) {
        for (const key of await listMedia(options.mediaDir)) {
          options.signal?.throwIfAborted();
          const size = await archive.addFile(MEDIA_PREFIX + key, path.join(options.mediaDir, key));
          if (size !== undefined) {
            media.files++;
            media.bytes += size;
            if (!key.endsWith("-card.webp")) media.pictures++;
          }
        }
      }
      const manifest: Manifest = {
        format: FORMAT,
        version: FORMAT_VERSION,
        created_at: new Date(started).toISOString(),
        migration: dump.migration,
        postgres_version: dump.postgresVersion,
        storage: options.mediaDir ? "local" : "s3",
        counts: {
          ...dump.counts,
          pictures: media.pictures,
          media_files: media.files,
          media_bytes: media.bytes,
        },
        tables: dump.tables,
        sequences: dump.sequences,
      };
      await archive.addBuffer(MANIFEST, Buffer.from(JSON.stringify(manifest, null, 2)));
      await archive.finish();
      await rename(partial, options.out);
      const { size } = await stat(options.out);
      await options.afterWrite?.();
      return { file: options.out, manifest, bytes: size, ms: Date.now() - started };
    } catch (error) {
      await archive.abort(error as Error);
      throw error;
    }
  } catch (error) {
    await rm(partial, { force: true });
    throw options.signal?.aborted ? new Error("the backup was stopped") : error;
  } finally {
    options.signal?.removeEventListener("abort", abort);
    if (staging) await rm(staging, { recursive: true, force: true });
    // Ending the session releases the lock.
    await client.end().catch(() => {});
  }
}

async function takeLock(client: pg.Client, options: BackupOptions): Promise<boolean> {
  const tried = await client.query<{ locked: boolean }>(
    "select pg_try_advisory_lock($1, 0) as locked",
    [BACKUP_LOCK_CLASS],
  );
  if (tried.rows[0]?.locked) return true;
  if (!options.waitForOthers) return false;
  options.onWait?.();
  await client.query("select pg_advisory_lock($1, 0)", [BACKUP_LOCK_CLASS]);
  return true;
}
