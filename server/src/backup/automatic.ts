import { mkdir, readdir, rm } from "node:fs/promises";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import { type BackupSummary, createBackup } from "./backup.js";
import { countsInWords } from "./format.js";

// The server's own backups of the embedded database: one every BACKUP_INTERVAL_HOURS into
// DATA_DIR/backups, the newest BACKUP_KEEP kept. With DATABASE_URL the database is someone
// else's to back up (its own dumps, snapshots or replicas), and `npm run backup` is there.

/** What an automatic backup is named: sortable by name, oldest first. */
const BACKUP_NAME = /^potluck-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.tar$/;
/** Left by a backup that was killed mid-way: its partial file and its staging folder. */
const LEFTOVER = /^(potluck-.*\.tar\.partial|\.potluck-backup-.*)$/;
/** After a start, the first backup waits this long: the start itself comes first. */
const FIRST_BACKUP_DELAY_MS = 10_000;

export function backupFileName(at: Date): string {
  return `potluck-${at.toISOString().replaceAll(":", "-").replace(".", "-")}.tar`;
}

export interface AutomaticBackupOptions {
  databaseUrl: string;
  mediaDir: string | undefined;
  dir: string;
  keep: number;
  signal?: AbortSignal;
}

export type AutomaticBackupResult = (BackupSummary & { removed: string[] }) | "busy";

/**
 * One automatic backup into `dir`, then the oldest beyond `keep` removed (while its lock is
 * still held). "busy" when another backup is running: this one is skipped, not queued.
 */
export async function runAutomaticBackup(
  options: AutomaticBackupOptions,
): Promise<AutomaticBackupResult> {
  await mkdir(options.dir, { recursive: true });
  let removed: string[] = [];
  const summary = await createBackup({
    databaseUrl: options.databaseUrl,
    mediaDir: options.mediaDir,
    out: path.join(options.dir, backupFileName(new Date())),
    waitForOthers: false,
    signal: options.signal,
    afterWrite: async () => {
      removed = await pruneBackups(options.dir, options.keep);
    },
  });
  return summary === "busy" ? summary : { ...summary, removed };
}

/** Removes all but the newest `keep` backups, and what killed backups left behind. */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const names = await readdir(dir);
  const backups = names.filter((name) => BACKUP_NAME.test(name)).sort();
  const removed = [
    ...backups.slice(0, Math.max(0, backups.length - keep)),
    ...names.filter((name) => LEFTOVER.test(name)),
  ];
  for (const name of removed) await rm(path.join(dir, name), { recursive: true, force: true });
  return removed.filter((name) => BACKUP_NAME.test(name));
}

/** When the newest automatic backup in `dir` was taken, from its name; undefined: none yet. */
async function newestBackupTime(dir: string): Promise<number | undefined> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const newest = names
    .filter((name) => BACKUP_NAME.test(name))
    .sort()
    .at(-1);
  if (!newest) return undefined;
  // potluck-2026-11-27T03-00-00-000Z.tar → 2026-11-27T03:00:00.000Z
  const [, date = "", h, m, s, ms] =
    /^potluck-(.{10})T(\d\d)-(\d\d)-(\d\d)-(\d{3})Z/.exec(newest) ?? [];
  return Date.parse(`${date}T${h}:${m}:${s}.${ms}Z`);
}

export type Log = Pick<FastifyBaseLogger, "info" | "error">;

/**
 * Takes a backup every `intervalMs` in the background: the first one when the newest in `dir`
 * is that old (a restart does not take one more), at the earliest 10 s after the start.
 * One line is logged per backup; a failed one is logged and tried again an interval later.
 * The returned function stops the timer and a backup in progress (its partial file removed).
 */
export function startAutomaticBackups(
  options: Omit<AutomaticBackupOptions, "signal"> & { intervalMs: number; firstDelayMs?: number },
  log: Log,
  backUp: (options: AutomaticBackupOptions) => Promise<AutomaticBackupResult> = runAutomaticBackup,
): () => Promise<void> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const intervalHours = Math.round((options.intervalMs / 3_600_000) * 100) / 100;

  const schedule = (delayMs: number) => {
    if (controller.signal.aborted) return;
    timer = setTimeout(run, delayMs);
    timer.unref();
  };
  const run = () => {
    running = backUp({ ...options, signal: controller.signal })
      .then((result) => {
        if (result === "busy") {
          log.info("automatic backup skipped: another backup is running");
          return;
        }
        const { manifest, bytes, ms, removed } = result;
        log.info(
          `automatic backup written: ${result.file} (${countsInWords(manifest.counts)}, ` +
            `${megabytes(bytes)} in ${ms} ms` +
            `${removed.length > 0 ? `; removed ${removed.length} older` : ""})`,
        );
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        log.error(
          { err: error },
          `automatic backup failed: ${(error as Error).message}; next try in ${intervalHours} h`,
        );
      })
      .finally(() => {
        running = undefined;
        schedule(options.intervalMs);
      });
  };

  void newestBackupTime(options.dir).then((newest) => {
    const firstDelay = options.firstDelayMs ?? FIRST_BACKUP_DELAY_MS;
    const due = newest === undefined ? 0 : newest + options.intervalMs - Date.now();
    schedule(Math.min(Math.max(due, firstDelay), options.intervalMs));
  });
  return async () => {
    controller.abort();
    clearTimeout(timer);
    await running;
  };
}

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
