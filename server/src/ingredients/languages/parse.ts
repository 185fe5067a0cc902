import type { Language } from "@potluck/contract/languages";
import type { ParsedLine } from "../parse-line.js";
import { findUnit } from "../unit-words.js";
import { LANGUAGE_WORDS } from "./index.js";
import { arabicCount, nameKey, namesIndex } from "./names.js";
import type { LanguageWords } from "./types.js";

// One ingredient line written in a shipped language other than English (issue 37 §3), split
// as parse-line.ts splits an English one: quantity, unit (a name of units.json), the words to
// match and a note. Numbers the local way ("1,5", "½", "1 1/2", "eine Prise", "٣", "大さじ2"),
// local unit words, the small words between amount and ingredient dropped ("de", "d'", "di",
// "van", "z", "の", "من"), "to taste" and "optional" in the language's words.

export type OtherLanguage = Exclude<Language, "en">;

const VULGAR_FRACTIONS: Record<string, string> = {
  "½": "1/2",
  "⅓": "1/3",
  "⅔": "2/3",
  "¼": "1/4",
  "¾": "3/4",
  "⅕": "1/5",
  "⅖": "2/5",
  "⅗": "3/5",
  "⅘": "4/5",
  "⅙": "1/6",
  "⅚": "5/6",
  "⅛": "1/8",
  "⅜": "3/8",
  "⅝": "5/8",
  "⅞": "7/8",
};

/** "or" between two foods: what follows is the note ("Butter oder Margarine"). */
const OR_WORDS: Record<OtherLanguage, string[]> = {
  de: ["oder"],
  fr: ["ou"],
  es: ["o", "u"],
  it: ["o", "oppure"],
  nl: ["of"],
  "pt-BR": ["ou"],
  pl: ["lub", "albo"],
  ja: ["または"],
  ar: ["أو"],
};

/** What a line adds after its ingredient, into the note: "zum Servieren", "pour servir". */
const NOTE_STARTS: Record<OtherLanguage, string[]> = {
  de: [
    "ohne",
    "zum servieren",
    "zum frittieren",
    "zum bestäuben",
    "zum anbraten",
    "zum bestreuen",
    "zum garnieren",
    "zum braten",
    "zum einfetten",
    "für die form",
    "plus etwas",
    "und etwas mehr",
  ],
  fr: [
    "pour servir",
    "pour la décoration",
    "pour décorer",
    "pour le moule",
    "pour la cuisson",
    "pour la friture",
    "pour le service",
  ],
  es: [
    "sin",
    "para servir",
    "para decorar",
    "para freír",
    "para el molde",
    "para espolvorear",
    "para rebozar",
    "para empanar",
  ],
  it: [
    "per servire",
    "per decorare",
    "per friggere",
    "per la teglia",
    "per lo stampo",
    "per guarnire",
    "per spolverizzare",
  ],
  nl: [
    "om in te bakken",
    "om te serveren",
    "voor het serveren",
    "voor de garnering",
    "om te bakken",
    "om in te vetten",
    "voor de vorm",
  ],
  "pt-BR": ["para servir", "para decorar", "para fritar", "para untar", "para polvilhar", "sem"],
  pl: [
    "do podania",
    "do dekoracji",
    "do smażenia",
    "do posypania",
    "do wysmarowania formy",
    "do formy",
  ],
  ja: [],
  ar: ["للتقديم", "للتزيين", "للقلي", "للدهن"],
};

const escapeRegExp = (text: string) => text.replace(/[\\^$.*+?()[\]{}|]/g, "\\$&");
const byLength = (a: string, b: string) => b.length - a.length;

// Patterns are built from the word tables: each is compiled once (none has the g or y flag, so
// none keeps state between uses).
const COMPILED = new Map<string, RegExp>();
function re(source: string, flags: string): RegExp {
  const key = `${flags}/${source}`;
  let compiled = COMPILED.get(key);
  if (!compiled) {
    compiled = new RegExp(source, flags);
    COMPILED.set(key, compiled);
  }
  return compiled;
}

