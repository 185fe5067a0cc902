import type { FastifyBaseLogger } from "fastify";
import type { NotifyHub } from "../db/notify-listener.js";
import { EventStreamHub, type HubStream } from "../http/event-stream-hub.js";
import { IMPORT_EVENTS_CHANNEL, type ImportNotice } from "./events.js";

/**
 * The open import event streams of this process, by cook. Each NOTIFY is sent to its cook's
 * streams as `event: progress` with the import's counts. Nothing is replayed: when the
 * connection listens again after a loss, every stream is sent `event: reset` and its page
 * reads its imports afresh.
 */
export function importEventStreams(
  notifyHub: NotifyHub,
  log: FastifyBaseLogger,
): EventStreamHub<HubStream> {
  return new EventStreamHub<HubStream>(
    notifyHub,
    IMPORT_EVENTS_CHANNEL,
    {
      notified: (payload, hub) => {
        let notice: ImportNotice;
        try {
          notice = JSON.parse(payload) as ImportNotice;
        } catch {
          return;
        }
        const text = `event: progress\ndata: ${JSON.stringify(notice.import)}\n\n`;
        for (const stream of hub.of(notice.user)) hub.send(stream, text);
      },
      caughtUp: (hub) => {
        for (const key of hub.keys()) {
          for (const stream of hub.of(key)) hub.send(stream, "event: reset\ndata: {}\n\n");
        }
      },
    },
    log,
  );
}
