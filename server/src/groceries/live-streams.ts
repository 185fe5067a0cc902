import type { ServerResponse } from "node:http";
import type { FastifyBaseLogger } from "fastify";
import pg from "pg";
import type { Db } from "../db/client.js";
import { LIST_EVENTS_CHANNEL, type ListEvent, listEventsAfter, peopleOf } from "./list-events.js";

/** A comment line this often keeps proxies from closing a quiet stream. */
export const KEEP_ALIVE_MS = 25_000;
/**
 * The most a stream may have waiting in this process, beyond what the kernel's socket buffers
 * hold, before it is dropped: a reader that stopped reading would otherwise make the process
 * keep every event for it, without limit. Several hundred events; a reader that keeps up has
 * at most one delivery waiting: usually one event, at most a replay (MAX_REPLAYED_EVENTS).
 */
export const MAX_UNSENT_BYTES = 64 * 1024;
const RECONNECT_FIRST_MS = 500;
const RECONNECT_MAX_MS = 30_000;

interface Stream {
  userId: number;
  /** The id of the newest event this stream has been sent (or did not need). */
  afterId: number;
  res: ServerResponse;
}

interface ListStreams {
  streams: Set<Stream>;
  /** A delivery is running; `again` asks it for one more round (a NOTIFY came meanwhile). */
  delivering: boolean;
  again: boolean;
  recheck: boolean;
}

export const sseChange = (event: ListEvent): string =>
  `event: change\nid: ${event.id}\ndata: ${JSON.stringify({ kind: event.kind, by: event.byUsername })}\n\n`;

/**
 * The open event streams of this process, by list, and the one connection that LISTENs for
 * every list's changes. A NOTIFY says only which list changed: the new events are read from
 * grocery_list_events once for all the list's streams, and each stream is sent those after
 * the last one it got. So a stream misses nothing when NOTIFYs are late, merged or lost: after
 * the listener reconnects (the database restarted, the connection was cut), every list is
 * caught up from the table the same way.
 */
export class ListEventStreams {
  private readonly lists = new Map<number, ListStreams>();
  private listening: Promise<void> | undefined;
  /** The LISTEN connection, once it listens. */
  private listener: pg.Client | undefined;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private reconnectDelay = RECONNECT_FIRST_MS;
  private keepAliveTimer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Resolves once this process LISTENs: connects on the first stream, not at start, so a
   * process nobody streams from holds no extra connection. Rejects while the database is away
   * (the stream request is answered 503).
   */
  async ready(): Promise<void> {
    if (this.closed) return; // open() then ends the stream at once
    this.listening ??= this.listen().catch((error: unknown) => {
      this.listening = undefined;
      throw error;
    });
    await this.listening;
  }

  /**
   * Adds an open stream that has been sent everything up to `afterId`, and sends it what
   * committed since: the start query and the NOTIFYs race, so a change that committed in
   * between would otherwise be announced before the stream was here to hear it.
   */
  open(listId: number, userId: number, afterId: number, res: ServerResponse): void {
    if (this.closed) {
      res.end();
      return;
    }
    let list = this.lists.get(listId);
    if (!list) {
      list = { streams: new Set(), delivering: false, again: false, recheck: false };
      this.lists.set(listId, list);
    }
    const stream: Stream = { userId, afterId, res };
    list.streams.add(stream);
    res.on("close", () => this.remove(listId, stream));
    this.keepAliveTimer ??= setInterval(() => this.keepAlive(), KEEP_ALIVE_MS).unref();
    void this.deliver(listId, false);
  }

