import { eq, lte, sql } from "drizzle-orm";
import type { FastifyReply } from "fastify";
import type { Limit } from "../config.js";
import type { Db } from "../db/client.js";
import { rateLimits } from "../db/schema.js";
import { tooManyRequests } from "./errors.js";

// Fixed-window counters kept in PostgreSQL (table rate_limits), so every app process shares
// them. A counted attempt that turns out not to matter (a login that succeeds, an ingredient
// that already existed) is given back afterwards rather than counted afterwards: counting
// first means a burst of parallel requests cannot all pass the check before any is counted.

/**
 * Counts one attempt against each key and, when any key is over its limit, refuses the request
 * with 429 and a Retry-After of the longest wait. Refused attempts count too, which changes
 * nothing for a key already over its limit and keeps the others honest.
 */
export async function consumeAttempts(
  db: Db,
  reply: FastifyReply,
  attempts: { key: string; limit: Limit }[],
): Promise<void> {
  let retryAfterSeconds = 0;
  for (const { key, limit } of attempts) {
    const result = await db.execute<{ count: number; seconds_left: number }>(sql`
      insert into ${rateLimits} (key, window_ends_at, count)
      values (${key}, now() + make_interval(secs => ${limit.windowSeconds}), 1)
      on conflict (key) do update set
        count = case when rate_limits.window_ends_at <= now() then 1
                     else rate_limits.count + 1 end,
        window_ends_at = case when rate_limits.window_ends_at <= now()
                              then excluded.window_ends_at else rate_limits.window_ends_at end
      returning count, ceil(extract(epoch from window_ends_at - now()))::int as seconds_left`);
    const row = result.rows[0];
    if (row && row.count > limit.max) {
      retryAfterSeconds = Math.max(retryAfterSeconds, row.seconds_left, 1);
    }
  }
  if (retryAfterSeconds > 0) {
    reply.header("retry-after", String(retryAfterSeconds));
    throw tooManyRequests();
  }
}

/** Gives back one attempt counted against `key` that should not count after all. */
export async function returnAttempt(db: Db, key: string): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(eq(rateLimits.key, key));
}

/** Forgets every attempt counted against `key` in its current window. */
export async function clearAttempts(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/** Deletes the counters whose window has ended: they count nothing any more. */
export async function deleteEndedWindows(db: Db): Promise<number> {
  const deleted = await db.delete(rateLimits).where(lte(rateLimits.windowEndsAt, sql`now()`));
  return deleted.rowCount ?? 0;
}
