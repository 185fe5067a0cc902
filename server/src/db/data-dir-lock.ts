import { closeSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import path from "node:path";
import { isAlive } from "./embedded.js";

// One process at a time owns a data directory's embedded database: the lock is a file created
// exclusively (O_EXCL) holding the owner's pid. A lock whose pid is gone (the owner was
// killed) is stale and taken over, so a `kill -9` never needs a hand to clean up.

const LOCK_FILE = "server.lock";

interface LockHolder {
  pid: number;
  /** What holds it, for the message a second server prints: "the server on port 3000". */
  holder: string;
}

/** Another live process owns the data directory. */
export class DataDirBusyError extends Error {
  constructor(
    readonly dataDir: string,
    readonly current: LockHolder,
  ) {
    super(
      `Another Potluck process (pid ${current.pid}, ${current.holder}) is using the data ` +
        `directory ${dataDir}. Stop it first, or give this one its own DATA_DIR.`,
    );
  }
}

/** Takes the lock for this process or throws DataDirBusyError; `release()` gives it back. */
export function lockDataDir(dataDir: string, holder: string): { release(): void } {
  const file = path.join(dataDir, LOCK_FILE);
  const mine: LockHolder = { pid: process.pid, holder };
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(file, "wx", 0o644);
      writeSync(fd, JSON.stringify(mine));
      closeSync(fd);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST" || attempt > 0) throw error;
    }
    const current = readHolder(file);
    if (current && current.pid !== process.pid && isAlive(current.pid) && isNode(current.pid)) {
      throw new DataDirBusyError(dataDir, current);
    }
    // Stale: its process is gone. Two processes taking over the same stale lock in the same
    // instant is the one race left; the exclusive create above settles the common cases.
    rmSync(file, { force: true });
  }
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    if (readHolder(file)?.pid === process.pid) rmSync(file, { force: true });
  };
  process.once("exit", release);
  return { release };
}

function readHolder(file: string): LockHolder | undefined {
  try {
    const parsed = JSON.parse(readFileSync(file, "utf8")) as Partial<LockHolder>;
    return typeof parsed.pid === "number"
      ? { pid: parsed.pid, holder: String(parsed.holder) }
      : undefined;
  } catch {
    return undefined;
  }
}

/** Guards against a recycled pid: a lock is only held by a Node.js process. */
function isNode(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("node");
  } catch {
    // No /proc (macOS): trust the pid.
    return true;
  }
}
