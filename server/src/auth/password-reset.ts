import { createHash, randomBytes } from "node:crypto";
import { DEFAULT_LANGUAGE, isLanguage } from "@potluck/contract/languages";
import { and, eq, gt, lte } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../config.js";
import type { Db, Tx } from "../db/client.js";
import { passwordResetTokens } from "../db/schema.js";
import type { JobKind, RunningJob } from "../jobs/queue.js";
import type { SendMail } from "../mail/mailer.js";
import { passwordResetMail } from "../mail/messages.js";
import { findUsersByEmail } from "./repository.js";

// Resetting a forgotten password with a link sent by mail (issue 26 §3; decision 0029). The
// request only enqueues a job naming the address, whether or not an account uses it, so that
// its answer and its time say nothing; the job finds the accounts and mails each a link.

const hashToken = (token: string) => createHash("sha256").update(token).digest();

/** A new reset token for an account: 256 random bits, of which only the hash is kept. */
export async function createResetToken(db: Tx, userId: number, ttlMinutes: number) {
  const token = randomBytes(32).toString("base64url");
  await db.insert(passwordResetTokens).values({
    tokenHash: hashToken(token),
    userId,
    expiresAt: new Date(Date.now() + ttlMinutes * 60_000),
  });
  return token;
}

/**
 * Uses a token up: the account it resets, or undefined when it is unknown, used or expired.
 * Deleting it is what makes it work once, even for two requests at the same moment.
 */
export async function useResetToken(tx: Tx, token: string): Promise<number | undefined> {
  const [row] = await tx
    .delete(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.tokenHash, hashToken(token)),
        gt(passwordResetTokens.expiresAt, new Date()),
      ),
    )
    .returning({ userId: passwordResetTokens.userId });
  return row?.userId;
}

/** Every reset link of an account stops working: its password has just changed. */
export async function deleteResetTokensOf(tx: Tx, userId: number): Promise<void> {
  await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
}

/** Deletes the expired tokens, which nothing would accept any more; how many. */
export async function deleteExpiredResetTokens(db: Db): Promise<number> {
  const result = await db
    .delete(passwordResetTokens)
    .where(lte(passwordResetTokens.expiresAt, new Date()));
  return result.rowCount ?? 0;
}

export interface PasswordResetJobData {
  email: string;
}

/**
 * A reset asked for an address. Few retries: a link that comes much later than asked for is
 * worth less than asking again, and each try makes a new token (the unsent ones expire).
 */
export const PASSWORD_RESET_JOB: JobKind<PasswordResetJobData> = {
  name: "password-reset-mail",
  retries: 5,
  maxRunSeconds: 120,
  concurrency: 2,
};

export interface PasswordResetDeps {
  db: Db;
  config: Pick<Config, "mail" | "passwordResetTtlMinutes">;
  send: SendMail;
  log: Pick<FastifyBaseLogger, "error">;
}

/** Mails a reset link to each account using the address (none: nothing is sent). */
export async function runPasswordResetJob(
  deps: PasswordResetDeps,
  job: RunningJob<PasswordResetJobData>,
): Promise<void> {
  const { db, config } = deps;
  const accounts = await findUsersByEmail(db, job.data.email);
  try {
    for (const account of accounts) {
      const token = await createResetToken(db, account.id, config.passwordResetTtlMinutes);
      const link = `${config.mail.publicUrl}/reset-password?token=${token}`;
      await deps.send(
        passwordResetMail(
          account.email,
          isLanguage(account.language) ? account.language : DEFAULT_LANGUAGE,
          account.username,
          link,
          config.passwordResetTtlMinutes,
        ),
      );
    }
  } catch (error) {
    if (job.lastTry) {
      deps.log.error(
        { err: error, tries: job.retryCount + 1 },
        "a password reset mail could not be sent: giving up",
      );
    }
    throw error;
  }
}
