import type { Language } from "@potluck/contract/languages";
import { allNames } from "../ingredients/catalogue-names.js";
import { foldText } from "../ingredients/search-text.js";

// The singular and plural of the catalogue's food words in the languages search stems
// (search-ranking.ts). A stemmer reduces many plurals to their singular, but not all:
// German's "Kartoffeln", "Zwiebeln" and "Eier" keep their ending. The names files know both
// forms of every ingredient, so a query word that is one of them is also searched as the
// others.

/**
 * The languages whose stems recipe_search.search_vector holds, with PostgreSQL's Snowball
 * stemmer of each (migration 0039 makes the vector with the same ones).
 */
export const STEMMERS: Partial<Record<Language, string>> = {
  de: "german",
  fr: "french",
  es: "spanish",
  it: "italian",
  nl: "dutch",
  "pt-BR": "portuguese",
};
const STEMMED = Object.keys(STEMMERS) as Exclude<Language, "en">[];

let forms: Map<string, Set<string>> | undefined;

/** Folded word → every folded form of it (itself included), from names of matching shape. */
function buildForms(): Map<string, Set<string>> {
  const map = new Map<string, Set<string>>();
  const join = (words: string[]) => {
    const group = new Set(words);
    if (group.size < 2) return;
    for (const word of group) {
      const known = map.get(word) ?? new Set<string>();
      for (const other of group) known.add(other);
      map.set(word, known);
    }
  };
  for (const language of STEMMED) {
    for (const { names } of allNames("ingredients", language)) {
      // "Rote Zwiebel" / "Rote Zwiebeln": the forms pair word by word.
      const split = names.map((name) =>
        foldText(name)
          .split(/[^\p{L}\p{N}]+/u)
          .filter(Boolean),
      );
      const length = split[0]?.length ?? 0;
      if (split.some((words) => words.length !== length)) continue;
      for (let position = 0; position < length; position++) {
        join(split.map((words) => words[position] as string));
      }
    }
  }
  return map;
}

/** The other forms of a folded query word ("kartoffeln" → ["kartoffel"]); [] for most words. */
export function otherForms(word: string): string[] {
  forms ??= buildForms();
  return [...(forms.get(word) ?? [])].filter((form) => form !== word);
}
