import type { FastifyInstance } from "fastify";
import { IMPORT_JOB, runImport } from "./imports/run.js";

/**
 * Starts working every kind of background job in this app process (each app process does: a
 * job runs in whichever is free). They stop with the app (app.ts closes the queue). Mail and
 * digests add a line here.
 */
export async function startBackgroundJobs(app: FastifyInstance): Promise<void> {
  const deps = { db: app.db, storage: app.storage, config: app.config, log: app.log };
  await app.jobs.work(IMPORT_JOB, (job) => runImport(deps, job));
}
