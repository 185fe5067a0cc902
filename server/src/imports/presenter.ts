import type { ImportDetail, ImportItem, ImportStatus, ImportSummary } from "@potluck/contract";
import { DEFAULT_LANGUAGE, type Language } from "@potluck/contract/languages";
import { translateEnglishSentences } from "../i18n/from-english.js";
import type { ImportItemRow, ImportRow } from "./repository.js";

// An import's reasons are stored as the importer wrote them, in English; each is shown in the
// reader's language (issue 37).

export function toImportSummary(
  row: ImportRow,
  language: Language = DEFAULT_LANGUAGE,
): ImportSummary {
  return {
    id: row.id,
    status: row.status as ImportStatus,
    format: row.format,
    total: row.total,
    processed: row.processed,
    imported: row.imported,
    skipped: row.skipped,
    failed: row.failed,
    reason: row.reason === null ? null : translateEnglishSentences(row.reason, language),
    created_on: new Date(row.createdOn).toISOString(),
    finished_on: row.finishedOn ? new Date(row.finishedOn).toISOString() : null,
  };
}

export function toImportItem(row: ImportItemRow, language: Language): ImportItem {
  return {
    position: row.position,
    title: row.title,
    status: row.status as ImportItem["status"],
    ...(row.status === "imported" ? { recipe_id: row.recipeId } : {}),
    ...(row.reason ? { reason: translateEnglishSentences(row.reason, language) } : {}),
  };
}

export function toImportDetail(
  row: ImportRow,
  items: ImportItemRow[],
  language: Language,
): ImportDetail {
  return {
    ...toImportSummary(row, language),
    items: items.map((item) => toImportItem(item, language)),
  };
}
