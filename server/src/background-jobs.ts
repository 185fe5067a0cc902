import type { FastifyInstance } from "fastify";
import { PASSWORD_RESET_JOB, runPasswordResetJob } from "./auth/password-reset.js";
import { IMPORT_JOB, runImport } from "./imports/run.js";
import { MAIL_JOB, runMailJob } from "./mail/jobs.js";
import { createMailer } from "./mail/mailer.js";
import {
  NOTIFICATION_DIGEST_CRON,
  NOTIFICATION_DIGEST_JOB,
  sendDigests,
} from "./notifications/digest.js";
import {
  deleteOldReadNotifications,
  NOTIFICATION_RETENTION_CRON,
  NOTIFICATION_RETENTION_JOB,
} from "./notifications/retention.js";
import { FACTS_VERSION } from "./recipes/facts.js";
import { RECIPE_FACTS_JOB, refreshStaleFacts } from "./recipes/facts-job.js";

/**
 * Starts working every kind of background job in this app process (each app process does: a
 * job runs in whichever is free). They stop with the app (app.ts closes the queue). Digests
 * add a line here.
 */
export async function startBackgroundJobs(app: FastifyInstance): Promise<void> {
  const deps = { db: app.db, storage: app.storage, config: app.config, log: app.log };
  await app.jobs.work(IMPORT_JOB, (job) => runImport(deps, job));
  const send = createMailer(app.config.mail, app.log);
  await app.jobs.work(MAIL_JOB, (job) => runMailJob(send, app.log, job));
  await app.jobs.work(PASSWORD_RESET_JOB, (job) => runPasswordResetJob({ ...deps, send }, job));
  const digests = {
    db: app.db,
    jobs: app.jobs,
    publicUrl: app.config.mail.publicUrl,
    log: app.log,
  };
  await app.jobs.work(NOTIFICATION_DIGEST_JOB, async () => {
    await sendDigests(digests);
  });
  await app.jobs.schedule(NOTIFICATION_DIGEST_JOB, NOTIFICATION_DIGEST_CRON, {});
  await app.jobs.work(NOTIFICATION_RETENTION_JOB, async (job) => {
    await deleteOldReadNotifications(app.db, job.signal);
  });
  await app.jobs.schedule(NOTIFICATION_RETENTION_JOB, NOTIFICATION_RETENTION_CRON, {});
  await app.jobs.work(RECIPE_FACTS_JOB, async (job) => {
    await refreshStaleFacts(app.db, job);
  });
  // Recipes computed from other food data than this start's (or never) catch up.
  await app.jobs.send(RECIPE_FACTS_JOB, {}, { key: FACTS_VERSION });
}