/** Arabic-Indic and Persian digits, Arabic decimal and thousands marks, as ASCII. */
function westernDigits(text: string): string {
  return text
    .replace(/[\u0660-\u0669]/g, (digit) => String(digit.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (digit) => String(digit.charCodeAt(0) - 0x06f0))
    .replace(/\u066b/g, ",")
    .replace(/\u066c/g, "")
    .replace(/\u066a/g, "%");
}

/** Text with its digits, fractions, dashes and bullets made plain. */
function normalize(line: string, words: LanguageWords, language: OtherLanguage): string {
  let text = line;
  for (const [pattern, replacement] of words.rewrites ?? [])
    text = text.replace(pattern, replacement);
  text = westernDigits(text)
    .replace(/(\d*)([½⅓⅔¼¾⅕⅖⅗⅘⅙⅚⅛⅜⅝⅞])/g, (_match, whole: string, fraction: string) =>
      // Japanese writes the amount against its unit: "大さじ½", "大さじ1½" (1と1/2).
      language === "ja"
        ? `${whole ? `${whole}と` : ""}${VULGAR_FRACTIONS[fraction]}`
        : ` ${whole ? `${whole} ` : ""}${VULGAR_FRACTIONS[fraction]}`,
    )
    .normalize("NFKC")
    .replace(/\u2044/g, "/")
    .replace(/[‐‑‒–—]/g, "-");
  if (language === "ja") {
    text = text
      .replace(/[〜～~]/g, "~")
      .replace(/[【「『]/g, "(")
      .replace(/[】」』]/g, ")")
      .replace(/^[\s☆★◎○●◇◆□■・*]+/u, "")
      .replace(/^[A-Za-z](?:\s+|(?=\p{Script=Han}|\p{Script=Hiragana}|\p{Script=Katakana}))/u, "");
  }
  return text
    .replace(/^[\s\-•*▢□☐·●◦]+/u, "")
    .replace(/\s+/g, " ")
    .trim();
}

interface Phrase {
  found: boolean;
  text: string;
  written: string;
}

/**
 * Takes the first of `phrases` out of `text` (with a comma before it), as a whole word: for
 * Japanese anywhere.
 */
function takePhrase(text: string, phrases: string[], language: OtherLanguage): Phrase {
  for (const phrase of [...phrases].sort(byLength)) {
    const pattern =
      language === "ja"
        ? re(`[,、]?\\s*${escapeRegExp(phrase)}`, "iu")
        : re(`(?:^|[\\s,;:]+)${escapeRegExp(phrase)}(?=$|[\\s,;:.!)])`, "iu");
    const match = pattern.exec(text);
    if (!match) continue;
    const written = match[0].replace(/^[\s,;:、]+/, "");
    const rest = `${text.slice(0, match.index)} ${text.slice(match.index + match[0].length)}`
      .replace(/\s+/g, " ")
      .replace(/\s+([,;.])/g, "$1")
      .replace(/[\s,;:、]+$/, "")
      .replace(/^[\s,;:、]+/, "")
      .trim();
    return { found: true, text: rest, written };
  }
  return { found: false, text, written: "" };
}

const NUMBER = String.raw`(?:\d+(?:\s+|-)\d+\s*/\s*\d+|\d+\s*/\s*\d+|\d+(?:[.,]\d+)?|[.,]\d+)`;

/** A number as written: "1,5" (or "1.5") is one and a half, "1.000" a thousand, "1 1/2" 1.5. */
function numberValue(text: string, decimalComma: boolean): number {
  const compact = text.trim();
  const mixed = /^(\d+)(?:\s+|-)(\d+)\s*\/\s*(\d+)$/.exec(compact);
  if (mixed) return Number(mixed[1]) + Number(mixed[2]) / Number(mixed[3]);
  const fraction = /^(\d+)\s*\/\s*(\d+)$/.exec(compact);
  if (fraction) return Number(fraction[1]) / Number(fraction[2]);
  if (decimalComma && /^[1-9]\d{0,2}\.\d{3}$/.test(compact))
    return Number(compact.replace(".", ""));
  if (!decimalComma && /^[1-9]\d{0,2},\d{3}$/.test(compact))
    return Number(compact.replace(",", ""));
  return Number(compact.replace(",", "."));
}

interface Quantity {
  value: number | null;
  rest: string;
  note: string[];
  vague: boolean;
}

const PATTERNS = new Map<string, string>();

/** Alternatives of a regular expression for the words, longest first (built once per list). */
function wordPattern(list: string[]): string {
  const key = list.join("\u0000");
  let pattern = PATTERNS.get(key);
  if (pattern === undefined) {
    pattern = alternatives(list);
    PATTERNS.set(key, pattern);
  }
  return pattern;
}

function alternatives(list: string[]): string {
  return [...list]
    .sort(byLength)
    .map((word) => escapeRegExp(word).replace(/ /g, "\\s+"))
    .join("|");
}

/** The quantity at the start of the text: a number, a range, a number word, a vague word. */
function leadingQuantity(text: string, words: LanguageWords): Quantity {
  const range = wordPattern(words.rangeWords.filter((word) => word !== "-"));
  const mixedWords = words.mixedWords ?? [];
  const mixed = mixedWords.length
    ? String.raw`\d+\s+(?:${wordPattern(mixedWords)})\s+\d+\s*/\s*\d+|`
    : "";
  const leading = re(
    String.raw`^(${mixed}${NUMBER})(?:(?:\s*-\s*|\s+(?:${range})\s+)(${NUMBER}))?(?=$|[\s\p{L}(/-])`,
    "iu",
  );
  const match = leading.exec(text);
  if (match?.[1]) {
    const first = match[1].replace(re(String.raw`\s+(?:${wordPattern(mixedWords)})\s+`, "iu"), " ");
    const low = numberValue(first, words.decimalComma);
    const high = match[2] ? numberValue(match[2], words.decimalComma) : undefined;
    let rest = text
      .slice(match[0].length)
      .replace(/^-(?=\p{L})/u, "")
      .trim();
    let value = low;
    const note: string[] = [];
    if (high !== undefined && Number.isFinite(high)) {
      if (high < low) value = low + high;
      else {
        value = high;
        note.push(match[0].replace(/\s+/g, " ").trim());
      }
    }
    // "1 e meia xícara", "1 y media taza", "1 et demi": a half more.
    const half = halfMore(rest, words);
    if (half) {
      value += 0.5;
      rest = half;
    }
    return { value, rest, note, vague: false };
  }
  const vague = re(`^(${wordPattern(words.vagueWords ?? [])})(?:(?<=')|(?=\\s|$))`, "iu").exec(
    words.vagueWords?.length ? text : "",
  );
  if (vague?.[1]) {
    return {
      value: null,
      rest: text.slice(vague[0].length).trim(),
      note: [vague[1].toLowerCase()],
      vague: true,
    };
  }
  const numberWords = Object.keys(words.numberWords);
  const word = re(`^(${wordPattern(numberWords)})(?:(?<=')|(?=[\\s-]|$))`, "iu").exec(text);
  if (word?.[1]) {
    const value = words.numberWords[word[1].toLowerCase().replace(/\s+/g, " ")] ?? null;
    // "une demi-botte": the hyphen only joins the number to its unit.
    let rest = text
      .slice(word[0].length)
      .replace(/^-(?=\p{L})/u, "")
      .trim();
    let total = value;
    const half = halfMore(rest, words);
    if (half && total !== null) {
      total += 0.5;
      rest = half;
    }
    return { value: total, rest, note: [], vague: false };
  }
  return { value: null, rest: text, note: [], vague: false };
}

/** The text after "e meia", "y media", "und ein halb" at its start, or undefined. */
function halfMore(text: string, words: LanguageWords): string | undefined {
  const halves = Object.entries(words.numberWords)
    .filter(([, value]) => value === 0.5)
    .map(([word]) => word);
  if (!words.mixedWords?.length || halves.length === 0) return undefined;
  const match = re(
    `^(?:${wordPattern(words.mixedWords)})\\s*(?:${wordPattern(halves)})(?=\\s|$)`,
    "iu",
  ).exec(text);
  return match ? text.slice(match[0].length).trim() : undefined;
}

interface UnitFound {
  unit: string;
  rest: string;
  times: number;
}

const UNIT_CANDIDATES = new WeakMap<LanguageWords, [string, string, number][]>();

/** Every unit word of the language with its unit and count, longest first. */
function unitCandidates(words: LanguageWords): [string, string, number][] {
  const built = UNIT_CANDIDATES.get(words);
  if (built) return built;
  const candidates: [string, string, number][] = [];
  for (const [alias, { unit, times }] of Object.entries(words.countingUnits ?? {})) {
    candidates.push([alias, unit, times]);
  }
  for (const [unit, aliases] of Object.entries(words.units)) {
    for (const alias of aliases) candidates.push([alias, unit, 1]);
  }
  candidates.sort((a, b) => b[0].length - a[0].length);
  UNIT_CANDIDATES.set(words, candidates);
  return candidates;
}

/** The unit word at the start of the text, longest first: "c. à soupe", "EL", "ملعقة كبيرة". */
function leadingUnit(text: string, words: LanguageWords): UnitFound | undefined {
  const lower = text.toLowerCase();
  for (const [alias, unit, times] of unitCandidates(words)) {
    if (!lower.startsWith(alias)) continue;
    let after = text.slice(alias.length);
    if (after.startsWith(".")) after = after.slice(1);
    // A word only counts when it ends there ("Eier" holds no "EL", "grapes" no "g").
    if (after !== "" && !/^[\s,;:)/-]/u.test(after) && !alias.endsWith("'") && !/\d/.test(alias)) {
      if (!/^\d/.test(after)) continue;
    }
    return { unit, rest: after.replace(/^[\s.]+/, "").trim(), times };
  }
  // English unit words are read in every language ("2 tbsp Olivenöl", pasted from an English
  // page): a whole word of two letters or more, none of the one-letter spoons (T, t, C).
  const english = findUnit(text);
  const word = /^[A-Za-z]+/.exec(text)?.[0] ?? "";
  if (english && word.length > 1) return { unit: english.unit, rest: english.rest, times: 1 };
  return undefined;
}

