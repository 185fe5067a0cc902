// THE way the app writes a date (issue 34 §19): one format on every page, "28 Nov 2026, 03:24"
// for a moment and "28 Nov 2026" for a day, in the reader's time zone. The locale is a
// parameter so that the languages issue can pass the reader's; until then every page uses the
// default, en-GB's medium date and short time.

/** The locale every date is written in until the app speaks other languages. */
export const DATE_LOCALE = "en-GB";

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
export function formatDateTime(
  value: string | Date | null | undefined,
  locale: string = DATE_LOCALE,
): string {
  const date = dateOf(value);
  return date ? formatter(locale, true).format(date) : "";
}

/** "28 Nov 2026": the day something happened. "" when the value is missing or not a date. */
export function formatDate(
  value: string | Date | null | undefined,
  locale: string = DATE_LOCALE,
): string {
  const date = dateOf(value);
  return date ? formatter(locale, false).format(date) : "";
}
