import type { ServerResponse } from "node:http";
import type { FastifyBaseLogger } from "fastify";
import type { Viewer } from "../auth/policy.js";
import type { Db } from "../db/client.js";
import type { NotifyHub } from "../db/notify-listener.js";
import { EventStreamHub } from "../http/event-stream-hub.js";
import { NOTIFICATION_EVENTS_CHANNEL } from "./notify.js";
import { unreadCount } from "./repository.js";

interface Stream {
  viewer: NonNullable<Viewer>;
  res: ServerResponse;
  /** The count this stream was last sent; undefined before the first. */
  sent: number | undefined;
}

const sseUnread = (count: number): string =>
  `event: unread\ndata: ${JSON.stringify({ unread_count: count })}\n\n`;

/**
 * The open unread-count streams of this process, by cook. A NOTIFY names a cook whose count
 * may have changed (a notification made, or read: notify.ts); the count is read once for all
 * that cook's streams here, and each stream is sent it when it differs from the last it got. A
 * stream is sent the count when it opens, after this process listens, so no change is missed;
 * when the connection is lost and comes back, every cook's count is read again.
 */
export class UnreadCountStreams {
  private readonly hub: EventStreamHub<Stream>;
  /** Cooks whose count is being read; true: read once more (a NOTIFY came meanwhile). */
  private readonly counting = new Map<number, boolean>();

  constructor(
    private readonly db: Db,
    notifyHub: NotifyHub,
    private readonly log: FastifyBaseLogger,
  ) {
    this.hub = new EventStreamHub<Stream>(
      notifyHub,
      NOTIFICATION_EVENTS_CHANNEL,
      {
        notified: (payload) => void this.count(Number(payload)),
        caughtUp: () => {
          for (const userId of this.hub.keys()) void this.count(userId);
        },
      },
      log,
    );
  }

  /** Resolves once this process LISTENs; 503 after `timeoutMs` (the database is away). */
  ready(timeoutMs: number): Promise<void> {
    return this.hub.ready(timeoutMs);
  }

  /** Adds an open stream of the cook's count and sends it the count as it is now. */
  open(viewer: NonNullable<Viewer>, res: ServerResponse): void {
    if (this.hub.open(viewer.id, { viewer, res, sent: undefined })) void this.count(viewer.id);
  }

  close(): Promise<void> {
    return this.hub.close();
  }

  /** Reads the cook's count and sends it to each of their streams that has another. */
  private async count(userId: number): Promise<void> {
    const [first] = this.hub.of(userId);
    if (!first) return;
    if (this.counting.has(userId)) {
      this.counting.set(userId, true);
      return;
    }
    try {
      do {
        this.counting.set(userId, false);
        const count = await unreadCount(this.db, first.viewer);
        for (const stream of this.hub.of(userId)) {
          if (stream.sent === count) continue;
          stream.sent = count;
          this.hub.send(stream, sseUnread(count));
        }
      } while (this.counting.get(userId));
    } catch (error) {
      // The database went away: the listener's reconnect reads every count again.
      this.log.warn({ err: error }, "notification events: could not read an unread count");
    } finally {
      this.counting.delete(userId);
    }
  }
}
