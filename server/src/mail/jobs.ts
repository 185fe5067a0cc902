import type { FastifyBaseLogger } from "fastify";
import type { JobKind, RunningJob } from "../jobs/queue.js";
import type { Mail, SendMail } from "./mailer.js";

/**
 * A mail to send: what a request enqueues instead of sending, so that it never waits for a
 * mail server nor fails with it. Retried with growing delays (about 1 s, 2 s, … up to a
 * minute between tries, some ten minutes in all), then given up with an error logged.
 * Holds no secret: a reset link is sent by its own job (auth/password-reset.ts), which makes
 * the token as it sends, so that no token ever waits in the queue's table.
 */
export const MAIL_JOB: JobKind<Mail> = {
  name: "mail",
  retries: 12,
  maxRunSeconds: 120,
  concurrency: 4,
};

/** Sends a mail job's mail; on the last try's failure, says so in the log. */
export async function runMailJob(
  send: SendMail,
  log: Pick<FastifyBaseLogger, "error">,
  job: RunningJob<Mail>,
): Promise<void> {
  try {
    await send(job.data);
  } catch (error) {
    if (job.lastTry) {
      log.error(
        { err: error, subject: job.data.subject, to: job.data.to, tries: job.retryCount + 1 },
        "mail could not be sent: giving up",
      );
    }
    throw error;
  }
}
