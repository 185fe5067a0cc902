import { ErrorBox, Loading } from "../../../components/status";
import { reasonOf } from "../../../lib/api-client";
import { useAudit } from "../api/get-audit";
import { AUDIT_ACTIONS, formatTime, KIND_NAMES } from "../labels";

/** Every moderation action, newest first: who did what to what, and when. */
export function AuditLog() {
  const audit = useAudit();
  if (audit.isPending) return <Loading text="Loading the log..." />;
  if (audit.isError) {
    return (
      <ErrorBox>
        <p>Failed to load the log.</p>
        <p>{reasonOf(audit.error)}</p>
      </ErrorBox>
    );
  }
  const rows = audit.data.pages.flatMap((page) => page.results);
  if (rows.length === 0) return <p className="muted">No moderation yet.</p>;
  return (
    <>
      <ol className="admin-list admin-audit">
        {rows.map((entry) => (
          <li key={entry.id} className="admin-card">
            <p>
              <strong>{entry.moderator_username}</strong> {AUDIT_ACTIONS[entry.action]}{" "}
              {KIND_NAMES[entry.target_kind].toLowerCase()} “{entry.target_label}”
              {entry.report_id !== null && (
                <span className="muted"> (report {entry.report_id})</span>
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
          {audit.isFetchingNextPage ? "Loading..." : "Show older actions"}
        </button>
      )}
    </>
  );
}
