import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type EventSourceHandlers, REOPEN_DELAY_MS, watchEventSource } from "./use-event-source";

/** An EventSource the test drives: what the browser would do, one step at a time. */
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static made: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  private readonly listeners = new Map<string, ((event: unknown) => void)[]>();

  constructor(readonly url: string) {
    FakeEventSource.made.push(this);
  }
  addEventListener(name: string, listener: (event: unknown) => void) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  private emit(name: string, event: unknown = {}) {
    for (const listener of this.listeners.get(name) ?? []) listener(event);
  }
  open() {
    this.readyState = FakeEventSource.OPEN;
    this.emit("open");
  }
  message(name: string, data: string) {
    this.emit(name, { data });
  }
  /** The connection dropped: the browser will reconnect by itself (with Last-Event-ID). */
  drop() {
    this.readyState = FakeEventSource.CONNECTING;
    this.emit("error");
  }
  /** The server refused it for good (a 401, 404 or 503): the browser gives up. */
  refuse() {
    this.readyState = FakeEventSource.CLOSED;
    this.emit("error");
  }
}

const made = () => FakeEventSource.made;
const last = () => made()[made().length - 1] as FakeEventSource;

function recorder() {
  const log: string[] = [];
  const handlers: EventSourceHandlers = {
    events: { change: (data) => log.push(`change ${data}`), reset: () => log.push("reset") },
    opened: (how) => log.push(`opened ${how}`),
    refused: () => log.push("refused"),
  };
  return { log, handlers };
}

beforeEach(() => {
  FakeEventSource.made = [];
  vi.useFakeTimers();
  vi.stubGlobal("EventSource", FakeEventSource);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("watchEventSource", () => {
  it("hands each named event's data to its handler, and says how the stream opened", () => {
    const { log, handlers } = recorder();
    const stop = watchEventSource("/api/x/events/", () => handlers);
    expect(made().map((source) => source.url)).toEqual(["/api/x/events/"]);
    last().open();
    last().message("change", '{"kind":"items"}');
    last().message("reset", "{}");
    last().message("unknown", "{}");
    expect(log).toEqual(["opened first", 'change {"kind":"items"}', "reset"]);
    stop();
    expect(last().readyState).toBe(FakeEventSource.CLOSED);
  });

  it("leaves a dropped stream to the browser, which reconnects with Last-Event-ID", () => {
    const { log, handlers } = recorder();
    watchEventSource("/api/x/events/", () => handlers);
    last().open();
    last().drop();
    vi.advanceTimersByTime(10 * REOPEN_DELAY_MS);
    // Still the one EventSource: a new one would not send Last-Event-ID.
    expect(made()).toHaveLength(1);
    last().open();
    expect(log).toEqual(["opened first", "opened reconnected"]);
  });

  it("opens a refused stream anew after REOPEN_DELAY_MS, as a stream that must read afresh", () => {
    const { log, handlers } = recorder();
    const stop = watchEventSource("/api/x/events/", () => handlers);
    last().open();
    last().refuse();
    expect(log).toEqual(["opened first", "refused"]);
    vi.advanceTimersByTime(REOPEN_DELAY_MS - 1);
    expect(made()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(made()).toHaveLength(2);
    last().open();
    expect(log).toEqual(["opened first", "refused", "opened reopened"]);
    // Stopped while waiting to reopen: nothing opens any more.
    last().refuse();
    stop();
    vi.advanceTimersByTime(10 * REOPEN_DELAY_MS);
    expect(made()).toHaveLength(2);
  });

  it("waits as `reopenDelay` says after refusals in a row, counting afresh once one opens", () => {
    const { handlers } = recorder();
    const waits: number[] = [];
    const reopenDelay = (refusals: number) => {
      waits.push(refusals);
      return refusals * 1000;
    };
    watchEventSource("/api/x/events/", () => handlers, { reopenDelay });
    last().refuse();
    vi.advanceTimersByTime(1000);
    last().refuse();
    vi.advanceTimersByTime(1999);
    expect(made()).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(made()).toHaveLength(3);
    last().open();
    last().refuse();
    expect(waits).toEqual([1, 2, 1]);
  });

  it("reads the handlers at each event, so the latest are used", () => {
    let handlers = recorder();
    watchEventSource("/api/x/events/", () => handlers.handlers);
    const first = handlers;
    handlers = recorder();
    last().message("change", "1");
    expect(first.log).toEqual([]);
    expect(handlers.log).toEqual(["change 1"]);
  });

  it("closes the stream while the tab is hidden, when asked, and opens it anew when shown", () => {
    const document = Object.assign(new EventTarget(), { visibilityState: "visible" });
    vi.stubGlobal("document", document);
    const setVisibility = (state: string) => {
      document.visibilityState = state;
      document.dispatchEvent(new Event("visibilitychange"));
    };
    const { log, handlers } = recorder();
    const stop = watchEventSource("/api/x/events/", () => handlers, { closeWhileHidden: true });
    last().open();
    setVisibility("hidden");
    expect(last().readyState).toBe(FakeEventSource.CLOSED);
    setVisibility("visible");
    expect(made()).toHaveLength(2);
    last().open();
    expect(log).toEqual(["opened first", "opened reopened"]);
    stop();
    setVisibility("hidden");
    setVisibility("visible");
    expect(made()).toHaveLength(2);
  });
});
