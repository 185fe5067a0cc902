// The app's words (issue 37, decision 0037): every text a page shows comes from the message
// catalogue of the reader's language, web/src/lib/i18n/messages/<language>.json, written in ICU
// MessageFormat and formatted by FormatJS's intl-messageformat. A language's catalogue is
// fetched only when it is chosen; main.tsx loads it before the first render, and choosing
// another language reloads the page, so `t` can be a plain function that any module calls
// (never at a module's top level: nothing is loaded yet then).
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
type Catalogue = Record<string, string>;

// One dynamic import per language: Vite makes each a chunk of its own, fetched when chosen.
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

let active: { language: Language; messages: Catalogue } | null = null;
const formats = new Map<string, IntlMessageFormat>();

/** Makes `language` the one `t` speaks, with its catalogue (for main.tsx and the tests). */
export function setCatalogue(language: Language, messages: Catalogue): void {
  active = { language, messages };
  formats.clear();
}

/** Fetches the language's catalogue and makes it the active one. */
export async function loadLanguage(language: Language): Promise<void> {
  const { default: messages } = await catalogues[language]();
  setCatalogue(language, messages);
}

/** The language the app speaks now. */
export function currentLanguage(): Language {
  return active?.language ?? DEFAULT_LANGUAGE;
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

/** The language this visitor chose before (the cookie), else null. */
export function chosenLanguage(cookie: string = document.cookie): Language | null {
  for (const part of cookie.split(";")) {
    const [name, value] = part.trim().split("=");
    if (name === LANGUAGE_COOKIE && value && isLanguage(decodeURIComponent(value))) {
      return decodeURIComponent(value) as Language;
    }
  }
  return null;
}

/** Sets `<html lang dir>` to the language, so screen readers and the layout follow it. */
export function markDocument(language: Language, root: HTMLElement = document.documentElement) {
  root.lang = language;
  root.dir = isRightToLeft(language) ? "rtl" : "ltr";
}
