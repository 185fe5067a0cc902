import type { termsResponse } from "@potluck/contract";
import type { z } from "zod";
import type { TermsRow } from "./repository.js";

/** A version of the Terms of Service as the API returns it. */
export const presentTerms = (row: TermsRow): z.infer<typeof termsResponse> => ({
  version_number: row.versionNumber,
  content: row.content,
  published_at: row.publishedAt.toISOString(),
});
