import { describe, expect, it } from "vitest";
import { setCatalogue } from "../../lib/i18n";
import english from "../../lib/i18n/messages/en.json";
import {
  addDays,
  dayName,
  isDay,
  plannerHref,
  today,
  weekDays,
  weekFromParam,
  weekStartOf,
  weekTitle,
} from "./week";

describe("weekStartOf", () => {
  it("gives the Monday of the week, Monday to Sunday, in English", () => {
    expect(weekStartOf("2025-06-02")).toBe("2025-06-02"); // a Monday
    expect(weekStartOf("2025-06-04")).toBe("2025-06-02"); // Wednesday
    expect(weekStartOf("2025-06-08")).toBe("2025-06-02"); // Sunday belongs to the week before
    expect(weekStartOf("2025-06-09")).toBe("2025-06-09");
  });

  it("starts where the reader's week starts: Sunday in Japan, Saturday in Arabic", () => {
    // 2025-06-04 is a Wednesday.
    expect(weekStartOf("2025-06-04", 7)).toBe("2025-06-01");
    expect(weekStartOf("2025-06-01", 7)).toBe("2025-06-01"); // a Sunday starts its own week
    expect(weekStartOf("2025-06-04", 6)).toBe("2025-05-31");
    expect(weekStartOf("2025-06-06", 6)).toBe("2025-05-31"); // Friday ends the Arabic week
    expect(weekStartOf("2025-06-07", 6)).toBe("2025-06-07");
  });

  it("crosses months, years and leap days", () => {
    expect(weekStartOf("2025-06-01")).toBe("2025-05-26");
    expect(weekStartOf("2026-01-01")).toBe("2025-12-29");
    expect(weekStartOf("2024-03-01")).toBe("2024-02-26");
  });

  it("is not moved by a daylight-saving change (Europe's last Sunday of March)", () => {
    expect(weekStartOf("2025-03-30")).toBe("2025-03-24");
    expect(addDays("2025-03-29", 2)).toBe("2025-03-31");
    expect(addDays("2025-10-27", -2)).toBe("2025-10-25");
  });
});

describe("weekDays", () => {
  it("lists the seven days from Monday", () => {
    expect(weekDays("2025-12-29")).toEqual([
      "2025-12-29",
      "2025-12-30",
      "2025-12-31",
      "2026-01-01",
      "2026-01-02",
      "2026-01-03",
      "2026-01-04",
    ]);
  });
});

describe("weekFromParam", () => {
  const todayDay = "2025-06-05"; // a Thursday

  it("opens this week without a parameter", () => {
    expect(weekFromParam(null, todayDay)).toEqual({ start: "2025-06-02", canonical: true });
  });

  it("keeps a Monday as it is", () => {
    expect(weekFromParam("2025-07-14", todayDay)).toEqual({
      start: "2025-07-14",
      canonical: true,
    });
  });

  it("reads another day as its week, to be rewritten as the Monday", () => {
    expect(weekFromParam("2025-07-17", todayDay)).toEqual({
      start: "2025-07-14",
      canonical: false,
    });
  });

  it("falls back to this week for what is not a day", () => {
    for (const bad of ["", "next", "2025-02-30", "2025-6-2", "2025-06-02T00:00", "0000-01-03"]) {
      expect(weekFromParam(bad, todayDay)).toEqual({ start: "2025-06-02", canonical: false });
    }
  });
});

describe("isDay", () => {
  it("accepts real days only", () => {
    expect(isDay("2024-02-29")).toBe(true);
    expect(isDay("2025-02-29")).toBe(false);
    expect(isDay("2025-13-01")).toBe(false);
  });
});

describe("today", () => {
  it("is the device's calendar day, not UTC's", () => {
    // 23:30 local time on 1 June is still 1 June, whatever UTC says.
    expect(today(new Date(2025, 5, 1, 23, 30))).toBe("2025-06-01");
    expect(today(new Date(2025, 5, 2, 0, 15))).toBe("2025-06-02");
  });
});

describe("names", () => {
  it("names a day and a week", () => {
    expect(dayName("2025-06-03")).toBe("Tuesday 3 June");
    expect(weekTitle("2025-06-02")).toBe("2 – 8 June 2025");
    expect(weekTitle("2025-06-30")).toBe("30 June – 6 July 2025");
    expect(weekTitle("2025-12-29")).toBe("29 Dec 2025 – 4 January 2026");
  });
});

describe("plannerHref", () => {
  it("names the week by its Monday, and a shared planner by its owner", () => {
    expect(plannerHref("2025-06-05")).toBe("/planner?week=2025-06-02");
    expect(plannerHref("2025-06-02", "ann lee")).toBe("/planner?week=2025-06-02&planner=ann+lee");
  });

  it("names it by its Sunday for a reader in Japanese", () => {
    setCatalogue("ja", {});
    try {
      expect(plannerHref("2025-06-05")).toBe("/planner?week=2025-06-01");
      expect(weekFromParam("2025-06-02", "2025-06-05")).toEqual({
        start: "2025-06-01",
        canonical: false,
      });
    } finally {
      setCatalogue("en", english);
    }
  });
});
