// What the line parser needs to know about a language other than English (issue 37 §3): how it
// writes numbers and units, the small words between an amount and an ingredient, and its
// words for "to taste" and "optional". English keeps its own rules in parse-line.ts.

export interface LanguageWords {
  /** "1,5" is one and a half (every shipped language but English and Japanese). */
  decimalComma: boolean;
  /** Number words at the start of a line, lower case: "eine" 1, "zwei" 2, "une demi" 0.5. */
  numberWords: Record<string, number>;
  /** Words joining the two ends of a range: "2 bis 3", "2 à 3". */
  rangeWords: string[];
  /** Words joining a whole number and a fraction: "1 y 1/2", "1と1/2". */
  mixedWords?: string[];
  /**
   * Each unit of units.json and how recipes write it, lower case, without a final dot
   * ("el", "esslöffel", "c. à s", "cuillères à soupe"). Metric symbols included.
   */
  units: Record<string, string[]>;
  /**
   * Unit words that carry their own count ("ملعقتان" two spoons; Polish "dag", ten grams):
   * the word, its unit and how much one of it is in that unit.
   */
  countingUnits?: Record<string, { unit: string; times: number }>;
  /**
   * A unit read differently before some words: [unit, what follows it, the unit it is then],
   * "" when the word is then part of the name ("liście laurowe").
   */
  unitFixes?: [string, RegExp, string][];
  /** Words between the amount and the ingredient, dropped: "de", "d'", "di", "van", "z". */
  joiners: string[];
  /** Articles a name may start with, dropped for matching only ("la", "el", "il", "ال"). */
  articles?: string[];
  /** "to taste" as the language writes it, lower case. */
  toTaste: string[];
  /** "optional" as the language writes it, lower case. */
  optional: string[];
  /** Sizes and such that describe the amount, not the food: into the note ("große", "gehäufter"). */
  sizeWords: string[];
  /** Vague amounts: no quantity, said in the note ("etwas", "un peu de"). */
  vagueWords?: string[];
  /** Preparation words: out of the words to match, into the note ("gehackt", "haché"). */
  preparationWords: string[];
  /** Words saying "and" between two foods ("Salz und Pfeffer" is two). */
  andWords: string[];
  /**
   * Words a catalogue name may leave out without the line saying more ("frisch", "frais"):
   * a match that leaves only these names the whole line.
   */
  sayNoMore: string[];
  /** What recipes write for a catalogue ingredient (folded, lower case) → its English name. */
  synonyms: Record<string, string>;
  /**
   * Compound words holding a unit and the ingredient ("Knoblauchzehen": clove of Knoblauch),
   * lower case → [unit, ingredient words].
   */
  compounds?: Record<string, [string, string]>;
  /**
   * A part of a counted fruit at the start of a line, before its amount ("Saft von 1 Zitrone",
   * "le jus d'un citron"): group 1 the part. The line is then that many fruit, the part noted.
   */
  partOf?: RegExp;
  /** Rewrites applied to the line first ("colher (sopa)" → "colher de sopa"). */
  rewrites?: [RegExp, string][];
  /** How to cut a word to its stem for matching inflected forms ("mąki" ~ "mąka"), if at all. */
  stemEndings?: string[];
}
