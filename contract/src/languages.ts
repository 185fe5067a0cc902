// The languages Potluck speaks (issue 37). English is the spec's language and the fallback for
// a request that states no preference.

export const LANGUAGES = ["en", "de", "fr", "es", "it", "nl", "pt-BR", "pl", "ja", "ar"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en";

/** Each language in its own name, as the language menu lists it. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: "English",
  de: "Deutsch",
  fr: "Français",
  es: "Español",
  it: "Italiano",
  nl: "Nederlands",
  "pt-BR": "Português (Brasil)",
  pl: "Polski",
  ja: "日本語",
  ar: "العربية",
};

/** A day of the week as Intl.Locale's week info counts them: 1 is Monday, 7 is Sunday. */
export type Weekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

/**
 * The day the planner's week starts on: CLDR's first day for each language's main region
 * (Monday in most of Europe, Sunday in Brazil and Japan, Saturday for Arabic: Egypt, the likely
 * region of "ar"); English keeps the Monday the planner has always started on. A table, not
 * Intl.Locale's week info, so that the server (which announces the week's data in the page,
 * web-app/first-load.ts) and every browser agree; a web test checks it against CLDR.
 */
export const FIRST_DAY_OF_WEEK: Record<Language, Weekday> = {
  en: 1,
  de: 1,
  fr: 1,
  es: 1,
  it: 1,
  nl: 1,
  "pt-BR": 7,
  pl: 1,
  ja: 7,
  ar: 6,
};

/** Days from the start of the week to a day (`weekday` 1 Monday … 7 Sunday), weeks starting on `firstDay`. */
export const daysIntoWeek = (weekday: Weekday, firstDay: Weekday): number =>
  (weekday - firstDay + 7) % 7;

/** The cookie a signed-out visitor's choice lives in (a year). */
export const LANGUAGE_COOKIE = "potluck_lang";

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

export function isRightToLeft(language: Language): boolean {
  return language === "ar";
}

/**
 * The best of the ten for a list of wanted language tags, most wanted first ("de-AT" → de,
 * "pt" or "pt-PT" → pt-BR, the only Portuguese); null when none fits. `*` matches nothing, so
 * a caller that says "anything" gets English.
 */
export function bestLanguage(wanted: readonly string[]): Language | null {
  for (const tag of wanted) {
    const lower = tag.trim().toLowerCase();
    const exact = LANGUAGES.find((language) => language.toLowerCase() === lower);
    if (exact) return exact;
    const base = lower.split("-")[0];
    const sameBase = LANGUAGES.find((language) => language.toLowerCase().split("-")[0] === base);
    if (sameBase) return sameBase;
  }
  return null;
}

/** The tags of an Accept-Language header, by their q weight (highest first; q=0 dropped). */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.tag !== "" && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((entry) => entry.tag);
}