/** Takes leading words of `list` off the text into `note`. */
function takeLeading(text: string, list: string[], note: string[]): string {
  if (list.length === 0) return text;
  const pattern = re(`^(${wordPattern(list)})(?=\\s|$)\\s*`, "iu");
  let rest = text;
  for (let match = pattern.exec(rest); match; match = pattern.exec(rest)) {
    if (match[0] === "") break;
    note.push((match[1] ?? "").toLowerCase());
    rest = rest.slice(match[0].length);
  }
  return rest;
}

/** The small word joining amount and ingredient at the start of the text, dropped. */
function dropJoiner(text: string, words: LanguageWords): string {
  for (const joiner of [...words.joiners].sort(byLength)) {
    const lower = text.toLowerCase();
    if (joiner.endsWith("'")) {
      if (lower.startsWith(joiner) || lower.startsWith(joiner.replace("'", "’"))) {
        return text.slice(joiner.length).trim();
      }
    } else if (lower.startsWith(`${joiner} `)) return text.slice(joiner.length + 1).trim();
  }
  return text;
}

/** Splits off what describes rather than names: after a comma, "oder …", "zum Servieren". */
function splitDescription(text: string, language: OtherLanguage): { name: string; note: string[] } {
  // "Leite sem lactose" is a name: its "sem" starts no note.
  const known = isKnownName(text.split(/[,;、]/)[0] ?? "", language);
  const note: string[] = [];
  let name = text;
  const cut = (pattern: RegExp) => {
    const match = pattern.exec(name);
    if (match && match.index > 0) {
      note.push(name.slice(match.index).replace(/^[\s,;:、-]+/, ""));
      name = name.slice(0, match.index);
    }
  };
  cut(/\s*[,;、]\s*/);
  cut(/\s+-\s+/);
  const starts = [...OR_WORDS[language], ...NOTE_STARTS[language]];
  if (language !== "ja" && starts.length && !known) {
    cut(re(`\\s+(?:${wordPattern(starts)})(?=\\s|$)`, "iu"));
  }
  return { name: name.trim(), note: note.filter((part) => part !== "") };
}

