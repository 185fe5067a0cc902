// The planner as iCalendar (RFC 5545), for its secret feed address. Small enough to write out
// here rather than take a generator dependency: one calendar of all-day events, text escaped
// (3.3.11), lines folded at 75 octets (3.1), CRLF line ends.

const CRLF = "\r\n";
/** The most octets of a content line, its line break not counted (RFC 5545 3.1). */
const LINE_OCTETS = 75;

/** A TEXT value: backslash, semicolon and comma escaped, line breaks as `\n` (3.3.11). */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

/**
 * A content line folded so that no line is longer than 75 octets: a continuation starts with
 * a space, which counts. Never inside a UTF-8 character (a reader would see broken bytes).
 */
export function foldLine(line: string): string {
  const lines: string[] = [];
  let current = "";
  let octets = 0;
  let limit = LINE_OCTETS;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    if (octets + size > limit) {
      lines.push(current);
      current = "";
      octets = 0;
      limit = LINE_OCTETS - 1;
    }
    current += char;
    octets += size;
  }
  lines.push(current);
  return lines.join(`${CRLF} `);
}

/** `YYYY-MM-DD` as an iCalendar DATE, `YYYYMMDD`. */
const icsDate = (day: string): string => day.replaceAll("-", "");

/** The day after `YYYY-MM-DD`, in the same form. */
export function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** A UTC DATE-TIME, `YYYYMMDDTHHMMSSZ`. */
const icsDateTime = (at: Date): string => `${at.toISOString().slice(0, 19).replace(/[-:]/g, "")}Z`;

export interface CalendarEvent {
  /** Stable across fetches, so a calendar app updates the event rather than adding another. */
  uid: string;
  /** `YYYY-MM-DD`: an all-day event. */
  date: string;
  summary: string;
  /** An absolute address the event links to (its URL and, for apps that show no URL, its
   * DESCRIPTION). */
  url?: string;
}

/** One VCALENDAR of all-day VEVENTs, stamped `now`. */
export function icsCalendar(name: string, events: CalendarEvent[], now: Date): string {
  const stamp = icsDateTime(now);
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Potluck//Week planner//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${escapeText(name)}`,
  ];
  for (const event of events) {
    lines.push(
      "BEGIN:VEVENT",
      `UID:${escapeText(event.uid)}`,
      `DTSTAMP:${stamp}`,
      `DTSTART;VALUE=DATE:${icsDate(event.date)}`,
      `DTEND;VALUE=DATE:${icsDate(nextDay(event.date))}`,
      `SUMMARY:${escapeText(event.summary)}`,
    );
    if (event.url) lines.push(`URL:${event.url}`, `DESCRIPTION:${escapeText(event.url)}`);
    lines.push("END:VEVENT");
  }
  lines.push("END:VCALENDAR");
  return lines.map(foldLine).join(CRLF) + CRLF;
}
