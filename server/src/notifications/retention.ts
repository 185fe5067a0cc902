import { sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import type { JobKind } from "../jobs/queue.js";

// Notifications are kept while unread (a cook who has not seen one still should) and for 90
// days once read; a daily job deletes the older read ones (issue 35 §3, decision 0031).

/** How long a read notification is kept. */
export const READ_NOTIFICATION_KEEP_DAYS = 90;

export const NOTIFICATION_RETENTION_JOB: JobKind<Record<string, never>> = {
  name: "notification-retention",
  retries: 2,
  maxRunSeconds: 600,
  concurrency: 1,
};

/** Once a day, at a quiet hour (UTC). */
export const NOTIFICATION_RETENTION_CRON = "23 3 * * *";

/** Rows deleted per statement, so no run holds many row locks or one long transaction. */
const BATCH = 5000;

/**
 * Deletes the notifications read more than READ_NOTIFICATION_KEEP_DAYS ago, a batch at a
 * time (their actors go by cascade); unread ones stay whatever their age. Returns how many.
 */
export async function deleteOldReadNotifications(db: Db, signal?: AbortSignal): Promise<number> {
  let deleted = 0;
  for (;;) {
    if (signal?.aborted) break;
    const result = await db.execute(sql`
      delete from notifications where id in (
        select id from notifications
        where read_at is not null
          and read_at < now() - make_interval(days => ${READ_NOTIFICATION_KEEP_DAYS})
        limit ${BATCH})`);
    const count = result.rowCount ?? 0;
    deleted += count;
    if (count < BATCH) break;
  }
  return deleted;
}
