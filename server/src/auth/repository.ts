import type { Language } from "@potluck/contract/languages";
import type { UnitsPreference } from "@potluck/contract/units";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import { termsAcceptances, users } from "../db/schema.js";

/**
 * The account a login names: by its username, else by its email (both ignoring case). An
 * email that several accounts share (possible only for rows older than its unique index)
 * names none of them, so logging in by it fails like a wrong password.
 */
export async function findUserForLogin(db: Tx, login: string) {
  const lower = login.toLowerCase();
  const rows = await db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      passwordHash: users.passwordHash,
      isSuperuser: users.isSuperuser,
      disabledAt: users.disabledAt,
    })
    .from(users)
    .where(sql`lower(${users.username}) = ${lower} or lower(${users.email}) = ${lower}`)
    .limit(3);
  const byUsername = rows.find((row) => row.username.toLowerCase() === lower);
  if (byUsername) return byUsername;
  return rows.length === 1 ? rows[0] : undefined;
}

/** The accounts using an email address, ignoring case: those a reset link is sent for. */
export async function findUsersByEmail(db: Tx, email: string) {
  return db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      language: users.language,
    })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .orderBy(users.id);
}

/** Whether a unique index refused a write: two requests racing for one name or address. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  const cause = (error as { cause?: { code?: string; constraint?: string } })?.cause ?? error;
  const pgError = cause as { code?: string; constraint?: string };
  return pgError.code === "23505" && pgError.constraint === constraint;
}

export async function usernameOrEmailTaken(db: Tx, username: string, email: string) {
  const rows = await db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(
      sql`lower(${users.username}) = ${username.toLowerCase()} or lower(${users.email}) = ${email.toLowerCase()}`,
    );
  return {
    username: rows.some((r) => r.username.toLowerCase() === username.toLowerCase()),
    email: rows.some((r) => r.email.toLowerCase() === email.toLowerCase()),
  };
}

/**
 * Creates the account with its acceptance of the given Terms of Service version, both or
 * neither: call it inside the signup's transaction.
 */
export async function createUser(
  tx: Tx,
  values: {
    username: string;
    email: string;
    firstName: string;
    lastName: string;
    passwordHash: string;
    /** The language the visitor chose before signing up (potluck_lang), if any. */
    language?: Language | null;
    /** The units the cook starts with (defaultUnitsFor their language). */
    unitsPreference: UnitsPreference;
  },
  termsVersionId: number,
) {
  const [created] = await tx
    .insert(users)
    .values(values)
    .returning({ id: users.id, username: users.username, email: users.email });
  if (!created) throw new Error("insert returned no row");
  await tx.insert(termsAcceptances).values({ userId: created.id, termsVersionId });
  return created;
}

/**
 * Signing in keeps the language a signed-out visitor chose (the potluck_lang cookie) when the
 * account has none yet (issue 37); a language the cook chose before stays.
 */
export async function keepLanguageIfNone(db: Tx, userId: number, language: Language) {
  await db
    .update(users)
    .set({ language })
    .where(and(eq(users.id, userId), isNull(users.language)));
}

export async function setPasswordHash(db: Tx, userId: number, passwordHash: string) {
  await db.update(users).set({ passwordHash }).where(sql`${users.id} = ${userId}`);
}