/** Whether the words, as a whole, are a name of the catalogue in the language. */
function isKnownName(text: string, language: OtherLanguage): boolean {
  return namesIndex(language).has(nameKey(text, language));
}

/** Preparation and size words out of the name into the note, unless the whole is a name. */
function takeDescribingWords(
  name: string,
  words: LanguageWords,
  language: OtherLanguage,
  note: string[],
): string {
  if (isKnownName(name, language)) return name;
  const describing = [...words.preparationWords, ...words.sizeWords];
  const phrases = describing.filter((word) => word.includes(" "));
  let rest = name;
  const taken: string[] = [];
  for (const phrase of phrases.sort(byLength)) {
    const pattern = re(`(?:^|\\s)${escapeRegExp(phrase)}(?=$|\\s)`, "iu");
    const match = pattern.exec(rest);
    if (match) {
      taken.push(phrase);
      rest = `${rest.slice(0, match.index)} ${rest.slice(match.index + match[0].length)}`.trim();
    }
  }
  const single = new Set(describing.filter((word) => !word.includes(" ")));
  const kept: string[] = [];
  for (const word of rest.split(" ")) {
    const bare = word.toLowerCase().replace(/[.,;:!*]+$/, "");
    if (bare === "") continue;
    if (single.has(bare) || /^\d+%$/.test(bare)) taken.push(bare);
    else kept.push(word);
  }
  // "500 g Gehakt": a word that is the whole name stays.
  if (kept.length === 0) return name;
  note.push(...taken);
  return kept.join(" ");
}

