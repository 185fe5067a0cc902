import type { ImportSummary } from "@potluck/contract";
import { sql } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import { toImportSummary } from "./presenter.js";
import type { ImportRow } from "./repository.js";

// An import's progress reaches the cook's open pages as a NOTIFY on one channel, sent inside
// the transaction that made it: PostgreSQL delivers it at commit, to every app process, and
// drops it at rollback (live-streams.ts). The payload is the import's counts as the API shows
// them (a few hundred bytes), so a page updates its bar without asking again.

export const IMPORT_EVENTS_CHANNEL = "import_events";

export interface ImportNotice {
  user: number;
  import: ImportSummary;
}

export async function recordImportChange(tx: Tx, row: ImportRow): Promise<void> {
  const notice: ImportNotice = { user: row.userId, import: toImportSummary(row) };
  await tx.execute(sql`select pg_notify(${IMPORT_EVENTS_CHANNEL}, ${JSON.stringify(notice)})`);
}
