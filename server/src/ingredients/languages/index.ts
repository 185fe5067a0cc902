import type { Language } from "@potluck/contract/languages";
import { ar } from "./ar.js";
import { de } from "./de.js";
import { es } from "./es.js";
import { fr } from "./fr.js";
import { it } from "./it.js";
import { ja } from "./ja.js";
import { nl } from "./nl.js";
import { pl } from "./pl.js";
import { ptBR } from "./pt-BR.js";
import type { LanguageWords } from "./types.js";

export type { LanguageWords } from "./types.js";

/** The word tables of every shipped language but English, which parse-line.ts reads itself. */
export const LANGUAGE_WORDS: Record<Exclude<Language, "en">, LanguageWords> = {
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