/** The parts of one line in a language other than English. */
export function parseLocalLine(original: string, language: OtherLanguage): ParsedLine {
  const words = LANGUAGE_WORDS[language];
  const note: string[] = [];
  let optional = false;
  let toTaste = false;
  let tasteWritten = "";
  let text = normalize(original, words, language);

  const optionalWords = words.optional.map((word) => word.toLowerCase());
  const isOptional = (part: string) =>
    optionalWords.includes(
      part
        .toLowerCase()
        .replace(/[.!]+$/, "")
        .trim(),
    );
  const tasteWords = words.toTaste.map((word) => word.toLowerCase());

  // "Zwiebel(n)", "Ei(er)", "tomate(s)": a plural ending in brackets is no note.
  text = text.replace(/(\p{Ll})\((?:n|en|e|er|s|es|nen|r|i)\)/gu, "$1");
  // Everything in brackets describes: "(400 g)", "(facultatif)", "(みじん切り)".
  text = text
    .replace(/\s*[([]([^)\]]*)[)\]]/g, (_match, inner: string) => {
      const part = inner.trim();
      if (part === "") return " ";
      if (isOptional(part)) optional = true;
      else if (tasteWords.includes(part.toLowerCase())) {
        toTaste = true;
        tasteWritten = part;
      } else note.push(part);
      return " ";
    })
    .replace(/\s+/g, " ")
    .trim();

  const taste = takePhrase(text, words.toTaste, language);
  if (taste.found) {
    toTaste = true;
    tasteWritten = taste.written;
    text = taste.text;
  }
  const optionalPhrase = takePhrase(text, words.optional, language);
  if (optionalPhrase.found) {
    optional = true;
    text = optionalPhrase.text;
  }

  if (language === "ja") {
    return finish(original, parseJapanese(text, words), note, toTaste, tasteWritten, optional);
  }

  // "Saft von 1 Zitrone", "le jus d'un citron": so many fruit, for their juice (noted).
  const part = words.partOf?.exec(text);
  if (part?.[1]) {
    const fruit = leadingQuantity(text.slice(part[0].length), words);
    if (fruit.value !== null) {
      note.push(part[1].toLowerCase());
      text = text.slice(part[0].length);
    }
  }

  const quantity = leadingQuantity(text, words);
  note.push(...quantity.note);
  text = quantity.rest;
  let value = quantity.value;
  let unit: string | null = null;

  // "Spaghetti 320 g", "Uova 2": some sites write the amount after the name. A number that is
  // part of a name ("Farina 00", "Weizenmehl Type 405") is not one.
  if (value === null && !quantity.vague && !toTaste && !isKnownName(text, language)) {
    const trailing = re(String.raw`^(.*?\S)\s+(${NUMBER})\s*([^\d\s].*)?$`, "u").exec(text);
    const tail = trailing?.[3]?.trim() ?? "";
    const tailUnit = tail === "" ? undefined : leadingUnit(`${tail} ·`, words);
    const number = trailing?.[2] ? numberValue(trailing[2], words.decimalComma) : Number.NaN;
    // A bare number is a count only when small, and not a type ("Mehl Type 550", "tipo 1").
    const count =
      tail === "" &&
      number <= 24 &&
      !/(?:^|\s)(?:type|typ|tipo|t|nr|n°|no)\.?$/i.test(trailing?.[1] ?? "");
    if (trailing?.[1] && Number.isFinite(number) && (count || tailUnit?.rest === "·")) {
      value = number * (tailUnit?.times ?? 1);
      unit = tailUnit?.unit ?? null;
      text = trailing[1];
    }
  }

  // "2 x 400 g Dosen": a count of containers of a stated size.
  const times = /^[x×*]\s*/i.exec(text);
  if (times && value !== null) {
    const each = leadingQuantity(text.slice(times[0].length), words);
    const eachUnit = each.value === null ? undefined : leadingUnit(each.rest, words);
    if (eachUnit && each.value !== null) {
      const container = leadingUnit(eachUnit.rest, words);
      if (container && container.rest !== "") {
        note.push(`${each.value} ${eachUnit.unit}`);
        unit = container.unit;
        text = container.rest;
      } else {
        value = Math.round(value * each.value * eachUnit.times * 10_000) / 10_000;
        unit = eachUnit.unit;
        text = eachUnit.rest;
      }
    }
  }

  if (unit === null) {
    if (value !== null) text = takeLeading(text, words.sizeWords, note);
    const found = leadingUnit(text, words);
    // A unit word that is part of the name here: "2 liście laurowe" are bay leaves.
    const partOfName = (words.unitFixes ?? []).some(
      ([from, after, to]) => to === "" && found?.unit === from && after.test(found.rest),
    );
    // A unit word with nothing after it is the ingredient: "2 Zehen", "4 gousses".
    if (found && found.rest.trim() !== "" && !partOfName) {
      unit = found.unit;
      text = found.rest;
      if (found.times !== 1) value = (value ?? 1) * found.times;
      for (const [from, after, to] of words.unitFixes ?? []) {
        if (unit === from && after.test(text)) unit = to;
      }
      // "كوب ونصف", "1 Tasse und eine halbe": a half more.
      const half = halfMore(text, words);
      if (half !== undefined) {
        value = (value ?? 1) + 0.5;
        text = half;
      }
      text = takeLeading(text, words.sizeWords, note);
    }
  }
  // "200 g (7 oz) de farine", "1 Dose (400 g) Tomaten": what comes after the brackets.
  if (unit !== null || quantity.vague || value !== null) text = dropJoiner(text, words);

  // The notes in the line's order: "1 cebolla mediana, picada" notes "mediana, picada".
  const described = splitDescription(text, language);
  let name = takeDescribingWords(described.name, words, language, note);
  note.push(...described.note);
  name = dropJoiner(name, words);

  // "بيضة واحدة": Arabic puts one and two after the noun, as adjectives.
  if (language === "ar" && value === null) {
    const after = /\s+(واحدة|واحد|اثنتان|اثنان|اثنتين|اثنين)$/u.exec(name);
    if (after?.[1]) {
      value = words.numberWords[after[1]] ?? null;
      name = name.slice(0, after.index);
    }
  }
  // "بصلة" is an onion, "بيضتان" two eggs: an Arabic noun may say its own count.
  if (language === "ar" && value === null && unit === null && !toTaste) {
    value = arabicCount(name) ?? null;
  }

  // "2 Knoblauchzehen": the unit inside one word.
  if (unit === null && value !== null) {
    const compound = words.compounds?.[name.toLowerCase()];
    if (compound) {
      unit = compound[0];
      name = compound[1];
    }
  }

  return finish(
    original,
    { value, unit, name, vague: quantity.vague, rangeNote: [] },
    note,
    toTaste,
    tasteWritten,
    optional,
  );
}

