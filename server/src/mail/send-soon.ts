import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import { MAIL_JOB } from "./jobs.js";
import type { Mail } from "./mailer.js";

/**
 * Puts a mail on the job queue for a request, which answers without waiting for it: a queue
 * that cannot take it (the database gone at that moment) is logged, never the request's
 * failure, since what the request did is done.
 */
export async function sendMailSoon(app: FastifyInstance, log: FastifyBaseLogger, mail: Mail) {
  try {
    await app.jobs.send(MAIL_JOB, mail);
  } catch (error) {
    log.error({ err: error, subject: mail.subject }, "could not queue a mail");
  }
}
