import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, lte, or, sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { sessions, users } from "../db/schema.js";

export const SESSION_COOKIE = "sessionid";
const IDLE_LIFETIME_MS = 14 * 24 * 3600 * 1000;
const ABSOLUTE_LIFETIME_MS = 30 * 24 * 3600 * 1000;
// Refreshing last_seen_at on every request would turn each read into a write.
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;

export interface SessionUser {
  id: number;
  username: string;
  isSuperuser: boolean;
}

const hashToken = (token: string) => createHash("sha256").update(token).digest();

export async function createSession(db: Db, userId: number): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    expiresAt: new Date(Date.now() + ABSOLUTE_LIFETIME_MS),
  });
  return token;
}

/** The signed-in user of a session token, or null when the session is unknown or expired. */
export async function findSessionUser(db: Db, token: string): Promise<SessionUser | null> {
  const now = Date.now();
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      isSuperuser: users.isSuperuser,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, hashToken(token)),
        gt(sessions.expiresAt, new Date(now)),
        gt(sessions.lastSeenAt, new Date(now - IDLE_LIFETIME_MS)),
      ),
    );
  if (!row) return null;
  if (now - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: sql`now()` })
      .where(eq(sessions.tokenHash, hashToken(token)));
  }
  return { id: row.id, username: row.username, isSuperuser: row.isSuperuser };
}

export async function deleteSession(db: Db, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

/**
 * Deletes the sessions past their absolute or idle lifetime, which findSessionUser would
 * refuse anyway; how many. Run periodically (maintenance.ts).
 */
export async function deleteExpiredSessions(db: Db): Promise<number> {
  const now = Date.now();
  const result = await db
    .delete(sessions)
    .where(
      or(
        lte(sessions.expiresAt, new Date(now)),
        lte(sessions.lastSeenAt, new Date(now - IDLE_LIFETIME_MS)),
      ),
    );
  return result.rowCount ?? 0;
}
