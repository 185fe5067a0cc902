import { describe, expect, it } from "vitest";
import { escapeText, foldLine, icsCalendar, nextDay } from "./calendar.js";

describe("escapeText", () => {
  it("escapes backslash, semicolon and comma, and writes line breaks as \\n", () => {
    expect(escapeText("a\\b;c,d\ne\r\nf")).toBe("a\\\\b\\;c\\,d\\ne\\nf");
    expect(escapeText("Plain: text")).toBe("Plain: text");
  });
});

describe("foldLine", () => {
  it("leaves a line of 75 octets alone and folds a longer one, continuations with a space", () => {
    expect(foldLine("x".repeat(75))).toBe("x".repeat(75));
    const folded = foldLine("x".repeat(200)).split("\r\n");
    expect(folded.map((line) => line.length)).toEqual([75, 75, 52]);
    expect(folded.slice(1).every((line) => line.startsWith(" "))).toBe(true);
    expect(folded.map((line, i) => (i === 0 ? line : line.slice(1))).join("")).toBe(
      "x".repeat(200),
    );
  });

  it("counts octets, not characters, and never splits a character", () => {
    const line = `SUMMARY:${"é".repeat(40)}${"🍮".repeat(10)}`;
    const folded = foldLine(line).split("\r\n");
    for (const part of folded) expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75);
    // Each part is whole UTF-8: joined back, nothing is lost or replaced.
    expect(folded.map((part, i) => (i === 0 ? part : part.slice(1))).join("")).toBe(line);
    expect(folded.join("")).not.toContain("\uFFFD");
  });
});

describe("icsCalendar", () => {
  it("writes all-day events ending the next day, with CRLF line ends", () => {
    const text = icsCalendar(
      "Meals",
      [{ uid: "planner-entry-1@potluck", date: "2030-12-31", summary: "Dinner: Soup" }],
      new Date("2030-01-02T03:04:05.678Z"),
    );
    expect(text.split("\r\n")).toEqual([
      "BEGIN:VCALENDAR",
      "VERSION:2.0",
      "PRODID:-//Potluck//Week planner//EN",
      "CALSCALE:GREGORIAN",
      "METHOD:PUBLISH",
      "X-WR-CALNAME:Meals",
      "BEGIN:VEVENT",
      "UID:planner-entry-1@potluck",
      "DTSTAMP:20300102T030405Z",
      "DTSTART;VALUE=DATE:20301231",
      "DTEND;VALUE=DATE:20310101",
      "SUMMARY:Dinner: Soup",
      "END:VEVENT",
      "END:VCALENDAR",
      "",
    ]);
    expect(nextDay("2032-02-28")).toBe("2032-02-29");
  });
});
