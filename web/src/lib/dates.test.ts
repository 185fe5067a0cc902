import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime } from "./dates";

// Issue 34 §19: dates read "28 Nov 2026, 03:24", "Nov 28, 2026, 3:14 AM" and
// "11/28/2026, 3:37:53 AM" on different pages. One format, from this one module.

// Local times, so the test reads the same in every time zone.
const at = (hours: number, minutes: number, seconds = 0) =>
  new Date(2026, 10, 28, hours, minutes, seconds);

describe("formatDateTime", () => {
  it.each([
    [at(3, 24), "28 Nov 2026, 03:24"],
    [at(3, 14), "28 Nov 2026, 03:14"],
    // No seconds, a 24-hour clock: not "3:37:53 AM".
    [at(3, 37, 53), "28 Nov 2026, 03:37"],
    [at(15, 7), "28 Nov 2026, 15:07"],
    [at(0, 5), "28 Nov 2026, 00:05"],
    [new Date(2025, 2, 3, 14, 5), "3 Mar 2025, 14:05"],
  ])("writes %o as %s", (date, reads) => {
    expect(formatDateTime(date)).toBe(reads);
    // The API's ISO text, as pages hand it over.
    expect(formatDateTime(date.toISOString())).toBe(reads);
  });

  it("takes the locale as a parameter, en-GB by default", () => {
    expect(formatDateTime(at(3, 14), "en-US")).toBe("Nov 28, 2026, 3:14 AM");
    expect(formatDateTime(at(3, 14), "en-GB")).toBe(formatDateTime(at(3, 14)));
  });

  it("writes nothing for a missing value or one that is not a date", () => {
    expect(formatDateTime(null)).toBe("");
    expect(formatDateTime(undefined)).toBe("");
    expect(formatDateTime("")).toBe("");
    expect(formatDateTime("not a date")).toBe("");
  });
});

describe("formatDate", () => {
  it("writes a day in the same format, without the time", () => {
    expect(formatDate(at(3, 24))).toBe("28 Nov 2026");
    expect(formatDate(at(23, 59).toISOString())).toBe("28 Nov 2026");
    expect(formatDate(new Date(2025, 4, 3))).toBe("3 May 2025");
    expect(formatDate(at(3, 24), "en-US")).toBe("Nov 28, 2026");
    expect(formatDate("not a date")).toBe("");
  });
});

/** Every source file of the web app, but tests and this module. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe("every page", () => {
  it("writes its dates through lib/dates.ts, never with its own format", () => {
    const src = new URL("..", import.meta.url).pathname;
    // Moments and calendar days (planned days, the planner's week) are both written there.
    const allowed = new Set(["lib/dates.ts"]);
    const own = sources(src)
      .map((path) => relative(src, path))
      .filter((path) => !allowed.has(path))
      .filter((path) =>
        /toLocale(Date|Time)?String\(|new Intl\.DateTimeFormat/.test(
          readFileSync(join(src, path), "utf8"),
        ),
      );
    expect(own).toEqual([]);
  });
});
