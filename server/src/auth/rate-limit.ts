import { sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { tooManyRequests } from "../http/errors.js";

export interface Limit {
  max: number;
  windowSeconds: number;
}

/**
 * Counts one attempt against `key` in a fixed window kept in PostgreSQL (so every app process
 * shares it) and throws 429 once more than `max` attempts fall in the current window.
 */
export async function consumeAttempt(db: Db, key: string, limit: Limit): Promise<void> {
  const result = await db.execute<{ count: number }>(sql`
    insert into rate_limits (key, window_start, count) values (${key}, now(), 1)
    on conflict (key) do update set
      count = case when rate_limits.window_start < now() - make_interval(secs => ${limit.windowSeconds})
                   then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.window_start < now() - make_interval(secs => ${limit.windowSeconds})
                   then now() else rate_limits.window_start end
    returning count`);
  const count = Number(result.rows[0]?.count ?? 0);
  if (count > limit.max) throw tooManyRequests();
}
