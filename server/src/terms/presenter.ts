import type { termsResponse } from "@potluck/contract";
import type { Language } from "@potluck/contract/languages";
import type { z } from "zod";
import type { TermsRow } from "./repository.js";
import { TRANSLATED_TERMS } from "./translations.js";

/**
 * A version of the Terms of Service as the API returns it: in `language` when that version has
 * a translation into it, else the stored English text, unchanged.
 */
export const presentTerms = (row: TermsRow, language: Language): z.infer<typeof termsResponse> => {
  const translation = TRANSLATED_TERMS[row.versionNumber]?.[language];
  return {
    version_number: row.versionNumber,
    content: translation ?? row.content,
    published_at: row.publishedAt.toISOString(),
    language: translation ? language : "en",
  };
};
