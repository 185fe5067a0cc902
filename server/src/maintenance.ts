import type { FastifyBaseLogger } from "fastify";
import { deleteExpiredResetTokens } from "./auth/password-reset.js";
import { deleteExpiredSessions } from "./auth/sessions.js";
import type { Db } from "./db/client.js";
import { deleteOldListEvents } from "./groceries/list-events.js";
import { deleteEndedWindows } from "./http/rate-limit.js";

/** How often a running server clears out rows nothing can use any more. */
export const MAINTENANCE_INTERVAL_MS = 10 * 60 * 1000;

/**
 * Deletes what nothing can use any more: expired sessions and password reset links, ended
 * rate-limit windows, and list events older than a reconnecting stream is replayed (it gets a
 * reset instead).
 */
export async function deleteStaleRows(
  db: Db,
): Promise<{ sessions: number; resetTokens: number; rateLimits: number; listEvents: number }> {
  return {
    sessions: await deleteExpiredSessions(db),
    resetTokens: await deleteExpiredResetTokens(db),
    rateLimits: await deleteEndedWindows(db),
    listEvents: await deleteOldListEvents(db),
  };
}

/**
 * Runs deleteStaleRows now and then every `intervalMs` in the background. A failed run (the
 * database away) is logged and the next one tries again; a run still going when the next is
 * due is not doubled. The timer does not keep the process alive. The returned function stops
 * it and resolves once a run in progress has finished, so the pool can be closed after it.
 */
export function startMaintenance(
  db: Db,
  log: Pick<FastifyBaseLogger, "info" | "error">,
  intervalMs = MAINTENANCE_INTERVAL_MS,
): () => Promise<void> {
  let running: Promise<void> | undefined;
  const run = () => {
    running ??= deleteStaleRows(db)
      .then((deleted) => {
        if (deleted.sessions + deleted.rateLimits + deleted.listEvents > 0)
          log.info({ deleted }, "stale rows deleted");
      })
      .catch((error: unknown) => log.error({ err: error }, "deleting stale rows failed"))
      .finally(() => {
        running = undefined;
      });
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
