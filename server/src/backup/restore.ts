import { existsSync, mkdirSync, readdirSync, rmdirSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rename, rm } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import type { Settings } from "../config.js";
import { DataDirBusyError, lockDataDir } from "../db/data-dir-lock.js";
import { startEmbeddedPostgres } from "../db/embedded.js";
import { EmbeddedPortTakenError } from "../db/embedded-port.js";
import { createS3ImageStorage } from "../media/s3-storage.js";
import { BackupFileError, listMedia, unpackArchive } from "./archive.js";
import { migrationTag, restoreDatabase, tableCount } from "./database.js";
import { countsInWords, type Manifest, MEDIA_PREFIX } from "./format.js";

// `npm run restore -- FILE [--force]`: a backup file back into an installation, the embedded
// database in DATA_DIR or the one at DATABASE_URL, with the pictures into DATA_DIR/media (or
// the bucket, with STORAGE=s3). The whole file is read and checked before anything is
// touched; the database is filled in one transaction; a target that holds data is refused
// unless `force` says to replace it.

/** A restore that cannot go ahead, or failed: the message is the one line to show, and says what changed. */
export class RestoreRefused extends Error {}

export interface RestoreSummary {
  manifest: Manifest;
  ms: number;
}

export async function restoreBackup(options: {
  file: string;
  settings: Settings;
  force: boolean;
  /** Progress lines for the person waiting. */
  say: (line: string) => void;
}): Promise<RestoreSummary> {
  const { file, settings, force, say } = options;
  const started = Date.now();
  if (!existsSync(file)) throw new RestoreRefused(`There is no file ${file}.`);
  const embedded = settings.databaseUrl === undefined;
  const createdDataDir = !existsSync(settings.dataDir);
  mkdirSync(settings.dataDir, { recursive: true });
  let lock: { release(): void } | undefined;
  let staging: string | undefined;
  let stopDatabase = async () => {};
  try {
    if (embedded) lock = lockDataDirOrRefuse(settings.dataDir);
    await refuseUnlessEmpty(settings, force);

    say(`Checking ${file} ...`);
    staging = await mkdtemp(`${settings.dataDir}.restore-`);
    const manifest = await unpackArchive(file, staging).catch((error: unknown) => {
      if (error instanceof BackupFileError) {
        throw new RestoreRefused(
          `${file} cannot be restored: ${error.message}. Nothing was changed.`,
        );
      }
      throw error;
    });
    if (migrationTag(manifest.migration.created_at) === undefined) {
      throw new RestoreRefused(
        `${file} was made by a newer Potluck (its database has the migration ` +
          `${manifest.migration.tag ?? manifest.migration.created_at}, unknown here): ` +
          "update Potluck, then restore. Nothing was changed.",
      );
    }
    if (manifest.storage === "s3" && !settings.s3) {
      say(
        "Note: this backup was made with STORAGE=s3; its pictures are in that bucket, not in " +
          "the file. Start Potluck with the same S3_ settings to show them.",
      );
    }

    let url = settings.databaseUrl;
    if (!url) {
      const database = await startEmbeddedPostgres(
        path.join(settings.dataDir, "postgres"),
        settings.embeddedPostgresPort,
      ).catch((error: unknown) => {
        if (error instanceof EmbeddedPortTakenError) throw new RestoreRefused(error.message);
        throw error;
      });
      url = database.url;
      stopDatabase = () => database.stop();
    }
    say(`Restoring ${countsInWords(manifest.counts)} (backup of ${manifest.created_at}) ...`);
    const client = new pg.Client({ connectionString: url });
    client.on("error", () => {});
    await client.connect();
    try {
      const { endedImports } = await restoreDatabase(client, staging, manifest, {
        replace: force,
      });
      // Queued work is not in a backup (decision 28): say what did not survive.
      if (endedImports > 0) {
        say(
          `${endedImports} ${endedImports === 1 ? "import was" : "imports were"} waiting or running ` +
            "at the time of the backup: ended as failed (the cooks upload those files again).",
        );
      }
    } catch (error) {
      throw new RestoreRefused(
        `The restore failed and the database was left as it was: ${(error as Error).message}`,
      );
    } finally {
      await client.end().catch(() => {});
    }
    await restorePictures(staging, settings, force).catch((error: unknown) => {
      throw new RestoreRefused(
        `The database was restored, but putting the pictures back failed: ${(error as Error).message}`,
      );
    });
    return { manifest, ms: Date.now() - started };
  } finally {
    await stopDatabase();
    lock?.release();
    if (staging) await rm(staging, { recursive: true, force: true });
    // A refused restore into a folder that did not exist leaves none behind.
    if (createdDataDir && readdirSync(settings.dataDir).length === 0) rmdirSync(settings.dataDir);
  }
}

function lockDataDirOrRefuse(dataDir: string): { release(): void } {
  try {
    return lockDataDir(dataDir, "npm run restore");
  } catch (error) {
    if (error instanceof DataDirBusyError) {
      throw new RestoreRefused(
        `${error.message.replace(/ Stop it first.*$/, "")} Stop it before restoring into it.`,
      );
    }
    throw error;
  }
}

/** Refuses a target that holds a database or pictures, unless `force`. */
async function refuseUnlessEmpty(settings: Settings, force: boolean): Promise<void> {
  if (force) return;
  const pictures = settings.s3 ? 0 : (await listMedia(settings.mediaDir)).length;
  let holds: string | undefined;
  if (settings.databaseUrl === undefined) {
    if (existsSync(path.join(settings.dataDir, "postgres", "PG_VERSION"))) {
      holds = `DATA_DIR ${settings.dataDir} already holds a database`;
    }
  } else {
    const client = new pg.Client({ connectionString: settings.databaseUrl });
    client.on("error", () => {});
    await client.connect();
    try {
      const tables = await tableCount(client);
      if (tables > 0) holds = `The database at DATABASE_URL is not empty (${tables} tables)`;
    } finally {
      await client.end().catch(() => {});
    }
  }
  if (!holds && pictures > 0) holds = `${settings.mediaDir} already holds ${pictures} pictures`;
  if (holds) {
    throw new RestoreRefused(
      `${holds}: restore fills an empty one only. Add --force to replace what is there.`,
    );
  }
}

/**
 * The file's pictures (laid out under `staging`/media) into the installation's storage:
 * moved into DATA_DIR/media (emptied first with `force`), or put into the bucket.
 */
async function restorePictures(staging: string, settings: Settings, force: boolean) {
  const stagedMedia = path.join(staging, MEDIA_PREFIX);
  const keys = await listMedia(stagedMedia);
  if (settings.s3) {
    const storage = await createS3ImageStorage(settings.s3);
    try {
      for (const key of keys) {
        await storage.put(key, await readFile(path.join(stagedMedia, key)), "image/webp");
      }
    } finally {
      storage.close();
    }
    return;
  }
  if (force) await rm(settings.mediaDir, { recursive: true, force: true });
  for (const key of keys) {
    const target = path.join(settings.mediaDir, key);
    await mkdir(path.dirname(target), { recursive: true });
    await rename(path.join(stagedMedia, key), target);
  }
  await mkdir(settings.mediaDir, { recursive: true });
}