interface Read {
  value: number | null;
  unit: string | null;
  name: string;
  vague: boolean;
  rangeNote: string[];
}

function finish(
  original: string,
  read: Read,
  notes: string[],
  toTaste: boolean,
  tasteWritten: string,
  optional: boolean,
): ParsedLine {
  let { value, unit } = read;
  const note = [...notes, ...read.rangeNote];
  if (toTaste) {
    if (value === null) unit = "to taste";
    else note.push(tasteWritten);
  } else if (value !== null && unit === null) {
    unit = "piece";
  } else if (value === null && unit !== null && !read.vague) {
    value = 1;
  }
  return {
    original,
    quantity:
      value === null || !Number.isFinite(value) ? null : Math.round(value * 10_000) / 10_000,
    unit,
    ingredientText: read.name.toLowerCase().replace(/\s+/g, " ").trim(),
    note: note.filter((part) => part !== "").join(", "),
    optional,
  };
}

// ---------- Japanese ----------

const KANJI_NUMBERS: Record<string, number> = {
  一: 1,
  二: 2,
  三: 3,
  四: 4,
  五: 5,
  六: 6,
  七: 7,
  八: 8,
  九: 9,
  十: 10,
  十一: 11,
  十二: 12,
};

const JA_NUMBER = String.raw`\d+(?:\.\d+)?(?:と\d+/\d+)?|\d+/\d+|十[一二]?|[一二三四五六七八九]`;

