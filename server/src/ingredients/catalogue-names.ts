import type { CatalogueName, NameForms } from "@potluck/contract";
import type { Language } from "@potluck/contract/languages";
import ar from "./data/names/ar.json" with { type: "json" };
import de from "./data/names/de.json" with { type: "json" };
import es from "./data/names/es.json" with { type: "json" };
import fr from "./data/names/fr.json" with { type: "json" };
import it from "./data/names/it.json" with { type: "json" };
import ja from "./data/names/ja.json" with { type: "json" };
import nl from "./data/names/nl.json" with { type: "json" };
import pl from "./data/names/pl.json" with { type: "json" };
import ptBR from "./data/names/pt-BR.json" with { type: "json" };

// THE place that names a catalogue ingredient, unit or aisle in a reader's language (issue 37
// §3): data/names/<language>.json, read once (static data, in the bundle), by the catalogue's
// English name; English is the database's own name. A name no file has (an ingredient a cook
// added) stays as it is, in every language.

type Forms = string | Record<string, string>;
interface NamesFile {
  ingredients: Record<string, Forms>;
  units: Record<string, Forms>;
  aisles: Record<string, Forms>;
}

export type NameKind = keyof NamesFile;

const FILES: Record<Exclude<Language, "en">, NamesFile> = {
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

/** A language's names of one kind, by the lower-cased English name (built on first use). */
const INDEXES = new Map<string, Map<string, Forms>>();

function indexOf(language: Exclude<Language, "en">, kind: NameKind): Map<string, Forms> {
  const key = `${language}:${kind}`;
  let index = INDEXES.get(key);
  if (!index) {
    index = new Map(
      Object.entries(FILES[language][kind]).map(([english, forms]) => [
        english.toLowerCase(),
        forms,
      ]),
    );
    INDEXES.set(key, index);
  }
  return index;
}

/** The form a name stands alone in: its singular ("Ei"), or its only form. */
const baseForm = (forms: NameForms): string => forms.one ?? forms.other;

/**
 * The name of the catalogue's `english` ingredient, unit or aisle for a reader of `language`:
 * `name` (the singular where the name has plural forms) and `forms` when the language inflects
 * it for number ({ one: "Ei", other: "Eier" }). Undefined for English and for a name no file
 * has (a cook's own ingredient).
 */
export function localName(
  kind: NameKind,
  english: string,
  language: Language,
): { name: string; forms?: NameForms } | undefined {
  if (language === "en") return undefined;
  const found = indexOf(language, kind).get(english.toLowerCase());
  if (found === undefined) return undefined;
  if (typeof found === "string") return { name: found };
  const forms = found as unknown as NameForms;
  return { name: baseForm(forms), forms };
}

/** The name to show (and sort by) for a reader of `language`. */
export function nameIn(kind: NameKind, english: string, language: Language): string {
  return localName(kind, english, language)?.name ?? english;
}

/**
 * A catalogue ingredient or aisle `{id, name}` as a reader of `language` reads it: exactly as
 * it is in English (today's answers), else its name in that language and its `forms` when it
 * has them. A cook's own ingredient keeps its name.
 */
export function named<T extends { name: string }>(
  kind: "ingredients" | "aisles",
  thing: T,
  language: Language,
): T & { forms?: NameForms } {
  const local = localName(kind, thing.name, language);
  if (!local) return thing;
  return { ...thing, name: local.name, ...(local.forms ? { forms: local.forms } : {}) };
}

/**
 * A unit `{id, name}` as a reader of `language` reads it: as it is in English; else named in
 * that language, with its `forms`, and `code`, the catalogue's English name that the unit rules
 * (contract/src/units.ts: conversions, counts, "to taste") know it by.
 */
export function namedUnit<T extends { name: string }>(
  unit: T,
  language: Language,
): T & { forms?: NameForms; code?: string } {
  if (language === "en") return unit;
  const local = localName("units", unit.name, language);
  return {
    ...unit,
    name: local?.name ?? unit.name,
    ...(local?.forms ? { forms: local.forms } : {}),
    code: unit.name,
  };
}

const UNIT_NAMES = new Map<Language, ReadonlyMap<string, CatalogueName>>();

/** Every unit's name in `language` by its English name (the JSON-LD's converted units). */
export function unitNamesIn(language: Language): ReadonlyMap<string, CatalogueName> {
  const built = UNIT_NAMES.get(language);
  if (built) return built;
  const names = new Map<string, CatalogueName>();
  UNIT_NAMES.set(language, names);
  if (language === "en") return names;
  for (const english of Object.keys(FILES[language].units)) {
    const local = localName("units", english, language);
    if (local) names.set(english, { ...local, code: english });
  }
  return names;
}

/** Every translated name of a language's file: (English name, name in every form), for search. */
export function allNames(
  kind: NameKind,
  language: Exclude<Language, "en">,
): { english: string; names: string[] }[] {
  return Object.entries(FILES[language][kind]).map(([english, forms]) => ({
    english,
    names: typeof forms === "string" ? [forms] : [...new Set(Object.values(forms))],
  }));
}

export const TRANSLATED_LANGUAGES = Object.keys(FILES) as Exclude<Language, "en">[];
