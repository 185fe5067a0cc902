import { DEFAULT_LANGUAGE, type Language } from "@potluck/contract/languages";
import { IntlMessageFormat } from "intl-messageformat";
import { CATALOGUES, formatMessage, type MessageKey } from "./catalogue.js";

// The error messages are written in English where they arise: in the contract's schemas (the
// web reads the same ones), in the policies and in the routes. The error handler turns each
// into the caller's language here, in one place, by the English catalogue: a text that is an
// English message, or one with its placeholders filled ("Ensure this field has no more than
// 150 characters."), becomes that message in the caller's language with the same values. A
// text the catalogue does not know is sent as it is.

/**
 * zod's own English messages (its en locale), for a schema rule that names no message of ours
 * (`text().max(150)`): found by their text like the others, though no file of ours writes it.
 */
export const ZOD_MESSAGES: readonly MessageKey[] = [
  "validation.zod.stringTooLong",
  "validation.zod.stringTooShort",
  "validation.zod.numberTooBig",
  "validation.zod.numberTooSmall",
  "validation.zod.numberNotPositive",
  "validation.zod.arrayTooLong",
  "validation.zod.arrayTooShort",
  "validation.zod.invalidType",
  "validation.zod.invalidOption",
  "validation.zod.invalidInput",
];

/** Messages that are no error text and never arrive as one: formatted by key only. */
const FORMATTED_BY_KEY_ONLY = ["mail.", "notifications.", "planner.slots.", "planner.calendar."];

interface Template {
  key: MessageKey;
  pattern: RegExp;
  names: string[];
  /** Characters of the message outside its placeholders: the longest is tried first. */
  literalLength: number;
}

const exact = new Map<string, MessageKey>();
const templates: Template[] = [];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

for (const [key, message] of Object.entries(CATALOGUES[DEFAULT_LANGUAGE]) as [
  MessageKey,
  string,
][]) {
  if (FORMATTED_BY_KEY_ONLY.some((prefix) => key.startsWith(prefix))) continue;
  const ast = new IntlMessageFormat(message, DEFAULT_LANGUAGE).getAst();
  let source = "";
  let literal = "";
  const names: string[] = [];
  let reversible = true;
  for (const element of ast) {
    // 0: a literal; 1: a plain {argument}. Plurals and selects are never error texts.
    if (element.type === 0) {
      source += escapeRegExp(element.value);
      literal += element.value;
    } else if (element.type === 1) {
      source += "([\\s\\S]+?)";
      names.push(element.value);
    } else {
      reversible = false;
    }
  }
  if (!reversible) continue;
  if (names.length === 0) exact.set(literal, key);
  else {
    templates.push({
      key,
      pattern: new RegExp(`^${source}$`),
      names,
      literalLength: literal.length,
    });
  }
}
templates.sort((a, b) => b.literalLength - a.literalLength);

/** The catalogue's message an English text is, with its values; undefined when none is. */
export function messageOfEnglish(
  text: string,
): { key: MessageKey; values: Record<string, string> } | undefined {
  const key = exact.get(text);
  if (key) return { key, values: {} };
  for (const template of templates) {
    const match = template.pattern.exec(text);
    if (!match) continue;
    const values: Record<string, string> = {};
    template.names.forEach((name, index) => {
      values[name] = match[index + 1] ?? "";
    });
    return { key: template.key, values };
  }
  return undefined;
}

/**
 * An English message the server wrote, in `language` (as it is when the catalogue lacks it).
 * A value that is itself a message ("It could not be read: {error}.") is translated too.
 */
export function translateEnglish(text: string, language: Language): string {
  if (language === DEFAULT_LANGUAGE) return text;
  const message = messageOfEnglish(text);
  if (!message) return text;
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(message.values)) {
    const inner = messageOfEnglish(value);
    values[name] = inner ? formatMessage(language, inner.key, inner.values) : value;
  }
  return formatMessage(language, message.key, values);
}

/**
 * A text of several English messages, one after another ("No ingredients or steps were found
 * in the file. Imported without its picture: …"), in `language`, message by message.
 */
export function translateEnglishSentences(text: string, language: Language): string {
  if (language === DEFAULT_LANGUAGE || messageOfEnglish(text)) {
    return translateEnglish(text, language);
  }
  return text
    .split(/(?<=[.?!]) (?=[A-Z])/)
    .map((sentence) => translateEnglish(sentence, language))
    .join(" ");
}

/**
 * An error body in `language`: its `detail` and every message of its fields
 * (`{"field": ["…"]}`, `{"non_field_errors": ["…"]}`). Everything else stays as it is.
 */
export function translateErrorBody(
  body: Record<string, unknown>,
  language: Language,
): Record<string, unknown> {
  if (language === DEFAULT_LANGUAGE) return body;
  const translated: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(body)) {
    if (field === "detail" && typeof value === "string") {
      translated[field] = translateEnglish(value, language);
    } else if (Array.isArray(value)) {
      translated[field] = value.map((item) =>
        typeof item === "string" ? translateEnglish(item, language) : item,
      );
    } else {
      translated[field] = value;
    }
  }
  return translated;
}
