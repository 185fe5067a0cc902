import { useEffect, useState } from "react";

/** The parts of the Screen Wake Lock API used here (not in every TypeScript DOM library). */
interface WakeLockSentinelLike {
  released: boolean;
  release(): Promise<void>;
  addEventListener(type: "release", listener: () => void): void;
}
interface WakeLockLike {
  request(type: "screen"): Promise<WakeLockSentinelLike>;
}
interface PageLike {
  visibilityState: DocumentVisibilityState;
  addEventListener(type: "visibilitychange", listener: () => void): void;
  removeEventListener(type: "visibilitychange", listener: () => void): void;
}

/**
 * Keeps the screen on until `stop()` is called. The browser drops the lock whenever the page is
 * hidden (another app, a locked phone), so it is asked for again each time the page is visible.
 * `onChange` hears whether the screen is being kept on. Without the API (or when the browser
 * refuses, e.g. on low battery) nothing happens: cook mode works, the screen may just dim.
 */
export function keepScreenOn(
  wakeLock: WakeLockLike | undefined,
  page: PageLike,
  onChange: (held: boolean) => void = () => {},
): { stop: () => void } {
  if (!wakeLock) return { stop: () => {} };
  let sentinel: WakeLockSentinelLike | null = null;
  let stopped = false;

  const acquire = async () => {
    if (stopped || page.visibilityState !== "visible" || (sentinel && !sentinel.released)) return;
    try {
      const next = await wakeLock.request("screen");
      if (stopped) {
        void next.release();
        return;
      }
      sentinel = next;
      onChange(true);
      next.addEventListener("release", () => {
        if (sentinel === next) onChange(false);
      });
    } catch {
      onChange(false);
    }
  };
  const onVisibility = () => void acquire();

  page.addEventListener("visibilitychange", onVisibility);
  void acquire();
  return {
    stop: () => {
      stopped = true;
      page.removeEventListener("visibilitychange", onVisibility);
      void sentinel?.release();
      sentinel = null;
    },
  };
}

/** "held": the screen is kept on; "refused": the browser said no (no API, low battery...). */
export type ScreenLock = "waiting" | "held" | "refused";

/** Keeps the screen on while `enabled` and the calling component is shown. */
export function useScreenWakeLock(enabled = true): ScreenLock {
  const [state, setState] = useState<ScreenLock>("waiting");
  useEffect(() => {
    if (!enabled) return;
    const wakeLock = (navigator as Navigator & { wakeLock?: WakeLockLike }).wakeLock;
    let everHeld = false;
    const keeper = keepScreenOn(wakeLock, document, (held) => {
      everHeld ||= held;
      // Released after being held: the page was hidden; it is asked for again when shown.
      setState(held ? "held" : everHeld ? "waiting" : "refused");
    });
    return () => {
      keeper.stop();
      setState("waiting");
    };
  }, [enabled]);
  return state;
}

/** Whether this browser has the Screen Wake Lock API at all (offer a "Keep screen on" only then). */
export const canKeepScreenOn = () => "wakeLock" in navigator;