function japaneseNumber(text: string): number {
  const mixed = /^(\d+)と(\d+)\/(\d+)$/.exec(text);
  if (mixed) return Number(mixed[1]) + Number(mixed[2]) / Number(mixed[3]);
  const fraction = /^(\d+)\/(\d+)$/.exec(text);
  if (fraction) return Number(fraction[1]) / Number(fraction[2]);
  return KANJI_NUMBERS[text] ?? Number(text);
}

interface JapaneseAmount {
  value: number | null;
  unit: string | null;
  rangeNote: string[];
}

/**
 * One amount as Japanese writes it: "大さじ2", "小さじ1/2", "大さじ1と1/2", "2個", "200g",
 * "1/2カップ", "2~3本", "少々", "ひとつまみ", "1片".
 */
const JAPANESE_AMOUNTS = new WeakMap<
  LanguageWords,
  { aliases: [string, string][]; pattern: RegExp }
>();

/** The unit words and the pattern of one Japanese amount, built once. */
function japaneseAmountPattern(words: LanguageWords) {
  const built = JAPANESE_AMOUNTS.get(words);
  if (built) return built;
  const aliases: [string, string][] = [];
  for (const [unit, list] of Object.entries(words.units)) {
    for (const alias of list) aliases.push([alias, unit]);
  }
  const unitAlternatives = aliases
    .map(([alias]) => alias)
    .sort(byLength)
    .map(escapeRegExp)
    .join("|");
  const pattern = new RegExp(
    `^(?:約|各)?(${unitAlternatives})?(${JA_NUMBER}|半)?(?:\\s*~\\s*(${JA_NUMBER}))?(${unitAlternatives})?(?:分|程度|くらい|ほど)?$`,
    "iu",
  );
  const compiled = { aliases, pattern };
  JAPANESE_AMOUNTS.set(words, compiled);
  return compiled;
}

