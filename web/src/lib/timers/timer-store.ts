import { useSyncExternalStore } from "react";
import { t } from "../i18n";
import {
  addMinute,
  type KitchenTimer,
  parseStoredTimers,
  pauseTimer,
  remainingMs,
  resumeTimer,
  settleTimers,
  spokenClock,
  startTimer,
} from "./timer-state";

/**
 * The cook's kitchen timers, one store for the whole app: cook mode starts them, the strip in
 * the app shell shows them on every page. Kept in localStorage, so a reload, or an installed app
 * the phone closed in the background, still has them; other tabs of the app follow along.
 * Also what was last said about them, for the strips' polite live regions: a start, a pause, a
 * timer done; never the seconds ticking by.
 */

const STORAGE_KEY = "potluck:kitchen-timers";

const listeners = new Set<() => void>();
let timers: readonly KitchenTimer[] = readStored();
let announcement = "";

function readStored(): KitchenTimer[] {
  try {
    return parseStoredTimers(localStorage.getItem(STORAGE_KEY));
  } catch {
    // No storage here (or blocked): timers live as long as the page.
    return [];
  }
}

function commit(next: readonly KitchenTimer[], say?: string): void {
  timers = next;
  if (say !== undefined) announcement = say;
  try {
    if (next.length > 0) localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage full or blocked: the timers still run in this page.
  }
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

// Another tab of the app started, paused or dismissed one.
if (typeof window !== "undefined") {
  window.addEventListener("storage", (event) => {
    if (event.key !== STORAGE_KEY && event.key !== null) return;
    timers = readStored();
    for (const listener of listeners) listener();
  });
}

const NO_TIMERS: readonly KitchenTimer[] = [];

export const useKitchenTimers = () =>
  useSyncExternalStore(
    subscribe,
    () => timers,
    () => NO_TIMERS,
  );

export const useTimerAnnouncement = () =>
  useSyncExternalStore(
    subscribe,
    () => announcement,
    () => "",
  );

export const kitchenTimersNow = (): readonly KitchenTimer[] => timers;

const newId = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

export function startKitchenTimer(start: {
  name: string;
  length: string;
  seconds: number;
}): KitchenTimer {
  const next = startTimer(timers, { ...start, id: newId() }, Date.now());
  const started = next[next.length - 1] as KitchenTimer;
  commit(
    next,
    t("lib.timers.started", { name: started.name, length: spokenClock(start.seconds * 1000) }),
  );
  return started;
}

/** Changes one timer by `change` and says `say` of the result. */
function change(
  id: string,
  update: (timer: KitchenTimer, now: number) => KitchenTimer,
  say: (timer: KitchenTimer, now: number) => string,
): void {
  const now = Date.now();
  const timer = timers.find((candidate) => candidate.id === id);
  if (!timer) return;
  const changed = update(timer, now);
  commit(
    timers.map((candidate) => (candidate.id === id ? changed : candidate)),
    say(changed, now),
  );
}

const left = (timer: KitchenTimer, now: number) => spokenClock(remainingMs(timer, now));

export const pauseKitchenTimer = (id: string) =>
  change(id, pauseTimer, (timer, now) =>
    t("lib.timers.paused", { name: timer.name, left: left(timer, now) }),
  );

export const resumeKitchenTimer = (id: string) =>
  change(id, resumeTimer, (timer, now) =>
    t("lib.timers.running", { name: timer.name, left: left(timer, now) }),
  );

export const addMinuteToKitchenTimer = (id: string) =>
  change(id, addMinute, (timer, now) =>
    t("lib.timers.minuteAdded", { name: timer.name, left: left(timer, now) }),
  );

/** Cancels a timer, or dismisses one that is done. */
export function removeKitchenTimer(id: string): void {
  const timer = timers.find((candidate) => candidate.id === id);
  if (!timer) return;
  commit(
    timers.filter((candidate) => candidate.id !== id),
    timer.state === "done"
      ? t("lib.timers.dismissed", { name: timer.name })
      : t("lib.timers.cancelled", { name: timer.name }),
  );
}

/** Marks the timers whose time is up as done; returns those that just finished. */
export function settleKitchenTimers(): KitchenTimer[] {
  const settled = settleTimers(timers, Date.now());
  if (settled.finished.length > 0) {
    const names = settled.finished
      .map((timer) => t("lib.timers.done", { name: timer.name }))
      .join(" ");

    commit(settled.timers, names);
  }
  return settled.finished;
}
