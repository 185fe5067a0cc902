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