function japaneseAmount(token: string, words: LanguageWords): JapaneseAmount | undefined {
  const { aliases, pattern } = japaneseAmountPattern(words);
  const match = pattern.exec(token);
  if (!match) return undefined;
  const [, before, number, high, after] = match;
  if (!number && !before && !after) return undefined;
  const unitWord = before ?? after;
  const unit = unitWord
    ? (aliases.find(([alias]) => alias.toLowerCase() === unitWord.toLowerCase())?.[1] ?? null)
    : null;
  // A number alone is a count only when it says so: "卵 2" is two eggs.
  if (!number) return { value: null, unit, rangeNote: [] };
  let value = number === "半" ? 0.5 : japaneseNumber(number);
  const rangeNote: string[] = [];
  if (high) {
    const top = japaneseNumber(high);
    if (top > value) {
      rangeNote.push(`${number}~${high}`);
      value = top;
    }
  }
  return { value, unit, rangeNote };
}

function parseJapanese(text: string, words: LanguageWords): Read {
  const note: string[] = [];
  const tokens = text.split(" ").filter((token) => token !== "");
  let amount: JapaneseAmount | undefined;
  let name = text;
  // "醤油 大さじ2" (the usual order) or "大さじ2 醤油".
  const last = tokens.at(-1);
  const first = tokens[0];
  const atEnd = tokens.length > 1 && last ? japaneseAmount(last, words) : undefined;
  const atStart = !atEnd && tokens.length > 1 && first ? japaneseAmount(first, words) : undefined;
  if (atEnd) {
    amount = atEnd;
    name = tokens.slice(0, -1).join(" ");
  } else if (atStart) {
    amount = atStart;
    name = tokens.slice(1).join(" ");
  } else {
    // No space: "卵2個", "醤油大さじ2", "大さじ2醤油".
    for (let cut = 1; cut < text.length && !amount; cut += 1) {
      const tail = text.slice(cut);
      const found = japaneseAmount(tail, words);
      if (found && (found.value !== null || found.unit !== null)) {
        amount = found;
        name = text.slice(0, cut);
      }
    }
    for (let cut = text.length - 1; cut > 0 && !amount; cut -= 1) {
      const head = text.slice(0, cut);
      const found = japaneseAmount(head, words);
      if (found && found.value !== null && /^\D/.test(head)) {
        amount = found;
        name = text.slice(cut);
      }
    }
  }
  name = name.replace(/^の/, "").replace(/の$/, "").trim();
  let unit = amount?.unit ?? null;
  // "にんにく 1片" is a clove; "しょうが 1かけ" a knob of ginger.
  if (unit === "clove" && !/にんにく|ニンニク|大蒜/.test(name)) unit = "knob";
  const sizes = new Set(words.sizeWords);
  const trailingSize = /\s*\((大|中|小)\)$/.exec(name);
  if (trailingSize?.[1] && sizes.has(trailingSize[1])) {
    note.push(trailingSize[1]);
    name = name.slice(0, trailingSize.index);
  }
  return {
    value: amount?.value ?? null,
    unit,
    name,
    vague: false,
    rangeNote: [...note, ...(amount?.rangeNote ?? [])],
  };
}
