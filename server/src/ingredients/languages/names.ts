import type { Language } from "@potluck/contract/languages";
import ar from "../data/names/ar.json" with { type: "json" };
import de from "../data/names/de.json" with { type: "json" };
import es from "../data/names/es.json" with { type: "json" };
import fr from "../data/names/fr.json" with { type: "json" };
import it from "../data/names/it.json" with { type: "json" };
import ja from "../data/names/ja.json" with { type: "json" };
import nl from "../data/names/nl.json" with { type: "json" };
import pl from "../data/names/pl.json" with { type: "json" };
import ptBR from "../data/names/pt-BR.json" with { type: "json" };
import { foldText } from "../search-text.js";
import { LANGUAGE_WORDS } from "./index.js";

// The catalogue's ingredients by their names in a language (data/names/<language>.json, every
// plural form a name), for matching a parsed line written in that language. Static data: each
// language's index is built once, the first time a line in it is matched.

type NameForms = string | Record<string, string>;
interface NamesFile {
  ingredients: Record<string, NameForms>;
}

/** The names files there are; a language without one matches by its synonyms and in English. */
const NAME_FILES: Partial<Record<Language, NamesFile>> = {
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

/** The form a name and a line's words are compared in: folded, punctuation made spaces. */
export function nameKey(text: string, language: Language): string {
  // Japanese keeps its voiced marks (が is not か); Arabic drops its vowel marks and hamza seats.
  let folded =
    language === "ja" ? text.normalize("NFKC").toLowerCase() : foldText(text.normalize("NFKC"));
  if (language === "ar") folded = folded.replace(/ة/g, "ه").replace(/ى/g, "ي").replace(/ـ/g, "");
  return folded
    .replace(/[’`´]/g, "'")
    .replace(/[^\p{L}\p{N}'%]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
}

const INDEXES = new Map<Language, Map<string, string>>();

/** Folded name → English catalogue name, for one language. */
export function namesIndex(language: Language): Map<string, string> {
  const built = INDEXES.get(language);
  if (built) return built;
  const index = new Map<string, string>();
  const file = NAME_FILES[language];
  if (file) {
    const entries = Object.entries(file.ingredients).map(
      ([english, forms]) =>
        [english, typeof forms === "string" ? [forms] : Object.values(forms)] as const,
    );
    // Whole names first; then each without its bracket ("Weizenmehl (Type 405)" is Weizenmehl)
    // where no whole name says the same.
    for (const [english, forms] of entries) {
      for (const form of forms) {
        const key = nameKey(form, language);
        if (key !== "" && !index.has(key)) index.set(key, english);
      }
    }
    for (const [english, forms] of entries) {
      for (const form of forms) {
        const key = nameKey(form.replace(/\s*\([^)]*\)/g, " "), language);
        if (key !== "" && !index.has(key)) index.set(key, english);
      }
    }
  }
  if (language !== "en") {
    const words = LANGUAGE_WORDS[language];
    for (const [written, english] of Object.entries(words.synonyms)) {
      const key = nameKey(written, language);
      if (key !== "" && !index.has(key)) index.set(key, english);
    }
  }
  INDEXES.set(language, index);
  return index;
}

let arabicCounts: Map<string, number> | undefined;

/**
 * The count an Arabic word says of itself, without a number: the names file's `one` form of a
 * counted ingredient ("بصلة", an onion) is 1, its `two` form, the dual ("بيضتان"), 2.
 */
export function arabicCount(text: string): number | undefined {
  if (!arabicCounts) {
    const counts = new Map<string, number>();
    for (const forms of Object.values(NAME_FILES.ar?.ingredients ?? {})) {
      if (typeof forms === "string") continue;
      if (forms.two) counts.set(nameKey(forms.two, "ar"), 2);
      if (forms.one && forms.one !== forms.few) counts.set(nameKey(forms.one, "ar"), 1);
    }
    arabicCounts = counts;
  }
  return arabicCounts.get(nameKey(text, "ar"));
}

/** Whether `language` has a names file (else its lines match by synonyms and English names). */
export const hasNamesFile = (language: Language) => NAME_FILES[language] !== undefined;

export interface LocalMatch {
  /** The English catalogue name. */
  name: string;
  /** The line's words the name leaves out ("vierge" of "huile d'olive vierge"), folded. */
  extra: string[];
}

/** A word cut to its stem, for languages whose nouns change their endings ("mąki" ~ "mąka"). */
function stem(word: string, endings: string[] | undefined): string {
  if (!endings) return word;
  for (const ending of endings) {
    if (word.length > ending.length + 2 && word.endsWith(ending)) {
      return word.slice(0, -ending.length);
    }
  }
  return word;
}

const STEM_INDEXES = new Map<Language, Map<string, string>>();

function stemIndex(language: Language, endings: string[]): Map<string, string> {
  const built = STEM_INDEXES.get(language);
  if (built) return built;
  const index = new Map<string, string>();
  for (const [key, english] of namesIndex(language)) {
    const stemmed = key
      .split(" ")
      .map((word) => stem(word, endings))
      .join(" ");
    if (!index.has(stemmed)) index.set(stemmed, english);
  }
  STEM_INDEXES.set(language, index);
  return index;
}

/**
 * The catalogue ingredient a line's words name in `language`: the whole words as a name (or a
 * name's plural, a synonym, without a leading article), else the longest run of them that is
 * one, the other words then `extra`. Undefined when no name of that language is among them.
 */
export function matchLocalName(text: string, language: Language): LocalMatch | undefined {
  if (language === "en") return undefined;
  const words = LANGUAGE_WORDS[language];
  const index = namesIndex(language);
  if (index.size === 0) return undefined;
  const key = nameKey(text, language);
  if (key === "") return undefined;
  const endings = words.stemEndings?.map((ending) => nameKey(ending, language));
  const stems = endings ? stemIndex(language, endings) : undefined;
  const articles = new Set((words.articles ?? []).map((article) => nameKey(article, language)));
  const noMore = new Set(
    [...words.sayNoMore, ...words.joiners, ...(words.articles ?? [])].map((word) =>
      nameKey(word, language),
    ),
  );

  const lookup = (phrase: string): string | undefined => {
    const variants = [phrase];
    const parts = phrase.split(" ");
    if (parts.length > 1 && parts[0] && articles.has(parts[0])) {
      variants.push(parts.slice(1).join(" "));
    }
    // French and Italian elide the article: "l'huile", "l'olio".
    variants.push(phrase.replace(/^(?:l|d)'/, ""));
    if (language === "ar")
      variants.push(parts.map((part) => part.replace(/^(?:و?ال)/, "")).join(" "));
    for (const variant of variants) {
      const found = index.get(variant);
      if (found) return found;
    }
    if (stems && endings) {
      for (const variant of variants) {
        const found = stems.get(
          variant
            .split(" ")
            .map((word) => stem(word, endings))
            .join(" "),
        );
        if (found) return found;
      }
    }
    return undefined;
  };

  const whole = lookup(key);
  if (whole) return { name: whole, extra: [] };

  if (language === "ja") {
    // No spaces between words: the longest name inside the text.
    let best: [string, string] | undefined;
    for (const [name, english] of index) {
      if (key.includes(name) && (!best || name.length > best[0].length)) best = [name, english];
    }
    if (!best) return undefined;
    const rest = key
      .split(best[0])
      .map((part) => part.replace(/^の|の$/g, "").trim())
      .filter((part) => part !== "" && !noMore.has(part));
    return { name: best[1], extra: rest };
  }

  const parts = key.split(" ");
  for (let length = parts.length - 1; length >= 1; length -= 1) {
    for (let start = 0; start + length <= parts.length; start += 1) {
      const found = lookup(parts.slice(start, start + length).join(" "));
      if (!found) continue;
      const extra = [...parts.slice(0, start), ...parts.slice(start + length)].filter(
        (word) => !noMore.has(word),
      );
      return { name: found, extra };
    }
  }
  return undefined;
}
