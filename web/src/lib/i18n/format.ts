// Numbers and the week the local way (issue 37 §2): "1,5" in German, "1.5" in English, and
// the first day of a week as CLDR gives it for the language.
import { FIRST_DAY_OF_WEEK, type Language, type Weekday } from "@potluck/contract/languages";
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

/** The day the reader's week starts on (the planner's first column; 1 is Monday, 7 Sunday). */
export const firstDayOfWeek = (language: Language = currentLanguage()): Weekday =>
  FIRST_DAY_OF_WEEK[language];

const displayNames = new Map<string, Intl.DisplayNames>();

/**
 * A language as the reader names it, for a sentence or a choice among recipes' languages:
 * "German" in English, "allemand" in French (the language menu names each in its own name
 * instead, for a reader looking for theirs).
 */
export function languageName(code: Language, reader: Language = currentLanguage()): string {
  let names = displayNames.get(reader);
  if (!names) {
    names = new Intl.DisplayNames([reader], { type: "language" });
    displayNames.set(reader, names);
  }
  return localized(names.of(code) ?? code);
}
