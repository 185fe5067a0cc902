/**
 * Kitchen timers as plain data and the rules that change them. A running timer keeps the moment
 * it reaches zero (`endsAt`, epoch milliseconds), never a count of ticks: what is left is always
 * worked out from the clock, so a page that slept, a throttled background tab or a reload shows
 * the true time.
 */
import { t } from "../i18n";

export interface KitchenTimer {
  id: string;
  /** What is timed: "Simmer", "Step 3". */
  name: string;
  /** The length it was started with, as its name shows it: "25 min". */
  length: string;
  state: "running" | "paused" | "done";
  /** Running: when it reaches zero. */
  endsAt: number;
  /** Paused: what was left when it was paused. */
  leftMs: number;
}

export const MINUTE_MS = 60_000;

/** A name no other timer has: a second "Simmer" is "Simmer 2" (its buttons must differ too). */
function freeName(timers: readonly KitchenTimer[], name: string): string {
  const taken = new Set(timers.map((timer) => timer.name));
  if (!taken.has(name)) return name;
  let n = 2;
  while (taken.has(`${name} ${n}`)) n++;
  return `${name} ${n}`;
}

export function startTimer(
  timers: readonly KitchenTimer[],
  start: { id: string; name: string; length: string; seconds: number },
  now: number,
): KitchenTimer[] {
  return [
    ...timers,
    {
      id: start.id,
      name: freeName(timers, start.name),
      length: start.length,
      state: "running",
      endsAt: now + start.seconds * 1000,
      leftMs: start.seconds * 1000,
    },
  ];
}

export function remainingMs(timer: KitchenTimer, now: number): number {
  if (timer.state === "done") return 0;
  if (timer.state === "paused") return timer.leftMs;
  return Math.max(0, timer.endsAt - now);
}

export function pauseTimer(timer: KitchenTimer, now: number): KitchenTimer {
  if (timer.state !== "running") return timer;
  return { ...timer, state: "paused", leftMs: remainingMs(timer, now) };
}

export function resumeTimer(timer: KitchenTimer, now: number): KitchenTimer {
  if (timer.state !== "paused") return timer;
  return { ...timer, state: "running", endsAt: now + timer.leftMs };
}

/** One more minute; a timer that is done runs again for that minute ("not quite ready"). */
export function addMinute(timer: KitchenTimer, now: number): KitchenTimer {
  if (timer.state === "paused") return { ...timer, leftMs: timer.leftMs + MINUTE_MS };
  if (timer.state === "done") return { ...timer, state: "running", endsAt: now + MINUTE_MS };
  return { ...timer, endsAt: Math.max(timer.endsAt, now) + MINUTE_MS };
}

/** Running timers whose time is up become done; `finished` are those that just did. */
export function settleTimers(
  timers: readonly KitchenTimer[],
  now: number,
): { timers: readonly KitchenTimer[]; finished: KitchenTimer[] } {
  const finished: KitchenTimer[] = [];
  const next = timers.map((timer) => {
    if (timer.state !== "running" || timer.endsAt > now) return timer;
    const done = { ...timer, state: "done" as const, leftMs: 0 };
    finished.push(done);
    return done;
  });
  return { timers: finished.length > 0 ? next : timers, finished };
}

/** When the next running timer reaches zero, or null when none runs. */
export function nextDueAt(timers: readonly KitchenTimer[]): number | null {
  const running = timers.filter((timer) => timer.state === "running");
  return running.length > 0 ? Math.min(...running.map((timer) => timer.endsAt)) : null;
}

/**
 * The timer that needs the cook first: one that is done (ringing), else the running one with
 * the least time left, else the paused one with the least left. Null when there are none.
 * The phone's folded dock shows this one.
 */
export function soonestTimer(timers: readonly KitchenTimer[], now: number): KitchenTimer | null {
  const rank = (timer: KitchenTimer) => ({ done: 0, running: 1, paused: 2 })[timer.state];
  let soonest: KitchenTimer | null = null;
  for (const timer of timers) {
    if (
      !soonest ||
      rank(timer) < rank(soonest) ||
      (rank(timer) === rank(soonest) && remainingMs(timer, now) < remainingMs(soonest, now))
    ) {
      soonest = timer;
    }
  }
  return soonest;
}

/**
 * "4:05", "1:02:09": what is left as a kitchen timer shows it, rounded up to the second, so it
 * reads 0:01 until the very end and 0:00 only when done.
 */
export function formatClock(ms: number): string {
  const total = Math.ceil(Math.max(0, ms) / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, "0");
  return hours > 0
    ? `${hours}:${String(minutes).padStart(2, "0")}:${seconds}`
    : `${minutes}:${seconds}`;
}

/** "4 minutes 5 seconds": what is left as it is read out (a clock is not read well). */
export function spokenClock(ms: number): string {
  const total = Math.ceil(Math.max(0, ms) / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const parts = [
    hours > 0 ? t("lib.timers.spokenHours", { count: hours }) : "",
    minutes > 0 ? t("lib.timers.spokenMinutes", { count: minutes }) : "",
    seconds > 0 || total === 0 ? t("lib.timers.spokenSeconds", { count: seconds }) : "",
  ];

  return parts.filter(Boolean).join(" ");
}

/** Timers read back from storage: anything that is not a well-formed timer is dropped. */
export function parseStoredTimers(json: string | null): KitchenTimer[] {
  let stored: unknown;
  try {
    stored = JSON.parse(json ?? "[]");
  } catch {
    return [];
  }
  if (!Array.isArray(stored)) return [];
  return stored.filter(
    (timer): timer is KitchenTimer =>
      typeof timer === "object" &&
      timer !== null &&
      typeof timer.id === "string" &&
      typeof timer.name === "string" &&
      typeof timer.length === "string" &&
      ["running", "paused", "done"].includes(timer.state) &&
      Number.isFinite(timer.endsAt) &&
      Number.isFinite(timer.leftMs),
  );
}
