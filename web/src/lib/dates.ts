// THE way the app writes a date (issue 34 §19): one format on every page, the medium date and
// short time of the reader's language (issue 37), in the reader's time zone: "28 Nov 2026,
// 03:24" in English (en-GB's ways, as always), "28.11.2026, 03:24" in German, "2026/11/28
// 3:24" in Japanese. A locale passed as a parameter is used as it is.
import { formattingLocale, localized } from "./i18n";

// One formatter per locale and style: toLocaleString with options builds a new one on each
// call, which a page of recipe cards did twenty times over at start-up.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(locale: string, withTime: boolean): Intl.DateTimeFormat {
  const key = `${locale}|${withTime}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      dateStyle: "medium",
      ...(withTime ? { timeStyle: "short" } : {}),
    });
    formatters.set(key, format);
  }
  return format;
}

/** A date from the API's ISO text (or a Date); null when missing or not a date. */
function dateOf(value: string | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "28 Nov 2026, 03:24": when something happened. "" when the value is missing or not a date. */
export function formatDateTime(value: string | Date | null | undefined, locale?: string): string {
  const date = dateOf(value);
  if (!date) return "";
  return locale
    ? formatter(locale, true).format(date)
    : localized(formatter(formattingLocale(), true).format(date));
}

/** "28 Nov 2026": the day something happened. "" when the value is missing or not a date. */
export function formatDate(value: string | Date | null | undefined, locale?: string): string {
  const date = dateOf(value);
  if (!date) return "";
  return locale
    ? formatter(locale, false).format(date)
    : localized(formatter(formattingLocale(), false).format(date));
}

// Calendar days (a planned day, a week of the planner) have no time of day and no time zone:
// they are UTC midnights, written in UTC so that no zone moves them, with day and month names
// in the reader's language ("Tuesday 3 June" in English, as in Britain).
const DAY_STYLES = {
  weekday: { weekday: "long" },
  dayMonth: { day: "numeric", month: "long" },
  day: { weekday: "long", day: "numeric", month: "long" },
  fullDay: { day: "numeric", month: "long", year: "numeric" },
  shortDay: { day: "numeric", month: "short", year: "numeric" },
  plannedDay: { weekday: "short", day: "numeric", month: "long" },
} satisfies Record<string, Intl.DateTimeFormatOptions>;
export type DayStyle = keyof typeof DAY_STYLES;

const dayFormatters = new Map<string, Intl.DateTimeFormat>();

/** A day, or a range of days, as the page shows it. */
export interface DayFormat {
  format(date: Date): string;
  formatRange(start: Date, end: Date): string;
}

/**
 * The formatter of a calendar day in this style, in the reader's language (made once); what
 * it writes goes through `localized`, so the pseudo-language accents it like any text.
 */
export function dayFormat(style: DayStyle): DayFormat {
  const locale = formattingLocale();
  const key = `${locale}|${style}`;
  let format = dayFormatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...DAY_STYLES[style], timeZone: "UTC" });
    dayFormatters.set(key, format);
  }
  const intl = format;
  return {
    format: (date) => localized(intl.format(date)),
    formatRange: (start, end) => localized(intl.formatRange(start, end)),
  };
}
