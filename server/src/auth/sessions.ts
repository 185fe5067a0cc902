import { createHash, randomBytes } from "node:crypto";
import { isLanguage, type Language } from "@potluck/contract/languages";
import { and, desc, eq, gt, isNull, lte, ne, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.js";
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
  /** Kept with the session so that auth status needs no query (the cache hears changes). */
  followerCount: number;
  followingCount: number;
  /** The language the cook chose, or null (issue 37): the request is answered in it. */
  language: Language | null;
}

const hashToken = (token: string) => createHash("sha256").update(token).digest();

/** Longest User-Agent kept: enough to tell a browser and system, and no more to store. */
const USER_AGENT_MAX = 512;

export async function createSession(db: Db, userId: number, userAgent = ""): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    expiresAt: new Date(Date.now() + ABSOLUTE_LIFETIME_MS),
    // NUL is the one character PostgreSQL's text refuses.
    userAgent: userAgent.replaceAll("\u0000", "").slice(0, USER_AGENT_MAX),
  });
  return token;
}

/** A live session as read from the database: its user, and what decides when it ends. */
export interface SessionRow {
  user: SessionUser;
  /** Epoch milliseconds. */
  expiresAt: number;
  lastSeenAt: number;
}

export const sessionTokenHash = (token: string): Buffer => hashToken(token);

/** Whether a session read at some point is still within its absolute and idle lifetimes. */
export const sessionAlive = (row: SessionRow, now: number): boolean =>
  row.expiresAt > now && row.lastSeenAt > now - IDLE_LIFETIME_MS;

/** Whether `last_seen_at` is due a refresh. */
export const sessionTouchDue = (row: SessionRow, now: number): boolean =>
  now - row.lastSeenAt > TOUCH_INTERVAL_MS;

/**
 * The live session of a token hash, or null when it is unknown or expired; refreshes
 * `last_seen_at` when due. Use SessionCache.userOf, which mostly answers without this.
 */
export async function loadSession(db: Db, tokenHash: Buffer): Promise<SessionRow | null> {
  const now = Date.now();
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      isSuperuser: users.isSuperuser,
      followerCount: users.followerCount,
      followingCount: users.followingCount,
      language: users.language,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        gt(sessions.expiresAt, new Date(now)),
        gt(sessions.lastSeenAt, new Date(now - IDLE_LIFETIME_MS)),
        // Disabling a cook deletes their sessions; this refuses one a racing login made.
        isNull(users.disabledAt),
      ),
    );
  if (!row) return null;
  const session = {
    user: {
      id: row.id,
      username: row.username,
      isSuperuser: row.isSuperuser,
      followerCount: row.followerCount,
      followingCount: row.followingCount,
      language: isLanguage(row.language) ? row.language : null,
    },
    expiresAt: row.expiresAt.getTime(),
    lastSeenAt: row.lastSeenAt.getTime(),
  };
  if (sessionTouchDue(session, now)) {
    if (!(await touchSession(db, tokenHash))) return null;
    session.lastSeenAt = now;
  }
  return session;
}

/** The signed-in user of a session token, from the database (no cache). */
export async function findSessionUser(db: Db, token: string): Promise<SessionUser | null> {
  return (await loadSession(db, hashToken(token)))?.user ?? null;
}

/** Refreshes `last_seen_at`; false when the session is gone (ended meanwhile). */
export async function touchSession(db: Db, tokenHash: Buffer): Promise<boolean> {
  const result = await db
    .update(sessions)
    .set({ lastSeenAt: sql`now()` })
    .where(eq(sessions.tokenHash, tokenHash));
  return (result.rowCount ?? 0) > 0;
}

export async function deleteSession(db: Db, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

/**
 * Deletes the sessions past their absolute or idle lifetime, which loadSession would
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

/** Whether a session row is within its absolute and idle lifetimes, as SQL. */
const liveSession = (now: number) =>
  and(
    gt(sessions.expiresAt, new Date(now)),
    gt(sessions.lastSeenAt, new Date(now - IDLE_LIFETIME_MS)),
  );

/** A cook's live sessions, the most recently used first: their signed-in devices. */
export async function listSessions(db: Db, userId: number) {
  return db
    .select({
      publicId: sessions.publicId,
      tokenHash: sessions.tokenHash,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), liveSession(Date.now())))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
}
export type SessionListRow = Awaited<ReturnType<typeof listSessions>>[number];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Deletes the session of a cook named by its public id; false when the cook has none by that
 * id (another cook's is not theirs to end). Use SessionCache.endSessionOf.
 */
export async function deleteSessionById(db: Db, userId: number, publicId: string) {
  if (!UUID.test(publicId)) return false;
  const result = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.publicId, publicId)));
  return (result.rowCount ?? 0) > 0;
}

/**
 * Deletes every session of a cook but the one of `keepTokenHash` (none: every one). Takes a
 * transaction too, so that a password change and its sessions' end commit together.
 */
export async function deleteSessionsOf(db: Tx, userId: number, keepTokenHash?: Buffer) {
  await db
    .delete(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        keepTokenHash ? ne(sessions.tokenHash, keepTokenHash) : undefined,
      ),
    );
}
