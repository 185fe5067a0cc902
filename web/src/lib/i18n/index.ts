// The app's words (issue 37, decision 0037): every text a page shows comes from the message
// catalogue of the reader's language, web/src/lib/i18n/messages/<language>.json, written in ICU
// MessageFormat and formatted by FormatJS's intl-messageformat. A language's catalogue is
// fetched only when it is chosen; main.tsx loads it before the first render, and choosing
// another language reloads the page, so `t` can be a plain function that any module calls
// (never at a module's top level: nothing is loaded yet then).

import type { MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  isRightToLeft,
  LANGUAGE_COOKIE,
  type Language,
} from "@potluck/contract/languages";
import { IntlMessageFormat, type PrimitiveType } from "intl-messageformat";
import type english from "./messages/en.json";

export type MessageKey = keyof typeof english;
export type MessageValues = Record<string, PrimitiveType>;
/** A language's messages: ICU texts, or (the pseudo-language) their parsed elements. */
type Catalogue = Record<string, string | MessageFormatElement[]>;

/**
 * The pseudo-language for testing (accented, lengthened English, lib/i18n/pseudo.ts): made
 * from en.json when the cookie asks for it, never listed in the menu, never sent to the server.
 */
export const PSEUDO_LANGUAGE = "en-XA";
/** What a page can speak: one of the ten, or the pseudo-language. */
export type DisplayLanguage = Language | typeof PSEUDO_LANGUAGE;

// One dynamic import per language: Vite makes each a chunk of its own, fetched when chosen.
// The build parses the messages beforehand (scripts/precompile-messages.ts), so a built
// catalogue holds ICU elements; the dev server's and the tests' hold the texts.
const catalogues: Record<Language, () => Promise<{ default: Catalogue }>> = {
  en: () => import("./messages/en.json"),
  de: () => import("./messages/de.json"),
  fr: () => import("./messages/fr.json"),
  es: () => import("./messages/es.json"),
  it: () => import("./messages/it.json"),
  nl: () => import("./messages/nl.json"),
  "pt-BR": () => import("./messages/pt-BR.json"),
  pl: () => import("./messages/pl.json"),
  ja: () => import("./messages/ja.json"),
  ar: () => import("./messages/ar.json"),
};

let active: {
  language: Language;
  messages: Catalogue;
  /** What a formatted value (a date) becomes on the page: itself, or accented in en-XA. */
  decorate?: (text: string) => string;
} | null = null;
const formats = new Map<string, IntlMessageFormat>();

/** Makes `language` the one `t` speaks, with its catalogue (for main.tsx and the tests). */
export function setCatalogue(
  language: Language,
  messages: Catalogue,
  decorate?: (text: string) => string,
): void {
  active = { language, messages, decorate };
  formats.clear();
}

/** Fetches the language's catalogue and makes it the active one. */
export async function loadLanguage(language: DisplayLanguage): Promise<void> {
  if (language === PSEUDO_LANGUAGE) {
    // Only a tester's browser fetches the pseudo-language's maker.
    const [{ default: messages }, { pseudoCatalogue, accent }] = await Promise.all([
      catalogues.en(),
      import("./pseudo"),
    ]);
    setCatalogue(DEFAULT_LANGUAGE, pseudoCatalogue(messages), accent);
    return;
  }
  const { default: messages } = await catalogues[language]();
  setCatalogue(language, messages);
}

/**
 * The language the app speaks now (English in the pseudo-language: dates and numbers are
 * written as in English there).
 */
export function currentLanguage(): Language {
  return active?.language ?? DEFAULT_LANGUAGE;
}

/** Whether the page speaks the pseudo-language. */
export function isPseudo(): boolean {
  return active?.decorate !== undefined;
}

/**
 * A value the app formatted itself (a date, from lib/dates.ts) as the page shows it: as it is,
 * or accented in the pseudo-language so that it is not taken for a text left in English.
 */
export function localized(text: string): string {
  return active?.decorate ? active.decorate(text) : text;
}

/**
 * The locale dates and numbers are written in: the language's, but English keeps the British
 * ways it has always had ("28 Nov 2026, 03:24", a 24-hour clock).
 */
export function formattingLocale(language: Language = currentLanguage()): string {
  return language === "en" ? "en-GB" : language;
}

/** The message `key` in the reader's language, its placeholders filled from `values`. */
export function t(key: MessageKey, values?: MessageValues): string {
  const result = formatOf(key).format(values);
  return typeof result === "string" ? result : String(result);
}

/** The formatter of a key's message (cached), for `t` and the rich-text variant in i18n-rich. */
export function formatOf(key: MessageKey): IntlMessageFormat {
  if (!active) throw new Error(`t("${key}") was called before a language was loaded`);
  let format = formats.get(key);
  if (!format) {
    const message = active.messages[key];
    if (message === undefined) throw new Error(`No message "${key}" in ${active.language}`);
    format = new IntlMessageFormat(message, active.language);
    formats.set(key, format);
  }
  return format;
}

/** The value of the language cookie, as it is (null when there is none). */
export function languageCookie(cookie: string = document.cookie): string | null {
  for (const part of cookie.split(";")) {
    const [name, value] = part.trim().split("=");
    if (name === LANGUAGE_COOKIE && value) {
      try {
        return decodeURIComponent(value);
      } catch {
        return null;
      }
    }
  }
  return null;
}

/** The language this visitor chose before (the cookie), else null. */
export function chosenLanguage(cookie: string = document.cookie): Language | null {
  const value = languageCookie(cookie);
  return isLanguage(value) ? value : null;
}

/** Sets `<html lang dir>` to the language, so screen readers and the layout follow it. */
export function markDocument(
  language: DisplayLanguage,
  root: HTMLElement = document.documentElement,
) {
  root.lang = language;
  root.dir = isLanguage(language) && isRightToLeft(language) ? "rtl" : "ltr";
}