  /** Ends every stream and stops listening: the server is stopping. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.reconnectTimer);
    clearInterval(this.keepAliveTimer);
    for (const list of this.lists.values()) for (const stream of list.streams) stream.res.end();
    this.lists.clear();
    await this.listening?.catch(() => {});
    const client = this.listener;
    this.listener = undefined;
    this.listening = undefined;
    await client?.end().catch(() => {});
  }

  private async listen(): Promise<void> {
    // The pool's own settings (address, credentials, timeouts), on a connection of its own:
    // LISTEN belongs to a session, which a pooled connection is not.
    const options = this.db.$client.options;
    const client = new pg.Client({ ...options, application_name: "potluck-list-events" });
    // Without an "error" listener a dropped connection would crash the process.
    client.on("error", (error) => this.lost(client, error));
    client.on("end", () => this.lost(client));
    client.on("notification", (message) => this.notified(message.payload));
    try {
      await client.connect();
      await client.query(`LISTEN ${LIST_EVENTS_CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    if (this.closed) await client.end();
    else this.listener = client;
  }

  /** The LISTEN connection is gone: reconnect with backoff while streams are open. */
  private lost(client: pg.Client, error?: Error): void {
    if (client !== this.listener) return;
    this.listener = undefined;
    this.listening = undefined;
    if (this.closed) return;
    this.log.warn({ err: error }, "list events: LISTEN connection lost, reconnecting");
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.closed || this.reconnectTimer) return;
    this.reconnectTimer = setTimeout(async () => {
      this.reconnectTimer = undefined;
      if (this.lists.size === 0) return; // the next stream connects again
      try {
        await this.ready();
        this.reconnectDelay = RECONNECT_FIRST_MS;
        // Whatever changed while nobody listened, deletions and members included.
        for (const listId of this.lists.keys()) void this.deliver(listId, true);
      } catch {
        this.reconnectDelay = Math.min(this.reconnectDelay * 2, RECONNECT_MAX_MS);
        this.scheduleReconnect();
      }
    }, this.reconnectDelay);
    this.reconnectTimer.unref();
  }

  /**
   * A payload names lists, separated by commas (a recipe edit changes many at once): `<list
   * id>` for a change, `<list id>:deleted` when the list is gone. Lists with no stream here
   * are skipped.
   */
  private notified(payload: string | undefined): void {
    for (const entry of (payload ?? "").split(",")) {
      const [id, deleted] = entry.split(":");
      const listId = Number(id);
      const list = this.lists.get(listId);
      if (!list) continue;
      if (deleted) {
        for (const stream of list.streams) stream.res.end();
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
    const list = this.lists.get(listId);
    if (!list) return;
    list.recheck ||= recheck;
    if (list.delivering) {
      list.again = true;
      return;
    }
    list.delivering = true;
    try {
      do {
        list.again = false;
        await this.sendNewEvents(listId, list);
      } while (list.again && list.streams.size > 0);
    } catch (error) {
      // The database went away mid-read: the listener's reconnect catches up every list.
      this.log.warn({ err: error }, "list events: delivery failed");
    } finally {
      list.delivering = false;
      if (list.streams.size === 0 && this.lists.get(listId) === list) this.lists.delete(listId);
    }
  }

  private async sendNewEvents(listId: number, list: ListStreams): Promise<void> {
    if (list.streams.size === 0) return;
    const from = Math.min(...[...list.streams].map((stream) => stream.afterId));
    const events = await listEventsAfter(this.db, listId, from);
    const messages = events.map((event) => ({ id: event.id, text: sseChange(event) }));
    for (const stream of list.streams) {
      for (const message of messages) {
        if (message.id <= stream.afterId) continue;
        if (!this.send(stream, message.text)) break;
        stream.afterId = message.id;
      }
    }
    if (list.recheck || events.some((event) => event.kind === "members")) {
      list.recheck = false;
      const people = await peopleOf(this.db, listId);
      for (const stream of list.streams) if (!people.has(stream.userId)) stream.res.end();
    }
  }

  private remove(listId: number, stream: Stream): void {
    const list = this.lists.get(listId);
    if (!list) return;
    list.streams.delete(stream);
    if (list.streams.size === 0 && !list.delivering) this.lists.delete(listId);
    if (this.lists.size === 0) {
      clearInterval(this.keepAliveTimer);
      this.keepAliveTimer = undefined;
    }
  }

  private keepAlive(): void {
    for (const list of this.lists.values()) {
      for (const stream of list.streams) this.send(stream, ": keep-alive\n\n");
    }
  }

  /**
   * Writes to a stream, bounded: false when the stream has ended, or has just been dropped
   * because its reader is more than MAX_UNSENT_BYTES behind. Dropped, not ended: an end would
   * wait behind everything unread, and the buffer with it. The browser reconnects with the
   * Last-Event-ID it got to and is sent the rest from the table, or a reset when that is more
   * than MAX_REPLAYED_EVENTS.
   */
  private send(stream: Stream, text: string): boolean {
    const { res } = stream;
    // Ended (the list was left or deleted) but not yet closed: a write now would be an error.
    if (res.writableEnded || res.destroyed) return false;
    res.write(text);
    if (res.writableLength <= MAX_UNSENT_BYTES) return true;
    this.log.info({ unsentBytes: res.writableLength }, "list events: dropped a stream not read");
    res.destroy();
    return false;
  }
}
