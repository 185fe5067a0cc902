import { sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { JobInterrupted, type JobKind, type RunningJob } from "../jobs/queue.js";
import { FACTS_VERSION, refreshRecipeFacts } from "./facts.js";

// Recipes whose facts were computed from other food data than this release's (or never:
// recipes from before migration 0040, bulk seeds) are recomputed in the background after a
// start, a batch per transaction, in id order. A run that stops carries on where the facts
// are still stale: each batch is committed with its new version.

/** Sent at every start, keyed by the food data's version (FACTS_VERSION). */
export const RECIPE_FACTS_JOB: JobKind<Record<string, never>> = {
  name: "recipe-facts",
  oneAtATimePerKey: true,
  retries: 5,
  maxRunSeconds: 6 * 3600,
  concurrency: 1,
};

/** Recipes per transaction: short row locks, and a recipe write waits at most one batch. */
const BATCH = 500;

/** Recomputes every stale recipe's facts; returns how many. */
export async function refreshStaleFacts(
  db: Db,
  job?: Pick<RunningJob<object>, "signal">,
): Promise<number> {
  let done = 0;
  let after = 0;
  for (;;) {
    if (job?.signal.aborted) throw new JobInterrupted();
    const stale = await db.execute<{ id: number }>(sql`
      select id from recipes
      where id > ${after} and facts_version is distinct from ${FACTS_VERSION}
      order by id limit ${BATCH}`);
    const ids = stale.rows.map((row) => row.id);
    if (ids.length === 0) return done;
    // A recipe written meanwhile has its facts already; recomputing them is harmless.
    await db.transaction((tx) =>
      refreshRecipeFacts(tx, sql`r.id = any(${`{${ids.join(",")}}`}::int[])`),
    );
    done += ids.length;
    after = ids[ids.length - 1] as number;
  }
}
