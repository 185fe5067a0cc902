import type { ServerResponse } from "node:http";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client.js";
import { NotifyListener } from "../db/notify-listener.js";
import { KEEP_ALIVE_MS, MAX_UNSENT_BYTES } from "../groceries/live-streams.js";
import { DATABASE_UNAVAILABLE, HttpError } from "../http/errors.js";
import { PLANNER_EVENTS_CHANNEL, type PlannerNotice } from "./events.js";
import { peopleOf } from "./repository.js";

interface Stream {
  userId: number;
  res: ServerResponse;
}

const sseChange = (by: string): string => `event: change\ndata: ${JSON.stringify({ by })}\n\n`;

/**
 * The open planner event streams of this process, by planner owner, and the one connection
 * (db/notify-listener.ts) that LISTENs for every planner's changes. A NOTIFY names the
 * planner and who changed it; each of its streams here is sent `event: change`. Nothing is
 * replayed: while the connection is lost nothing is heard, so once it listens again every
 * stream is sent a change (by "", no one can say who) and its cook's access is checked again.
 */
export class PlannerEventStreams {
  private readonly planners = new Map<number, Set<Stream>>();
  private readonly listener: NotifyListener;
  /** Streams waiting for the listener to listen before they open. */
  private waiting: (() => void)[] = [];
  private keepAliveTimer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {
    this.listener = new NotifyListener(
      db,
      PLANNER_EVENTS_CHANNEL,
      { notified: (payload) => this.notified(payload), gap: () => this.gap() },
      log,
    );
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

  /**
   * Adds an open stream of the planner of `ownerId`. A member's access is checked once more
   * now that the stream is here to be ended: a removal that committed between the route's
   * check and this moment was announced before.
   */
  open(ownerId: number, userId: number, res: ServerResponse): void {
    if (this.closed) {
      res.end();
      return;
    }
    let streams = this.planners.get(ownerId);
    if (!streams) {
      streams = new Set();
      this.planners.set(ownerId, streams);
    }
    const stream: Stream = { userId, res };
    streams.add(stream);
    res.on("close", () => this.remove(ownerId, stream));
    this.keepAliveTimer ??= setInterval(() => this.keepAlive(), KEEP_ALIVE_MS).unref();
    if (ownerId !== userId) void this.recheck(ownerId);
  }

  /** Ends every stream and stops listening: the server is stopping. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.keepAliveTimer);
    for (const streams of this.planners.values()) for (const stream of streams) stream.res.end();
    this.planners.clear();
    for (const waiter of this.waiting) waiter();
    this.waiting = [];
    await this.listener.close();
  }

  private notified(payload: string): void {
    let notice: PlannerNotice;
    try {
      notice = JSON.parse(payload) as PlannerNotice;
    } catch {
      return;
    }
    const streams = this.planners.get(notice.owner);
    if (!streams) return;
    for (const stream of streams) this.send(stream, sseChange(notice.by));
    if (notice.members) void this.recheck(notice.owner);
  }

  /**
   * The listener connected, or lost its connection. NotifyListener says which only after this
   * returns (`listening`), so look once this turn is over: when it listens (again), the streams
   * waiting may open, and the open ones may have missed anything.
   */
  private gap(): void {
    queueMicrotask(() => {
      if (!this.listener.listening) return;
      const waiting = this.waiting;
      this.waiting = [];
      for (const waiter of waiting) waiter();
      for (const [ownerId, streams] of this.planners) {
        for (const stream of streams) this.send(stream, sseChange(""));
        void this.recheck(ownerId);
      }
    });
  }

  /** Ends the streams of cooks who may no longer use the planner (taken off it, or it left). */
  private async recheck(ownerId: number): Promise<void> {
    try {
      const people = await peopleOf(this.db, ownerId);
      for (const stream of this.planners.get(ownerId) ?? []) {
        if (!people.has(stream.userId)) stream.res.end();
      }
    } catch (error) {
      // The database went away: the listener's reconnect checks again.
      this.log.warn({ err: error }, "planner events: could not check who may stay");
    }
  }

  private remove(ownerId: number, stream: Stream): void {
    const streams = this.planners.get(ownerId);
    if (!streams) return;
    streams.delete(stream);
    if (streams.size === 0) this.planners.delete(ownerId);
    if (this.planners.size === 0) {
      clearInterval(this.keepAliveTimer);
      this.keepAliveTimer = undefined;
    }
  }

  private keepAlive(): void {
    for (const streams of this.planners.values()) {
      for (const stream of streams) this.send(stream, ": keep-alive\n\n");
    }
  }

  /**
   * Writes to a stream, bounded as a list's stream is (groceries/live-streams.ts): a reader
   * more than MAX_UNSENT_BYTES behind is dropped, and its browser reconnects and refetches.
   */
  private send(stream: Stream, text: string): void {
    const { res } = stream;
    if (res.writableEnded || res.destroyed) return;
    res.write(text);
    if (res.writableLength <= MAX_UNSENT_BYTES) return;
    this.log.info({ unsentBytes: res.writableLength }, "planner events: dropped a stream not read");
    res.destroy();
  }
}
