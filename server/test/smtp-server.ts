import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, expect } from "vitest";

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  parsed: ParsedMail;
}

/**
 * A real SMTP server on a free loopback port for the file's tests: the app's mails arrive over
 * SMTP, as they would at a mail provider, and are parsed as a mail reader would. `env` points
 * the app at it.
 */
export async function startTestSmtpServer() {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on loopback: no certificate to make up.
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          for (const recipient of session.envelope.rcptTo) {
            received.push({
              to: recipient.address,
              subject: parsed.subject ?? "",
              text: parsed.text ?? "",
              html: typeof parsed.html === "string" ? parsed.html : "",
              parsed,
            });
          }
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return {
    env: { SMTP_URL: `smtp://127.0.0.1:${port}`, PUBLIC_URL: "http://potluck.test" },
    received,
    /** The mails to an address so far. */
    to: (address: string) => received.filter((mail) => mail.to === address.toLowerCase()),
    /** Waits for the `count`-th mail to an address (the job queue polls every 2 s). */
    async waitFor(address: string, count = 1, timeout = 20_000): Promise<ReceivedMail> {
      await expect
        .poll(() => received.filter((mail) => mail.to === address.toLowerCase()).length, {
          timeout,
          interval: 100,
        })
        .toBeGreaterThanOrEqual(count);
      return received.filter((mail) => mail.to === address.toLowerCase())[
        count - 1
      ] as ReceivedMail;
    },
  };
}

/** The reset token in a reset mail's link. */
export function resetTokenOf(mail: ReceivedMail): string {
  const match = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text);
  if (!match?.[1]) throw new Error(`no reset link in: ${mail.text}`);
  return match[1];
}
