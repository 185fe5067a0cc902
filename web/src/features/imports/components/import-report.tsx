import type { ImportDetail, ImportItem, ImportSummary } from "@potluck/contract";
import { Link } from "react-router";
import { reasonOf } from "../../../lib/api-client";
import { formatDateTime } from "../../../lib/dates";
import { t } from "../../../lib/i18n";
import { isUnfinished, useCancelImport } from "../api/imports";

export function importStatusText(summary: ImportSummary): string {
  switch (summary.status) {
    case "queued":
      return t("imports.status.queued");
    case "running":
      return t("imports.status.running");
    case "done":
      return t("imports.status.done");
    case "failed":
      return t("imports.status.failed");
    case "cancelled":
      return t("imports.status.cancelled");
  }
}

function itemStatusText(status: ImportItem["status"]): string {
  switch (status) {
    case "imported":
      return t("imports.item.imported");
    case "skipped":
      return t("imports.item.skipped");
    case "failed":
      return t("imports.item.failed");
  }
}

/** What each recognised format is called on the page (IMPORT_FORMATS). */
export function formatName(summary: ImportSummary): string | null {
  switch (summary.format) {
    case null:
      return null;
    case "paprika":
      return t("imports.format.paprika");
    case "jsonld":
      return t("imports.format.jsonld");
    case "potluck":
      return t("imports.format.potluck");
    case "nextcloud":
      return t("imports.format.nextcloud");
    case "mealie":
      return t("imports.format.mealie");
    case "tandoor":
      return t("imports.format.tandoor");
    case "urls":
      return t("imports.format.urls");
    default:
      return summary.format;
  }
}

/** "12 of 40 processed · 10 imported · 1 skipped · 1 failed" */
export function countsText(summary: ImportSummary): string {
  const counts = {
    processed: summary.processed,
    imported: summary.imported,
    skipped: summary.skipped,
    failed: summary.failed,
  };
  return summary.total > 0
    ? t("imports.report.countsOfTotal", { ...counts, total: summary.total })
    : t("imports.report.counts", counts);
}

/** An import's progress (live while it runs), Cancel, and what became of each recipe. */
export function ImportReport({ detail }: { detail: ImportDetail }) {
  const cancel = useCancelImport();
  const running = isUnfinished(detail);
  const format = formatName(detail);
  return (
    <section className="card import-report" aria-labelledby="import-report-heading">
      <h2 id="import-report-heading">
        {format ? t("imports.report.titleFrom", { format }) : t("imports.report.title")}
        <span className="muted small"> · {formatDateTime(detail.created_on)}</span>
      </h2>
      <p className="import-status" role="status" aria-live="polite">
        <strong>{importStatusText(detail)}</strong>
        {detail.status === "done" && ` ${t("imports.report.imported", { count: detail.imported })}`}
      </p>
      {detail.reason && <p className="field-error">{detail.reason}</p>}
      {(running || detail.total > 0) && (
        <progress
          className="import-progress"
          aria-label={t("imports.report.progress")}
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
            {t("imports.report.cancel")}
          </button>
          <span className="hint">{t("imports.report.cancelHint")}</span>
        </div>
      )}
      {cancel.isError && <p className="field-error">{reasonOf(cancel.error)}</p>}
      {detail.items.length > 0 && (
        <>
          <h3>{t("imports.report.recipes")}</h3>
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
                  {itemStatusText(item.status)}
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
