import type { ServerResponse } from "node:http";
import type { FastifyBaseLogger, FastifyReply } from "fastify";
import type { NotifyHub, NotifyListener } from "../db/notify-listener.js";
import { DATABASE_UNAVAILABLE, HttpError } from "./errors.js";

/** A comment line this often keeps proxies from closing a quiet stream. */
export const KEEP_ALIVE_MS = 25_000;
/**
 * The most a stream may have waiting in this process, beyond what the kernel's socket buffers
 * hold, before it is dropped: a reader that stopped reading would otherwise make the process
 * keep every event for it, without limit. Several hundred events; a reader that keeps up has
 * at most one delivery waiting: usually one event, at most a replay (a list's
 * MAX_REPLAYED_EVENTS).
 */
export const MAX_UNSENT_BYTES = 64 * 1024;

/** One open event stream: its response, and what its feature needs to know of it. */
export interface HubStream {
  res: ServerResponse;
}

export interface HubHandlers<S extends HubStream> {
  /** A NOTIFY on the hub's channel. */
  notified: (payload: string, hub: EventStreamHub<S>) => void;
  /**
   * The hub listens again after a loss (or for the first time): NOTIFYs sent meanwhile were not
   * heard, so every open stream must be told whatever they could have said.
   */
  caughtUp: (hub: EventStreamHub<S>) => void;
}

/**
 * The open `text/event-stream` responses of one kind in this process, by key (a list, a
 * planner's owner, a cook), subscribed to their channel on the app's one LISTEN connection
 * (db/notify-listener.ts): what a NOTIFY means is the feature's (`handlers`); keeping streams,
 * keep-alives, the bound on unread output and the stop are the hub's. Used by the lists', the
 * planner's, the imports' and the notifications' events.
 */
export class EventStreamHub<S extends HubStream> {
  private readonly streams = new Map<number, Set<S>>();
  private readonly listener: NotifyListener;
  /** Streams waiting for the listener to listen before they open. */
  private waiting: (() => void)[] = [];
  private keepAliveTimer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    notifyHub: NotifyHub,
    channel: string,
    private readonly handlers: HubHandlers<S>,
    private readonly log: FastifyBaseLogger,
  ) {
    this.listener = notifyHub.listen(channel, {
      notified: (payload) => handlers.notified(payload, this),
      gap: () => this.gap(),
    });
  }

  /**
   * Resolves once this process LISTENs (it connects on the first stream, not at start, so a
   * process nobody streams from holds no extra connection); 503 when that takes longer than
   * `timeoutMs` (the database is away).
   */
  async ready(timeoutMs: number): Promise<void> {
    if (this.closed) return; // open() then ends the stream at once
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

  /** Adds an open stream under `key`; false (and the stream ended) when the server is stopping. */
  open(key: number, stream: S): boolean {
    if (this.closed) {
      stream.res.end();
      return false;
    }
    let streams = this.streams.get(key);
    if (!streams) {
      streams = new Set();
      this.streams.set(key, streams);
    }
    streams.add(stream);
    stream.res.on("close", () => this.remove(key, stream));
    this.keepAliveTimer ??= setInterval(() => this.keepAlive(), KEEP_ALIVE_MS).unref();
    return true;
  }

  /** The open streams under `key` (none: empty). */
  of(key: number): Iterable<S> {
    return this.streams.get(key) ?? [];
  }

  /** Every key with an open stream. */
  keys(): Iterable<number> {
    return this.streams.keys();
  }

  /**
   * Writes to a stream, bounded: a reader more than MAX_UNSENT_BYTES behind is dropped (not
   * ended: an end would wait behind everything unread), and its browser reconnects and reads
   * afresh (a list's, from the Last-Event-ID it got to). False when the stream has ended or
   * was just dropped.
   */
  send(stream: S, text: string): boolean {
    const { res } = stream;
    if (res.writableEnded || res.destroyed) return false;
    res.write(text);
    if (res.writableLength <= MAX_UNSENT_BYTES) return true;
    this.log.info({ unsentBytes: res.writableLength }, "event stream: dropped a reader behind");
    res.destroy();
    return false;
  }

  /** Ends every stream and stops listening: the server is stopping. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.keepAliveTimer);
    for (const streams of this.streams.values()) for (const stream of streams) stream.res.end();
    this.streams.clear();
    for (const waiter of this.waiting) waiter();
    this.waiting = [];
    await this.listener.close();
  }

  /**
   * The listener listens (again), or lost its connection. NotifyListener says which only after this
   * returns (`listening`), so look once this turn is over: when it listens (again), the streams
   * waiting may open, and the open ones may have missed something.
   */
  private gap(): void {
    queueMicrotask(() => {
      if (!this.listener.listening) return;
      const waiting = this.waiting;
      this.waiting = [];
      for (const waiter of waiting) waiter();
      this.handlers.caughtUp(this);
    });
  }

  private remove(key: number, stream: S): void {
    const streams = this.streams.get(key);
    if (!streams) return;
    streams.delete(stream);
    if (streams.size === 0) this.streams.delete(key);
    if (this.streams.size === 0) {
      clearInterval(this.keepAliveTimer);
      this.keepAliveTimer = undefined;
    }
  }

  private keepAlive(): void {
    for (const streams of this.streams.values()) {
      for (const stream of streams) this.send(stream, ": keep-alive\n\n");
    }
  }
}

/** How long a browser waits before it reconnects a dropped stream. */
const STREAM_RETRY_MS = 2000;

/**
 * Takes the reply over as a `text/event-stream` (no serializer, error handler or onSend from
 * here on) with the headers hooks have set so far (helmet's), and writes its first lines:
 * `retry:` and `opening` (e.g. an `id:`), then the blank line that ends them. The connection
 * closes with the stream, which ends only when this process stops or the cook loses access,
 * instead of idling in keep-alive and holding up a stop.
 */
export function startEventStream(reply: FastifyReply, opening = ""): ServerResponse {
  reply.hijack();
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) reply.raw.setHeader(name, value);
  }
  reply.raw.writeHead(200, {
    "content-type": "text/event-stream",
    "cache-control": "no-store",
    "x-accel-buffering": "no",
    connection: "close",
  });
  reply.raw.write(`retry: ${STREAM_RETRY_MS}\n${opening}\n`);
  return reply.raw;
}
