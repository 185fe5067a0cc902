import { describe, expect, it } from "vitest";
import { keepScreenOn } from "./wake-lock";

function fakes() {
  const sentinels: { released: boolean; release: () => Promise<void>; drop: () => void }[] = [];
  const wakeLock = {
    request: async () => {
      let onRelease = () => {};
      const sentinel = {
        released: false,
        release: async () => {
          sentinel.released = true;
          onRelease();
        },
        addEventListener: (_type: "release", listener: () => void) => {
          onRelease = listener;
        },
        // What the browser does when the page is hidden.
        drop: () => void sentinel.release(),
      };
      sentinels.push(sentinel);
      return sentinel;
    },
  };
  const listeners = new Set<() => void>();
  const page = {
    visibilityState: "visible" as DocumentVisibilityState,
    addEventListener: (_type: "visibilitychange", listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: "visibilitychange", listener: () => void) =>
      listeners.delete(listener),
    show(state: DocumentVisibilityState) {
      page.visibilityState = state;
      for (const listener of listeners) listener();
    },
    listeners,
  };
  return { wakeLock, page, sentinels };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("keepScreenOn", () => {
  it("holds a lock, asks again when the page is visible again, and lets go on stop", async () => {
    const { wakeLock, page, sentinels } = fakes();
    const states: boolean[] = [];
    const keeper = keepScreenOn(wakeLock, page, (held) => states.push(held));
    await settle();
    expect(sentinels).toHaveLength(1);

    page.show("hidden");
    sentinels[0]?.drop();
    await settle();
    expect(sentinels).toHaveLength(1); // not while hidden

    page.show("visible");
    await settle();
    expect(sentinels).toHaveLength(2);
    expect(states).toEqual([true, false, true]);

    keeper.stop();
    await settle();
    expect(sentinels[1]?.released).toBe(true);
    expect(page.listeners.size).toBe(0);
  });

  it("does not ask twice while it holds a lock", async () => {
    const { wakeLock, page, sentinels } = fakes();
    keepScreenOn(wakeLock, page);
    await settle();
    page.show("visible");
    await settle();
    expect(sentinels).toHaveLength(1);
  });

  it("releases a lock granted after it was stopped", async () => {
    const { wakeLock, page, sentinels } = fakes();
    keepScreenOn(wakeLock, page).stop();
    await settle();
    expect(sentinels[0]?.released).toBe(true);
  });

  it("does nothing without the API or when the browser refuses", async () => {
    const { page } = fakes();
    expect(() => keepScreenOn(undefined, page).stop()).not.toThrow();
    const states: boolean[] = [];
    keepScreenOn({ request: () => Promise.reject(new Error("NotAllowed")) }, page, (held) =>
      states.push(held),
    );
    await settle();
    expect(states).toEqual([false]);
  });
});
