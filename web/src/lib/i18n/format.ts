// Numbers and the week the local way (issue 37 §2): "1,5" in German, "1.5" in English, and
// the first day of a week as CLDR gives it for the language.
import type { Language } from "@potluck/contract/languages";
import { currentLanguage, formattingLocale, localized } from "./index";

// One formatter per locale and options: building one costs more than formatting with it.
const numberFormats = new Map<string, Intl.NumberFormat>();

/** A number as the reader writes it: formatNumber(1.5) is "1.5" in English, "1,5" in German. */
export function formatNumber(
  value: number,
  options: Intl.NumberFormatOptions = {},
  language: Language = currentLanguage(),
): string {
  const locale = formattingLocale(language);
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  // Compact numbers have letters ("1.2K"): accented in the pseudo-language like any text.
  return localized(format.format(value));
}

const listFormats = new Map<string, Intl.ListFormat>();

/**
 * Items joined as the reader's language joins them: "Monday, Tuesday and Friday" in English,
 * "lundi, mardi et vendredi" in French ("or" with `type: "disjunction"`).
 */
export function formatList(
  items: readonly string[],
  type: Intl.ListFormatType = "conjunction",
  language: Language = currentLanguage(),
): string {
  const locale = formattingLocale(language);
  const key = `${locale}|${type}`;
  let format = listFormats.get(key);
  if (!format) {
    format = new Intl.ListFormat(locale, { type });
    listFormats.set(key, format);
  }
  return localized(format.format(items));
}

/** A day of the week as Intl.Locale's week info counts them: 1 is Monday, 7 is Sunday. */
export type Weekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

/**
 * CLDR's first day for the languages' main regions, for browsers without
 * Intl.Locale.prototype.getWeekInfo (Firefox before 145, for one).
 */
export const FIRST_DAY: Record<Exclude<Language, "en">, Weekday> = {
  de: 1,
  fr: 1,
  es: 1,
  it: 1,
  nl: 1,
  pl: 1,
  "pt-BR": 7,
  ja: 7,
  ar: 6,
};

interface WeekInfo {
  firstDay: number;
}
type LocaleWithWeekInfo = Intl.Locale & { getWeekInfo?: () => WeekInfo; weekInfo?: WeekInfo };

/**
 * The day a week starts on for the reader (the planner's first column): Monday in most of
 * Europe, Sunday in Brazil and Japan, Saturday in Arabic (CLDR's Egypt, the likely region of
 * "ar"). English keeps the Monday the planner has always started on.
 */
export function firstDayOfWeek(language: Language = currentLanguage()): Weekday {
  if (language === "en") return 1;
  try {
    const locale = new Intl.Locale(language) as LocaleWithWeekInfo;
    // getWeekInfo() is the standard; older Chromium and Safari had a weekInfo getter.
    const firstDay = locale.getWeekInfo?.().firstDay ?? locale.weekInfo?.firstDay;
    if (firstDay !== undefined && firstDay >= 1 && firstDay <= 7) return firstDay as Weekday;
  } catch {
    // an engine without Intl.Locale: the table below
  }
  return FIRST_DAY[language];
}
