import { fork } from "node:child_process";
import os from "node:os";
import type { Config } from "../config.js";
import {
  type AutomaticBackupOptions,
  type AutomaticBackupResult,
  type Log,
  runAutomaticBackup,
  startAutomaticBackups,
} from "./automatic.js";

// The server's automatic backup runs in a child process of its own, at a lower priority: the
// copy's stream handling, hashing and packing (a minute or more of it at a million recipes) then never
// queue in the event loop of the process that serves, and the operating system gives the CPU
// to serving first. (At 30k recipes, 2-3 s of backup, the difference under load was lost in
// the noise of this shared machine: decision 28.)
// The child is the server's own entry (dist/main.js, or src/main.ts under tsx) started with
// BACKUP_JOB set: main.ts then runs runBackupJob instead of a server.

export const BACKUP_JOB = "POTLUCK_BACKUP_JOB";
/** Nice value of the backup process (0 is normal, 19 the lowest). */
const BACKUP_PRIORITY = 10;

type Job = Omit<AutomaticBackupOptions, "signal">;
type Outcome = { ok: true; result: AutomaticBackupResult } | { ok: false; message: string };

/** runAutomaticBackup in a child process; the signal stops it (its partial file removed). */
export function runAutomaticBackupInChild(
  options: AutomaticBackupOptions,
): Promise<AutomaticBackupResult> {
  const { signal, ...job } = options;
  return new Promise((resolve, reject) => {
    const entry = process.argv[1];
    if (!entry) throw new Error("no entry module to start the backup process with");
    // The job (the database URL holds the password) goes in the environment, never on a
    // command line that `ps` shows.
    const child = fork(entry, [], {
      env: { ...process.env, [BACKUP_JOB]: JSON.stringify(job) },
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    try {
      if (child.pid) os.setPriority(child.pid, BACKUP_PRIORITY);
    } catch {
      // Not allowed here: it runs at the server's priority.
    }
    let outcome: Outcome | undefined;
    const stop = () => child.kill("SIGTERM");
    signal?.addEventListener("abort", stop, { once: true });
    child.once("message", (message) => {
      outcome = message as Outcome;
    });
    child.once("error", reject);
    child.once("exit", (code, exitSignal) => {
      signal?.removeEventListener("abort", stop);
      if (outcome?.ok) resolve(outcome.result);
      else if (outcome) reject(new Error(outcome.message));
      else reject(new Error(`the backup process ended (${exitSignal ?? `code ${code}`})`));
    });
  });
}

/** The child's side: the job from the environment, its outcome to the parent, then exit. */
export async function runBackupJob(): Promise<void> {
  const job = JSON.parse(process.env[BACKUP_JOB] ?? "{}") as Job;
  const controller = new AbortController();
  // Stopped by the server (SIGTERM) when it stops. A Ctrl-C reaches this process too (one
  // process group): the server stops it in its own order, so it is not a failure to log here.
  process.on("SIGINT", () => {});
  for (const name of ["SIGTERM", "SIGHUP"] as const) process.on(name, () => controller.abort());
  let outcome: Outcome;
  try {
    outcome = { ok: true, result: await runAutomaticBackup({ ...job, signal: controller.signal }) };
  } catch (error) {
    outcome = { ok: false, message: (error as Error).message };
  }
  // The parent may be gone (killed): then there is no one to tell.
  if (process.connected) await new Promise((done) => process.send?.(outcome, done));
  process.exit(0);
}

/**
 * The server's automatic backups as configured, each in a child process: nothing with
 * DATABASE_URL (that database is backed up by its own means) or BACKUP_KEEP=0.
 */
export function startConfiguredBackups(config: Config, databaseUrl: string, log: Log) {
  if (config.databaseUrl !== undefined || config.backups.keep === 0) return async () => {};
  return startAutomaticBackups(
    {
      databaseUrl,
      mediaDir: config.s3 ? undefined : config.mediaDir,
      dir: config.backups.dir,
      keep: config.backups.keep,
      intervalMs: config.backups.intervalHours * 3_600_000,
    },
    log,
    runAutomaticBackupInChild,
  );
}
