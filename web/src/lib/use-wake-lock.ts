import { useCallback, useEffect, useRef, useState } from "react";

export interface WakeLock {
  /** Whether this browser has the Screen Wake Lock API (offer the toggle only then). */
  supported: boolean;
  /** Whether the cook asked for the screen to stay on. */
  wanted: boolean;
  /** Whether the screen is held on right now. */
  held: boolean;
  /** The browser refused (low battery, a policy, …): the screen may still go dark. */
  failed: boolean;
  setWanted: (wanted: boolean) => void;
}

/**
 * Keeps the screen on while `wanted` (hands full in the shop): the browser releases the lock
 * whenever the page is hidden, so it is asked for again each time the page shows; leaving the
 * page (unmounting) releases it.
 */
export function useWakeLock(): WakeLock {
  const supported = typeof navigator !== "undefined" && "wakeLock" in navigator;
  const [wanted, setWantedState] = useState(false);
  const [held, setHeld] = useState(false);
  const [failed, setFailed] = useState(false);
  const sentinel = useRef<WakeLockSentinel | null>(null);

  useEffect(() => {
    if (!supported || !wanted) return;
    let active = true;
    const acquire = async () => {
      if (
        document.visibilityState !== "visible" ||
        (sentinel.current && !sentinel.current.released)
      )
        return;
      try {
        const lock = await navigator.wakeLock.request("screen");
        if (!active) {
          void lock.release();
          return;
        }
        sentinel.current = lock;
        setHeld(true);
        setFailed(false);
        lock.addEventListener("release", () => {
          if (sentinel.current === lock) setHeld(false);
        });
      } catch {
        if (active) setFailed(true);
      }
    };
    const onVisibility = () => void acquire();
    void acquire();
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      active = false;
      document.removeEventListener("visibilitychange", onVisibility);
      void sentinel.current?.release();
      sentinel.current = null;
      setHeld(false);
    };
  }, [supported, wanted]);

  const setWanted = useCallback((next: boolean) => {
    setFailed(false);
    setWantedState(next);
  }, []);

  return { supported, wanted, held, failed, setWanted };
}
