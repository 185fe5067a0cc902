import type { ServerResponse } from "node:http";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client.js";
import type { NotifyHub } from "../db/notify-listener.js";
import { EventStreamHub } from "../http/event-stream-hub.js";
import { LIST_EVENTS_CHANNEL, type ListEvent, listEventsAfter, peopleOf } from "./list-events.js";

// Where they were first defined; the bounds are every stream's now (http/event-stream-hub.ts).
export { KEEP_ALIVE_MS, MAX_UNSENT_BYTES } from "../http/event-stream-hub.js";

interface Stream {
  userId: number;
  /** The id of the newest event this stream has been sent (or did not need). */
  afterId: number;
  res: ServerResponse;
}

/** A list's delivery under way; `again` asks it for one more round (a NOTIFY came meanwhile). */
interface Delivery {
  again: boolean;
  recheck: boolean;
}

export const sseChange = (event: ListEvent): string =>
  `event: change\nid: ${event.id}\ndata: ${JSON.stringify({ kind: event.kind, by: event.byUsername })}\n\n`;

/**
 * The open event streams of this process, by list, on the app's LISTEN connection
 * (http/event-stream-hub.ts, db/notify-listener.ts). A NOTIFY says only which list changed:
 * the new events are read from grocery_list_events once for all the list's streams, and each
 * stream is sent those after the last one it got. So a stream misses nothing when NOTIFYs are
 * late, merged or lost: once the connection listens again after a loss (the database
 * restarted, the connection was cut), every list is caught up from the table the same way.
 */
export class ListEventStreams {
  private readonly hub: EventStreamHub<Stream>;
  /** The lists whose delivery is running: one at a time per list. */
  private readonly deliveries = new Map<number, Delivery>();

  constructor(
    private readonly db: Db,
    notifyHub: NotifyHub,
    private readonly log: FastifyBaseLogger,
  ) {
    this.hub = new EventStreamHub<Stream>(
      notifyHub,
      LIST_EVENTS_CHANNEL,
      {
        notified: (payload) => this.notified(payload),
        // Whatever changed while nobody listened, deletions and members included.
        caughtUp: () => {
          for (const listId of this.hub.keys()) void this.deliver(listId, true);
        },
      },
      log,
    );
  }

  /**
   * Resolves once this process LISTENs (it connects on the first stream or signed-in request,
   * not at start); 503 after `timeoutMs` (the database is away).
   */
  ready(timeoutMs: number): Promise<void> {
    return this.hub.ready(timeoutMs);
  }

  /**
   * Adds an open stream that has been sent everything up to `afterId`, and sends it what
   * committed since: the start query and the NOTIFYs race, so a change that committed in
   * between would otherwise be announced before the stream was here to hear it.
   */
  open(listId: number, userId: number, afterId: number, res: ServerResponse): void {
    if (this.hub.open(listId, { userId, afterId, res })) void this.deliver(listId, false);
  }

  /** Ends every stream and stops listening: the server is stopping. */
  close(): Promise<void> {
    return this.hub.close();
  }

  /**
   * A payload names lists, separated by commas (a recipe edit changes many at once): `<list
   * id>` for a change, `<list id>:deleted` when the list is gone. Lists with no stream here
   * are skipped.
   */
  private notified(payload: string): void {
    for (const entry of payload.split(",")) {
      const [id, deleted] = entry.split(":");
      const listId = Number(id);
      if (deleted) {
        for (const stream of this.hub.of(listId)) stream.res.end();
        continue;
      }
      void this.deliver(listId, false);
    }
  }

  /**
   * Sends each stream of the list the events it has not had, reading them once for all. One
   * delivery per list at a time (a NOTIFY during one makes it go round again), so no stream
   * gets an event twice or out of order. `recheck`: also end the streams of people who may no
   * longer use the list (done as well whenever a "members" event goes out).
   */
  private async deliver(listId: number, recheck: boolean): Promise<void> {
    const running = this.deliveries.get(listId);
    if (running) {
      running.again = true;
      running.recheck ||= recheck;
      return;
    }
    if (isEmpty(this.hub.of(listId))) return;
    const delivery: Delivery = { again: false, recheck };
    this.deliveries.set(listId, delivery);
    try {
      do {
        delivery.again = false;
        await this.sendNewEvents(listId, delivery);
      } while (delivery.again && !isEmpty(this.hub.of(listId)));
    } catch (error) {
      // The database went away mid-read: the listener's reconnect catches up every list.
      this.log.warn({ err: error }, "list events: delivery failed");
    } finally {
      this.deliveries.delete(listId);
    }
  }

  private async sendNewEvents(listId: number, delivery: Delivery): Promise<void> {
    const streams = [...this.hub.of(listId)];
    if (streams.length === 0) return;
    const from = Math.min(...streams.map((stream) => stream.afterId));
    const events = await listEventsAfter(this.db, listId, from);
    const messages = events.map((event) => ({ id: event.id, text: sseChange(event) }));
    for (const stream of this.hub.of(listId)) {
      for (const message of messages) {
        if (message.id <= stream.afterId) continue;
        if (!this.hub.send(stream, message.text)) break;
        stream.afterId = message.id;
      }
    }
    if (delivery.recheck || events.some((event) => event.kind === "members")) {
      delivery.recheck = false;
      const people = await peopleOf(this.db, listId);
      for (const stream of this.hub.of(listId)) if (!people.has(stream.userId)) stream.res.end();
    }
  }
}

const isEmpty = (streams: Iterable<unknown>): boolean => {
  for (const _ of streams) return false;
  return true;
};
