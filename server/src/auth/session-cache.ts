import type { Db } from "../db/client.js";
import type { NotifyHub, NotifyListener } from "../db/notify-listener.js";
import {
  deleteSession,
  deleteSessionById,
  deleteSessionsOf,
  loadSession,
  type SessionRow,
  type SessionUser,
  sessionAlive,
  sessionTokenHash,
  sessionTouchDue,
  touchSession,
} from "./sessions.js";

/** Sent by the database's triggers (drizzle/0012_session_changes.sql); payload: a user id. */
export const SESSION_CHANGES_CHANNEL = "session_changes";
/** Sessions kept; past it the least recently used is forgotten (read again when it returns). */
export const MAX_CACHED_SESSIONS = 10_000;
/**
 * A backstop: a session is read again from the database this long after it was, even if no
 * NOTIFY said it changed (a change by a path without the triggers, a connection that died
 * without the socket noticing).
 */
export const CACHED_SESSION_TRUST_MS = 60_000;

interface Entry extends SessionRow {
  loadedAt: number;
}

/**
 * The sessions signed-in requests showed recently, so that most requests are authenticated
 * without a database query: see docs/decisions/0020-sessions-without-a-round-trip.md. Keyed by
 * the token's hash; lifetimes are checked on every hit as the database would. Every process
 * LISTENs for session changes and forgets the sessions of the user named, and trusts nothing
 * cached while it does not listen (it asks the database meanwhile, and starts over empty).
 */
export class SessionCache {
  /** In least recently used order (a Map keeps insertion order; a hit moves to the end). */
  private readonly entries = new Map<string, Entry>();
  /**
   * Counts invalidations. A database read that started before one may hold what it undid, so
   * it is answered but not kept.
   */
  private generation = 0;
  private readonly listener: NotifyListener;
  /** NOTIFYs handled so far: tests wait on it to know one has been. */
  changesHeard = 0;

  constructor(
    private readonly db: Db,
    notifyHub: NotifyHub,
  ) {
    this.listener = notifyHub.listen(SESSION_CHANGES_CHANNEL, {
      notified: (payload) => this.forgetUser(Number(payload)),
      gap: () => this.clear(),
    });
  }

  /** Whether cached sessions are trusted now (the LISTEN connection is up). */
  get listening(): boolean {
    return this.listener.listening;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The signed-in user of a session token, or null when it is unknown or expired. */
  async userOf(token: string): Promise<SessionUser | null> {
    // Connects on the first signed-in request: a process nobody signs in to holds no LISTEN.
    this.listener.start();
    const key = sessionTokenHash(token);
    const id = key.toString("base64");
    const now = Date.now();
    const cached = this.listening ? this.entries.get(id) : undefined;
    if (cached && now - cached.loadedAt < CACHED_SESSION_TRUST_MS) {
      if (!sessionAlive(cached, now)) {
        this.entries.delete(id);
        return null;
      }
      this.entries.delete(id);
      this.entries.set(id, cached);
      if (sessionTouchDue(cached, now)) {
        // Set first, so that concurrent requests of this session do not all write.
        cached.lastSeenAt = now;
        if (!(await touchSession(this.db, key))) {
          this.entries.delete(id);
          return null;
        }
      }
      return cached.user;
    }
    const generation = this.generation;
    const wasListening = this.listening;
    const session = await loadSession(this.db, key);
    if (!session) {
      this.entries.delete(id);
      return null;
    }
    if (wasListening && this.listening && generation === this.generation) {
      this.entries.delete(id);
      this.entries.set(id, { ...session, loadedAt: now });
      if (this.entries.size > MAX_CACHED_SESSIONS) {
        const oldest = this.entries.keys().next().value;
        if (oldest !== undefined) this.entries.delete(oldest);
      }
    }
    return session.user;
  }

  /**
   * Ends a session (logout, or replaced at login): this process forgets it at once, the
   * others when the NOTIFY of the row's deletion reaches them.
   */
  async end(token: string): Promise<void> {
    await deleteSession(this.db, token);
    this.generation += 1;
    this.entries.delete(sessionTokenHash(token).toString("base64"));
  }

  /** Stops listening (the app's other subscribers go on); the app is closing. */
  async close(): Promise<void> {
    await this.listener.close();
    this.clear();
  }

  /** Ends one session of a user named by its public id; false when they have none by it. */
  async endSessionOf(userId: number, publicId: string): Promise<boolean> {
    const ended = await deleteSessionById(this.db, userId, publicId);
    if (ended) this.forgetSessionsOf(userId);
    return ended;
  }

  /** Ends every session of a user but the one of `keepToken` (none: every one). */
  async endSessionsOf(userId: number, keepToken?: string): Promise<void> {
    await deleteSessionsOf(this.db, userId, keepToken ? sessionTokenHash(keepToken) : undefined);
    this.forgetSessionsOf(userId);
  }

  /**
   * Every session of a user ended at once (their account deleted): this process forgets them
   * now, the others when the NOTIFY of the rows' deletion reaches them.
   */
  forgetSessionsOf(userId: number): void {
    this.generation += 1;
    for (const [id, entry] of this.entries) {
      if (entry.user.id === userId) this.entries.delete(id);
    }
  }

  /** A user's sessions ended or the user changed: read them again next time. */
  private forgetUser(userId: number): void {
    this.changesHeard += 1;
    if (!Number.isInteger(userId)) {
      this.clear();
      return;
    }
    this.forgetSessionsOf(userId);
  }

  private clear(): void {
    this.generation += 1;
    this.entries.clear();
  }
}
