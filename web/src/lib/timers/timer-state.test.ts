import { describe, expect, it } from "vitest";
import {
  addMinute,
  formatClock,
  type KitchenTimer,
  nextDueAt,
  parseStoredTimers,
  pauseTimer,
  remainingMs,
  resumeTimer,
  settleTimers,
  soonestTimer,
  spokenClock,
  startTimer,
} from "./timer-state";

const T0 = 1_700_000_000_000;
const start = (timers: readonly KitchenTimer[], name: string, seconds: number, now = T0) =>
  startTimer(
    timers,
    { id: `${name}-${timers.length}`, name, length: `${seconds} sec`, seconds },
    now,
  );

describe("kitchen timers", () => {
  it("count down from the moment they end, whatever happens to the page in between", () => {
    const [timer] = start([], "Simmer", 60);
    if (!timer) throw new Error("not started");
    expect(timer.state).toBe("running");
    expect(remainingMs(timer, T0)).toBe(60_000);
    expect(remainingMs(timer, T0 + 59_500)).toBe(500);
    expect(remainingMs(timer, T0 + 3_600_000)).toBe(0);
  });

  it("pause keeps what is left, and resume counts it down from then", () => {
    const [timer] = start([], "Rest", 600);
    if (!timer) throw new Error("not started");
    const paused = pauseTimer(timer, T0 + 100_000);
    expect(paused.state).toBe("paused");
    expect(remainingMs(paused, T0 + 900_000)).toBe(500_000);
    expect(pauseTimer(paused, T0 + 900_000)).toBe(paused);
    const resumed = resumeTimer(paused, T0 + 900_000);
    expect(resumed.state).toBe("running");
    expect(remainingMs(resumed, T0 + 1_000_000)).toBe(400_000);
  });

  it("+1 min adds to a running or paused timer and runs a done one again", () => {
    const [timer] = start([], "Bake", 60);
    if (!timer) throw new Error("not started");
    expect(remainingMs(addMinute(timer, T0 + 30_000), T0 + 30_000)).toBe(90_000);
    const paused = pauseTimer(timer, T0 + 30_000);
    expect(remainingMs(addMinute(paused, T0), T0)).toBe(90_000);
    const { timers: settled } = settleTimers([timer], T0 + 120_000);
    const done = settled[0];
    if (!done) throw new Error("not settled");
    const again = addMinute(done, T0 + 200_000);
    expect(again.state).toBe("running");
    expect(remainingMs(again, T0 + 200_000)).toBe(60_000);
  });

  it("settle marks the timers whose time is up as done, once", () => {
    const timers = start(start([], "Simmer", 60), "Rest", 600);
    const early = settleTimers(timers, T0 + 59_999);
    expect(early.finished).toEqual([]);
    expect(early.timers).toBe(timers);

    const due = settleTimers(timers, T0 + 60_000);
    expect(due.finished.map((timer) => timer.name)).toEqual(["Simmer"]);
    expect(due.timers.map((timer) => timer.state)).toEqual(["done", "running"]);
    expect(settleTimers(due.timers, T0 + 61_000).finished).toEqual([]);

    // A paused timer is never due.
    const paused = [pauseTimer(timers[1] as KitchenTimer, T0)];
    expect(settleTimers(paused, T0 + 10_000_000).finished).toEqual([]);
  });

  it("the next due moment is the earliest running end", () => {
    const timers = start(start([], "Rest", 600), "Simmer", 60);
    expect(nextDueAt(timers)).toBe(T0 + 60_000);
    expect(nextDueAt([pauseTimer(timers[1] as KitchenTimer, T0)])).toBeNull();
    expect(nextDueAt([])).toBeNull();
  });

  it("a second timer of the same name is numbered", () => {
    const timers = start(start(start([], "Simmer", 60), "Simmer", 60), "Simmer", 60);
    expect(timers.map((timer) => timer.name)).toEqual(["Simmer", "Simmer 2", "Simmer 3"]);
  });
});

describe("formatClock", () => {
  it("shows m:ss, or h:mm:ss from an hour, rounded up to the second", () => {
    expect(formatClock(60_000)).toBe("1:00");
    expect(formatClock(59_001)).toBe("1:00");
    expect(formatClock(59_000)).toBe("0:59");
    expect(formatClock(1)).toBe("0:01");
    expect(formatClock(0)).toBe("0:00");
    expect(formatClock(-5)).toBe("0:00");
    expect(formatClock(25 * 60_000)).toBe("25:00");
    expect(formatClock(4_200_000)).toBe("1:10:00");
    expect(formatClock(3_600_000 + 65_000)).toBe("1:01:05");
  });
});

describe("spokenClock", () => {
  it("says what is left in words", () => {
    expect(spokenClock(60_000)).toBe("1 minute");
    expect(spokenClock(245_000)).toBe("4 minutes 5 seconds");
    expect(spokenClock(3_601_000)).toBe("1 hour 1 second");
    expect(spokenClock(0)).toBe("0 seconds");
  });
});

describe("parseStoredTimers", () => {
  it("keeps well-formed timers and drops the rest", () => {
    const timers = start([], "Simmer", 60);
    expect(parseStoredTimers(JSON.stringify(timers))).toEqual(timers);
    expect(parseStoredTimers(null)).toEqual([]);
    expect(parseStoredTimers("not json")).toEqual([]);
    expect(parseStoredTimers('{"id": "x"}')).toEqual([]);
    expect(
      parseStoredTimers(JSON.stringify([{ ...timers[0], state: "ringing" }, { id: 1 }, null])),
    ).toEqual([]);
  });
});

describe("soonestTimer", () => {
  it("is the one done first, then the running one with least left, then the paused one", () => {
    let timers = start(start(start([], "Rest", 600), "Simmer", 300), "Bake", 1200);
    expect(soonestTimer(timers, T0)?.name).toBe("Simmer");
    timers = timers.map((timer) => (timer.name === "Simmer" ? pauseTimer(timer, T0) : timer));
    expect(soonestTimer(timers, T0)?.name).toBe("Rest");
    const paused = timers.map((timer) => pauseTimer(timer, T0));
    expect(soonestTimer(paused, T0)?.name).toBe("Simmer");
    const { timers: settled } = settleTimers(timers, T0 + 1_200_000);
    expect(soonestTimer(settled, T0 + 1_200_000)?.state).toBe("done");
    expect(soonestTimer([], T0)).toBeNull();
  });
});
