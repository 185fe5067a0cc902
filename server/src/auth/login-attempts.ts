import { sql } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "../db/client.js";
import { rateLimits } from "../db/schema.js";
import { clearAttempts, consumeAttempts, returnAttempt } from "../http/rate-limit.js";
import { verifyPassword } from "./passwords.js";
import { findUserForLogin } from "./repository.js";

const loginFailuresKey = (address: string, username: string) =>
  `login-failures:${address} ${username.toLowerCase()}`;

/**
 * Forgets an account's failed logins from every address: its password was just reset by its
 * owner, so the guesses made at the old one no longer lock the owner out.
 */
export async function clearLoginFailuresOf(db: Db, username: string): Promise<void> {
  const suffix = ` ${username.toLowerCase()}`;
  await db
    .delete(rateLimits)
    .where(
      sql`starts_with(${rateLimits.key}, 'login-failures:') and right(${rateLimits.key}, ${suffix.length}) = ${suffix}`,
    );
}

/**
 * A password given for an account, checked as a login checks it: each wrong one counts per
 * (account, address) and per address, and while either is over its limit even the right
 * password is refused (429). See docs/decisions/0008-limits-that-cannot-lock-out-a-cook.md.
 * Used by the login and by every other question "is it really you?" (deleting the account),
 * so that neither can be used to guess a password past the limits of the other.
 *
 * Returns the account when the password is its own, undefined otherwise.
 */
export async function checkPasswordAttempt(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  username: string,
  password: string,
) {
  // Looked up whether or not the limits then refuse: the same work for every name.
  const user = await findUserForLogin(app.db, username);
  // Counted under the account's username whichever of its name and email was typed, so that
  // the two together get no more guesses than one. The address comes first in the key: it
  // never holds a space, so no name can make the key of another address.
  const accountKey = loginFailuresKey(request.ip, user?.username ?? username);
  const addressKey = `login-failures:${request.ip}`;
  const { limits } = app.config;
  await consumeAttempts(app.db, reply, [
    { key: accountKey, limit: limits.loginFailuresPerAccountAddress },
    { key: addressKey, limit: limits.loginFailuresPerAddress },
  ]);
  if (!(await verifyPassword(user?.passwordHash, password)) || !user) return undefined;
  // Not a failure after all. The owner's earlier typos from here are forgotten; the
  // address's count is only given back, so that signing in to an account of one's own
  // between guesses cannot wipe the address's record of failures.
  await clearAttempts(app.db, accountKey);
  await returnAttempt(app.db, addressKey);
  return user;
}
