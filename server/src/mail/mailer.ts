import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import nodemailer from "nodemailer";
import type { MailSettings } from "../config.js";

/** A mail as the messages module writes it: plain text, and the same as simple HTML. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends one mail or throws (the job that called it is retried). */
export type SendMail = (mail: Mail) => Promise<void>;

/**
 * The one way mail leaves the server: over SMTP when SMTP_URL is set, else written as an RFC
 * 822 file to DATA_DIR/outbox (the embedded default), one log line each, so that an operator
 * without a mail server can still pass a reset link on. Only the mail jobs (jobs.ts) call it:
 * a request never waits for a mail server.
 */
export function createMailer(settings: MailSettings, log: FastifyBaseLogger): SendMail {
  if (settings.smtpUrl) {
    const transport = nodemailer.createTransport(settings.smtpUrl);
    return async (mail) => {
      await transport.sendMail({ from: settings.from, ...mail });
    };
  }
  // nodemailer builds the whole message (headers, both parts, encodings) without sending it.
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return async (mail) => {
    const built = await composer.sendMail({ from: settings.from, ...mail });
    await mkdir(settings.outboxDir, { recursive: true });
    const file = path.join(settings.outboxDir, outboxFileName(mail.to, new Date()));
    await writeFile(file, built.message as Buffer, { mode: 0o600 });
    log.info(`mail "${mail.subject}" to ${mail.to} written to ${file} (no SMTP_URL is set)`);
  };
}

/** `<time>-<to>.eml`, sorting in the order written; the address kept to safe characters. */
export function outboxFileName(to: string, now: Date): string {
  const time = now.toISOString().replace(/[-:]/g, "").replace(".", "-");
  const address = to.replace(/[^A-Za-z0-9@._+-]/g, "_").slice(0, 200);
  return `${time}-${address}.eml`;
}
