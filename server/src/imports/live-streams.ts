import type { Language } from "@potluck/contract/languages";
import type { FastifyBaseLogger } from "fastify";
import type { NotifyHub } from "../db/notify-listener.js";
import { EventStreamHub, type HubStream } from "../http/event-stream-hub.js";
import { translateEnglishSentences } from "../i18n/from-english.js";
import { IMPORT_EVENTS_CHANNEL, type ImportNotice } from "./events.js";

/** A cook's open stream, with the language its page reads (an import's reason is said in it). */
export interface ImportStream extends HubStream {
  language: Language;
}

/**
 * The open import event streams of this process, by cook. Each NOTIFY is sent to its cook's
 * streams as `event: progress` with the import's counts. Nothing is replayed: when the
 * connection listens again after a loss, every stream is sent `event: reset` and its page
 * reads its imports afresh.
 */
export function importEventStreams(
  notifyHub: NotifyHub,
  log: FastifyBaseLogger,
): EventStreamHub<ImportStream> {
  return new EventStreamHub<ImportStream>(
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
        const { reason } = notice.import;
        for (const stream of hub.of(notice.user)) {
          const summary =
            reason === null
              ? notice.import
              : { ...notice.import, reason: translateEnglishSentences(reason, stream.language) };
          hub.send(stream, `event: progress\ndata: ${JSON.stringify(summary)}\n\n`);
        }
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
