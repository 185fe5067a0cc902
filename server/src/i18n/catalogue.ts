// The server's words (issue 37): every text it sends to a person (an error's detail or field
// messages, a mail, a digest line, the calendar feed's summaries) is a message of
// messages/<language>.json, written in ICU MessageFormat and formatted by intl-messageformat.
// English is the spec's text, character for character; the other nine are its translations
// (docs/i18n/glossary.md for the kitchen words). Start-up, CLI and log messages stay English.
import { DEFAULT_LANGUAGE, type Language } from "@potluck/contract/languages";
import { IntlMessageFormat, type PrimitiveType } from "intl-messageformat";
import ar from "./messages/ar.json" with { type: "json" };
import de from "./messages/de.json" with { type: "json" };
import en from "./messages/en.json" with { type: "json" };
import es from "./messages/es.json" with { type: "json" };
import fr from "./messages/fr.json" with { type: "json" };
import it from "./messages/it.json" with { type: "json" };
import ja from "./messages/ja.json" with { type: "json" };
import nl from "./messages/nl.json" with { type: "json" };
import pl from "./messages/pl.json" with { type: "json" };
import ptBR from "./messages/pt-BR.json" with { type: "json" };

export type MessageKey = keyof typeof en;
export type MessageValues = Record<string, PrimitiveType>;
type Catalogue = Partial<Record<MessageKey, string>>;

/** Each language's messages (a key a translation lacks falls back to English). */
export const CATALOGUES: Record<Language, Catalogue> = {
  en,
  de,
  fr,
  es,
  it,
  nl,
  "pt-BR": ptBR,
  pl,
  ja,
  ar,
};

const compiled = new Map<string, IntlMessageFormat>();

function formatOf(language: Language, key: MessageKey): IntlMessageFormat {
  const id = `${language}\u0000${key}`;
  let format = compiled.get(id);
  if (!format) {
    const message = CATALOGUES[language][key] ?? en[key];
    format = new IntlMessageFormat(message, language);
    compiled.set(id, format);
  }
  return format;
}

/** The message `key` in `language`, its placeholders filled from `values`. */
export function formatMessage(language: Language, key: MessageKey, values?: MessageValues): string {
  const result = formatOf(language, key).format(values);
  return Array.isArray(result) ? result.join("") : String(result);
}

/** A message in English: the texts tests and the spec assert, for code that has no reader. */
export const inEnglish = (key: MessageKey, values?: MessageValues): string =>
  formatMessage(DEFAULT_LANGUAGE, key, values);
