import { useEffect, useRef } from "react";
import { type KitchenTimer, nextDueAt } from "../../lib/timers/timer-state";
import { settleKitchenTimers } from "../../lib/timers/timer-store";
import { useScreenWakeLock } from "../../lib/wake-lock";
import { ring } from "./alarm";

/**
 * The one place that notices a timer reaching zero and rings it: mounted once, in the app shell,
 * so it rings on whatever page the cook is. It wakes at the next timer's end (not every second),
 * and looks again whenever the page is shown (a background tab's timers are held back by the
 * browser) and when the app starts (a timer may have run out while it was closed). The screen
 * stays on while a timer runs.
 */
export function useTimerAlarms(timers: readonly KitchenTimer[]): void {
  const ringing = useRef(new Map<string, () => void>());

  useEffect(() => {
    const settle = () => {
      for (const timer of settleKitchenTimers()) ringing.current.set(timer.id, ring(timer));
    };
    settle();
    const due = nextDueAt(timers);
    const wake = due === null ? undefined : setTimeout(settle, Math.max(0, due - Date.now()));
    document.addEventListener("visibilitychange", settle);
    return () => {
      clearTimeout(wake);
      document.removeEventListener("visibilitychange", settle);
    };
  }, [timers]);

  // A timer dismissed, cancelled or given another minute stops ringing.
  useEffect(() => {
    for (const [id, stop] of ringing.current) {
      if (!timers.some((timer) => timer.id === id && timer.state === "done")) {
        stop();
        ringing.current.delete(id);
      }
    }
  }, [timers]);

  useScreenWakeLock(timers.some((timer) => timer.state === "running"));
}
