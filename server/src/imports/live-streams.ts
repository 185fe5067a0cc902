import type { ServerResponse } from "node:http";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client.js";
import { NotifyListener } from "../db/notify-listener.js";
import { KEEP_ALIVE_MS, MAX_UNSENT_BYTES } from "../groceries/live-streams.js";
import { DATABASE_UNAVAILABLE, HttpError } from "../http/errors.js";
import { IMPORT_EVENTS_CHANNEL, type ImportNotice } from "./events.js";

/**
 * The open import event streams of this process, by cook, and the one connection that
 * LISTENs for every import's progress (db/notify-listener.ts). Each NOTIFY is sent to its
 * cook's streams as `event: progress` with the import's counts. Nothing is replayed: when the
 * connection listens again after a loss, every stream is sent `event: reset` and its page
 * reads its imports afresh.
 */
export class ImportEventStreams {
  private readonly cooks = new Map<number, Set<ServerResponse>>();
  private readonly listener: NotifyListener;
  private waiting: (() => void)[] = [];
  private keepAliveTimer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    db: Db,
    private readonly log: FastifyBaseLogger,
  ) {
    this.listener = new NotifyListener(
      db,
      IMPORT_EVENTS_CHANNEL,
      { notified: (payload) => this.notified(payload), gap: () => this.gap() },
      log,
    );
  }

  /** Resolves once this process LISTENs (connected on the first stream); 503 after `timeoutMs`. */
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

  open(userId: number, res: ServerResponse): void {
    if (this.closed) {
      res.end();
      return;
    }
    let streams = this.cooks.get(userId);
    if (!streams) {
      streams = new Set();
      this.cooks.set(userId, streams);
    }
    streams.add(res);
    res.on("close", () => this.remove(userId, res));
    this.keepAliveTimer ??= setInterval(() => this.keepAlive(), KEEP_ALIVE_MS).unref();
  }

  /** Ends every stream and stops listening: the server is stopping. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.keepAliveTimer);
    for (const streams of this.cooks.values()) for (const res of streams) res.end();
    this.cooks.clear();
    for (const waiter of this.waiting) waiter();
    this.waiting = [];
    await this.listener.close();
  }

  private notified(payload: string): void {
    let notice: ImportNotice;
    try {
      notice = JSON.parse(payload) as ImportNotice;
    } catch {
      return;
    }
    const text = `event: progress\ndata: ${JSON.stringify(notice.import)}\n\n`;
    for (const res of this.cooks.get(notice.user) ?? []) this.send(res, text);
  }

  private gap(): void {
    queueMicrotask(() => {
      if (!this.listener.listening) return;
      const waiting = this.waiting;
      this.waiting = [];
      for (const waiter of waiting) waiter();
      for (const streams of this.cooks.values()) {
        for (const res of streams) this.send(res, "event: reset\ndata: {}\n\n");
      }
    });
  }

  private remove(userId: number, res: ServerResponse): void {
    const streams = this.cooks.get(userId);
    if (!streams) return;
    streams.delete(res);
    if (streams.size === 0) this.cooks.delete(userId);
    if (this.cooks.size === 0) {
      clearInterval(this.keepAliveTimer);
      this.keepAliveTimer = undefined;
    }
  }

  private keepAlive(): void {
    for (const streams of this.cooks.values()) {
      for (const res of streams) this.send(res, ": keep-alive\n\n");
    }
  }

  /** A reader more than MAX_UNSENT_BYTES behind is dropped; its browser reconnects. */
  private send(res: ServerResponse, text: string): void {
    if (res.writableEnded || res.destroyed) return;
    res.write(text);
    if (res.writableLength <= MAX_UNSENT_BYTES) return;
    this.log.info({ unsentBytes: res.writableLength }, "import events: dropped a stream not read");
    res.destroy();
  }
}
