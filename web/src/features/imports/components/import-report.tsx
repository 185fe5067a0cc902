import type { ImportDetail, ImportItem, ImportSummary } from "@potluck/contract";
import { IMPORT_FORMAT_NAMES } from "@potluck/contract/limits";
import { Link } from "react-router";
import { reasonOf } from "../../../lib/api-client";
import { formatDateTime } from "../../../lib/dates";
import { isUnfinished, useCancelImport } from "../api/imports";

const STATUS_TEXT: Record<ImportSummary["status"], string> = {
  queued: "Waiting to start",
  running: "Importing",
  done: "Finished",
  failed: "Failed",
  cancelled: "Cancelled",
};

const ITEM_STATUS_TEXT: Record<ImportItem["status"], string> = {
  imported: "Imported",
  skipped: "Skipped",
  failed: "Failed",
};

export const importStatusText = (summary: ImportSummary) => STATUS_TEXT[summary.status];

export const formatName = (summary: ImportSummary) =>
  summary.format ? (IMPORT_FORMAT_NAMES[summary.format] ?? summary.format) : null;

/** "12 of 40 processed · 10 imported · 1 skipped · 1 failed" */
export function countsText(summary: ImportSummary): string {
  const processed =
    summary.total > 0
      ? `${summary.processed} of ${summary.total} processed`
      : `${summary.processed} processed`;
  return `${processed} · ${summary.imported} imported · ${summary.skipped} skipped · ${summary.failed} failed`;
}

/** An import's progress (live while it runs), Cancel, and what became of each recipe. */
export function ImportReport({ detail }: { detail: ImportDetail }) {
  const cancel = useCancelImport();
  const running = isUnfinished(detail);
  const format = formatName(detail);
  return (
    <section className="card import-report" aria-labelledby="import-report-heading">
      <h2 id="import-report-heading">
        {format ? `Import from ${format}` : "Import"}
        <span className="muted small"> · {formatDateTime(detail.created_on)}</span>
      </h2>
      <p className="import-status" role="status" aria-live="polite">
        <strong>{importStatusText(detail)}</strong>
        {detail.status === "done" && ` · ${detail.imported} imported`}
      </p>
      {detail.reason && <p className="field-error">{detail.reason}</p>}
      {(running || detail.total > 0) && (
        <progress
          className="import-progress"
          aria-label="Import progress"
          max={detail.total > 0 ? detail.total : undefined}
          value={detail.total > 0 ? detail.processed : undefined}
        />
      )}
      <p className="import-counts">{countsText(detail)}</p>
      {running && (
        <div className="row">
          <button
            type="button"
            className="btn btn-outline"
            disabled={cancel.isPending}
            onClick={() => cancel.mutate(detail.id)}
          >
            Cancel import
          </button>
          <span className="hint">Recipes imported so far stay in your recipes.</span>
        </div>
      )}
      {cancel.isError && <p className="field-error">{reasonOf(cancel.error)}</p>}
      {detail.items.length > 0 && (
        <>
          <h3>Recipes</h3>
          <ul className="import-items">
            {detail.items.map((item) => (
              <li key={item.position} className={`import-item import-item-${item.status}`}>
                <span className="import-item-title">
                  {item.recipe_id ? (
                    <Link to={`/recipes/${item.recipe_id}`}>{item.title}</Link>
                  ) : (
                    item.title
                  )}
                </span>
                <span className={`badge import-badge-${item.status}`}>
                  {ITEM_STATUS_TEXT[item.status]}
                </span>
                {item.reason && <span className="import-item-reason small">{item.reason}</span>}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
