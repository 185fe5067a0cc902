import { ErrorBox, Loading } from "../../../components/status";
import { reasonOf } from "../../../lib/api-client";
import { t } from "../../../lib/i18n";
import { tRich } from "../../../lib/i18n/rich";
import { useAudit } from "../api/get-audit";
import { formatTime } from "../labels";

/** Every moderation action, newest first: who did what to what, and when. */
export function AuditLog() {
  const audit = useAudit();
  if (audit.isPending) return <Loading text={t("moderation.audit.loading")} />;
  if (audit.isError) {
    return (
      <ErrorBox>
        <p>{t("moderation.audit.loadFailed")}</p>
        <p>{reasonOf(audit.error)}</p>
      </ErrorBox>
    );
  }
  const rows = audit.data.pages.flatMap((page) => page.results);
  if (rows.length === 0) return <p className="muted">{t("moderation.audit.empty")}</p>;
  return (
    <>
      <ol className="admin-list admin-audit">
        {rows.map((entry) => (
          <li key={entry.id} className="admin-card">
            <p>
              {tRich("moderation.audit.entry", {
                moderator: <strong>{entry.moderator_username}</strong>,
                action: entry.action,
                kind: entry.target_kind,
                label: entry.target_label,
              })}
              {entry.report_id !== null && (
                <span className="muted">
                  {" "}
                  {t("moderation.audit.reportRef", { id: String(entry.report_id) })}
                </span>
              )}
            </p>
            <p className="muted small">
              <time dateTime={entry.created_on}>{formatTime(entry.created_on)}</time>
            </p>
          </li>
        ))}
      </ol>
      {audit.hasNextPage && (
        <button
          type="button"
          className="btn btn-outline"
          disabled={audit.isFetchingNextPage}
          onClick={() => void audit.fetchNextPage()}
        >
          {audit.isFetchingNextPage
            ? t("moderation.audit.loadingMore")
            : t("moderation.audit.showOlder")}
        </button>
      )}
    </>
  );
}
