import type { ServerResponse } from "node:http";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client.js";
import type { NotifyHub } from "../db/notify-listener.js";
import { EventStreamHub } from "../http/event-stream-hub.js";
import { PLANNER_EVENTS_CHANNEL, type PlannerNotice } from "./events.js";
import { peopleOf } from "./repository.js";

interface Stream {
  userId: number;
  res: ServerResponse;
}

const sseChange = (by: string): string => `event: change\ndata: ${JSON.stringify({ by })}\n\n`;

/**
 * The open planner event streams of this process, by planner owner. A NOTIFY names the
 * planner and who changed it; each of its streams here is sent `event: change`. Nothing is
 * replayed: while the connection is lost nothing is heard, so once it listens again every
 * stream is sent a change (by "", no one can say who) and its cook's access is checked again.
 */
export class PlannerEventStreams {
  private readonly hub: EventStreamHub<Stream>;

  constructor(
    private readonly db: Db,
    notifyHub: NotifyHub,
    private readonly log: FastifyBaseLogger,
  ) {
    this.hub = new EventStreamHub<Stream>(
      notifyHub,
      PLANNER_EVENTS_CHANNEL,
      {
        notified: (payload) => this.notified(payload),
        caughtUp: () => {
          for (const ownerId of this.hub.keys()) {
            for (const stream of this.hub.of(ownerId)) this.hub.send(stream, sseChange(""));
            void this.recheck(ownerId);
          }
        },
      },
      log,
    );
  }

  ready(timeoutMs: number): Promise<void> {
    return this.hub.ready(timeoutMs);
  }

  /**
   * Adds an open stream of the planner of `ownerId`. A member's access is checked once more
   * now that the stream is here to be ended: a removal that committed between the route's
   * check and this moment was announced before.
   */
  open(ownerId: number, userId: number, res: ServerResponse): void {
    if (this.hub.open(ownerId, { userId, res }) && ownerId !== userId) void this.recheck(ownerId);
  }

  close(): Promise<void> {
    return this.hub.close();
  }

  private notified(payload: string): void {
    let notice: PlannerNotice;
    try {
      notice = JSON.parse(payload) as PlannerNotice;
    } catch {
      return;
    }
    const streams = [...this.hub.of(notice.owner)];
    for (const stream of streams) this.hub.send(stream, sseChange(notice.by));
    if (notice.members && streams.length > 0) void this.recheck(notice.owner);
  }

  /** Ends the streams of cooks who may no longer use the planner (taken off it, or it left). */
  private async recheck(ownerId: number): Promise<void> {
    try {
      const people = await peopleOf(this.db, ownerId);
      for (const stream of this.hub.of(ownerId)) {
        if (!people.has(stream.userId)) stream.res.end();
      }
    } catch (error) {
      // The database went away: the listener's reconnect checks again.
      this.log.warn({ err: error }, "planner events: could not check who may stay");
    }
  }
}
