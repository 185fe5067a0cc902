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
