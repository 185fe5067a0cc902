import type { ImportDetail, ImportItem, ImportStatus, ImportSummary } from "@potluck/contract";
import type { ImportItemRow, ImportRow } from "./repository.js";

export function toImportSummary(row: ImportRow): ImportSummary {
  return {
    id: row.id,
    status: row.status as ImportStatus,
    format: row.format,
    total: row.total,
    processed: row.processed,
    imported: row.imported,
    skipped: row.skipped,
    failed: row.failed,
    reason: row.reason,
    created_on: new Date(row.createdOn).toISOString(),
    finished_on: row.finishedOn ? new Date(row.finishedOn).toISOString() : null,
  };
}

export function toImportItem(row: ImportItemRow): ImportItem {
  return {
    position: row.position,
    title: row.title,
    status: row.status as ImportItem["status"],
    ...(row.status === "imported" ? { recipe_id: row.recipeId } : {}),
    ...(row.reason ? { reason: row.reason } : {}),
  };
}

export function toImportDetail(row: ImportRow, items: ImportItemRow[]): ImportDetail {
  return { ...toImportSummary(row), items: items.map(toImportItem) };
}
