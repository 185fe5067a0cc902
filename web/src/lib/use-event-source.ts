import { useEffect, useRef } from "react";

/** A stream the server refused for good (a 401, 404 or 503) is opened again after this. */
export const REOPEN_DELAY_MS = 5000;

/**
 * How a stream came to be open. "first": the first time. "reconnected": the browser opened it
 * again by itself after it dropped, sending the Last-Event-ID it got to, so a server that keeps
 * its events (a list's) replays what was missed. "reopened": opened anew after the server
 * refused it (or the tab was shown again): a new EventSource sends no Last-Event-ID, so what
 * was missed must be read afresh.
 */
export type OpenedHow = "first" | "reconnected" | "reopened";

export interface EventSourceHandlers {
  /** By event name (`change`, `reset`, …): what to do with each message's data. */
  events: Record<string, (data: string) => void>;
  /** The stream is open, and how it came to be (what the screen must read again, if anything). */
  opened?: (how: OpenedHow) => void;
  /** The server refused the stream for good; it is opened again after a while. */
  refused?: () => void;
}

export interface EventSourceOptions {
  /** The wait before opening again after `refusals` refusals in a row; REOPEN_DELAY_MS by default. */
  reopenDelay?: (refusals: number) => number;
  /**
   * Closed while the tab is hidden and opened again when it is shown, so tabs left in the
   * background don't each hold one of the browser's few connections to the server.
   */
  closeWhileHidden?: boolean;
}

const fixedDelay = () => REOPEN_DELAY_MS;

/**
 * Keeps an EventSource on `url` open until the returned stop is called. While the stream is
 * CONNECTING after a drop the browser reconnects by itself (with Last-Event-ID); once it is
 * CLOSED (refused for good: signed out, taken off the list, the server restarting) it is
 * opened anew after `reopenDelay`. `handlers` is read at each event, so it may change.
 */
export function watchEventSource(
  url: string,
  handlers: () => EventSourceHandlers,
  options: EventSourceOptions = {},
): () => void {
  const reopenDelay = options.reopenDelay ?? fixedDelay;
  let source: EventSource | null = null;
  let reopenTimer: ReturnType<typeof setTimeout> | undefined;
  let refusals = 0;
  let opened = 0;

  const open = () => {
    const current = new EventSource(url);
    source = current;
    const fresh: OpenedHow = opened === 0 ? "first" : "reopened";
    opened += 1;
    let openBefore = false;
    for (const name of Object.keys(handlers().events)) {
      current.addEventListener(name, (event) => {
        handlers().events[name]?.((event as MessageEvent<string>).data);
      });
    }
    current.addEventListener("open", () => {
      refusals = 0;
      const how = openBefore ? "reconnected" : fresh;
      openBefore = true;
      handlers().opened?.(how);
    });
    current.addEventListener("error", () => {
      // While CONNECTING the browser reconnects by itself and sends Last-Event-ID.
      if (current.readyState !== EventSource.CLOSED) return;
      refusals += 1;
      handlers().refused?.();
      reopenTimer = setTimeout(open, reopenDelay(refusals));
    });
  };
  const close = () => {
    clearTimeout(reopenTimer);
    source?.close();
    source = null;
  };
  const onVisibilityChange = () => {
    if (document.visibilityState === "hidden") close();
    else if (!source) open();
  };

  if (!options.closeWhileHidden) {
    open();
    return close;
  }
  if (document.visibilityState !== "hidden") open();
  document.addEventListener("visibilitychange", onVisibilityChange);
  return () => {
    document.removeEventListener("visibilitychange", onVisibilityChange);
    close();
  };
}

/**
 * Listens to the event stream at `url` while it is not null (watchEventSource), with the
 * handlers of the latest render.
 */
export function useEventSource(
  url: string | null,
  handlers: EventSourceHandlers,
  options: EventSourceOptions = {},
): void {
  const latest = useRef(handlers);
  latest.current = handlers;
  const { reopenDelay, closeWhileHidden } = options;
  useEffect(() => {
    if (url === null) return;
    return watchEventSource(url, () => latest.current, { reopenDelay, closeWhileHidden });
  }, [url, reopenDelay, closeWhileHidden]);
}
