import { desc } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import { termsVersions } from "../db/schema.js";

export type TermsRow = typeof termsVersions.$inferSelect;

/** The newest Terms of Service (the highest version number); undefined when none is published. */
export async function latestTerms(db: Tx): Promise<TermsRow | undefined> {
  const [latest] = await db
    .select()
    .from(termsVersions)
    .orderBy(desc(termsVersions.versionNumber))
    .limit(1);
  return latest;
}
