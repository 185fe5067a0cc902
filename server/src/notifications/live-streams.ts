import type { ServerResponse } from "node:http";
import type { FastifyBaseLogger } from "fastify";
import type { Viewer } from "../auth/policy.js";
import type { Db } from "../db/client.js";
import { NotifyListener } from "../db/notify-listener.js";
import { KEEP_ALIVE_MS, MAX_UNSENT_BYTES } from "../groceries/live-streams.js";
import { DATABASE_UNAVAILABLE, HttpError } from "../http/errors.js";
import { NOTIFICATION_EVENTS_CHANNEL } from "./notify.js";
import { unreadCount } from "./repository.js";

interface Stream {
  res: ServerResponse;
  /** The count this stream was last sent; undefined before the first. */
  sent: number | undefined;
}

interface CookStreams {
  viewer: NonNullable<Viewer>;
  streams: Set<Stream>;
  /** A count is being read; `again` asks for one more read (a NOTIFY came meanwhile). */
  counting: boolean;
  again: boolean;
}

const sseUnread = (count: number): string =>
  `event: unread\ndata: ${JSON.stringify({ unread_count: count })}\n\n`;

/**
 * The open unread-count streams of this process, by cook, and the one connection
 * (db/notify-listener.ts) that LISTENs for every cook's changes. A NOTIFY names a cook whose
 * count may have changed (a notification made, or read: notify.ts); the count is read once
 * for all that cook's streams here, and each stream is sent it when it differs from the last
 * it got. A stream is sent the count when it opens, after this process listens, so no change
 * is missed; when the connection is lost and comes back, every cook's count is read again.
 */
export class UnreadCountStreams {
  private readonly cooks = new Map<number, CookStreams>();
  private readonly listener: NotifyListener;
  private waiting: (() => void)[] = [];
  private keepAliveTimer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {
    this.listener = new NotifyListener(
      db,
      NOTIFICATION_EVENTS_CHANNEL,
      { notified: (payload) => this.notified(payload), gap: () => this.gap() },
      log,
    );
  }

  /** Resolves once this process LISTENs; 503 after `timeoutMs` (the database is away). */
  async ready(timeoutMs: number): Promise<void> {
    if (this.closed) return;
    this.listener.start();
    if (this.listener.listening) return;
    await new Promise<void>((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        this.waiting = this.waiting.filter((waiter) => waiter !== done);
        reject(new HttpError(503, { detail: DATABASE_UNAVAILABLE }, { "retry-after": "5" }));
      }, timeoutMs);
      this.waiting.push(done);
    });
  }

  /** Adds an open stream of the cook's count and sends it the count as it is now. */
  open(viewer: NonNullable<Viewer>, res: ServerResponse): void {
    if (this.closed) {
      res.end();
      return;
    }
    let cook = this.cooks.get(viewer.id);
    if (!cook) {
      cook = { viewer, streams: new Set(), counting: false, again: false };
      this.cooks.set(viewer.id, cook);
    }
    const stream: Stream = { res, sent: undefined };
    cook.streams.add(stream);
    res.on("close", () => this.remove(viewer.id, stream));
    this.keepAliveTimer ??= setInterval(() => this.keepAlive(), KEEP_ALIVE_MS).unref();
    void this.count(viewer.id);
  }

  /** Ends every stream and stops listening: the server is stopping. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.keepAliveTimer);
    for (const cook of this.cooks.values()) for (const stream of cook.streams) stream.res.end();
    this.cooks.clear();
    for (const waiter of this.waiting) waiter();
    this.waiting = [];
    await this.listener.close();
  }

  private notified(payload: string): void {
    const userId = Number(payload);
    if (this.cooks.has(userId)) void this.count(userId);
  }

  /** The listener (re)connected or was lost: once it listens, every count is read again. */
  private gap(): void {
    queueMicrotask(() => {
      if (!this.listener.listening) return;
      const waiting = this.waiting;
      this.waiting = [];
      for (const waiter of waiting) waiter();
      for (const userId of this.cooks.keys()) void this.count(userId);
    });
  }

  /** Reads the cook's count and sends it to each of their streams that has another. */
  private async count(userId: number): Promise<void> {
    const cook = this.cooks.get(userId);
    if (!cook) return;
    if (cook.counting) {
      cook.again = true;
      return;
    }
    cook.counting = true;
    try {
      do {
        cook.again = false;
        const count = await unreadCount(this.db, cook.viewer);
        for (const stream of cook.streams) {
          if (stream.sent === count) continue;
          stream.sent = count;
          this.send(stream, sseUnread(count));
        }
      } while (cook.again);
    } catch (error) {
      // The database went away: the listener's reconnect reads every count again.
      this.log.warn({ err: error }, "notification events: could not read an unread count");
    } finally {
      cook.counting = false;
    }
  }

  private remove(userId: number, stream: Stream): void {
    const cook = this.cooks.get(userId);
    if (!cook) return;
    cook.streams.delete(stream);
    if (cook.streams.size === 0) this.cooks.delete(userId);
    if (this.cooks.size === 0) {
      clearInterval(this.keepAliveTimer);
      this.keepAliveTimer = undefined;
    }
  }

  private keepAlive(): void {
    for (const cook of this.cooks.values()) {
      for (const stream of cook.streams) this.send(stream, ": keep-alive\n\n");
    }
  }

  /** Writes to a stream; a reader far behind is dropped (as groceries/live-streams.ts does). */
  private send(stream: Stream, text: string): void {
    const { res } = stream;
    if (res.writableEnded || res.destroyed) return;
    res.write(text);
    if (res.writableLength <= MAX_UNSENT_BYTES) return;
    this.log.info(
      { unsentBytes: res.writableLength },
      "notification events: dropped a stream not read",
    );
    res.destroy();
  }
}
