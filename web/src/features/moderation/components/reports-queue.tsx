import type { AdminReport, ModerationAction } from "@potluck/contract";
import { useRef, useState } from "react";
import { flushSync } from "react-dom";
import { Link } from "react-router";
import { ConfirmStep } from "../../../components/confirm-step";
import { ErrorBox, Loading } from "../../../components/status";
import { reasonOf } from "../../../lib/api-client";
import { useReportContext } from "../api/get-report-context";
import { useReports } from "../api/get-reports";
import { useResolveReport, useUnhideReport } from "../api/resolve-report";
import {
  ACTION_BUTTONS,
  EVENT_NAMES,
  formatTime,
  KIND_NAMES,
  REASON_NAMES,
  RESOLUTION_NAMES,
} from "../labels";

/** The open reports, oldest first, each with its actions; or the resolved ones, newest first. */
export function ReportsQueue({ status }: { status: "open" | "resolved" }) {
  const reports = useReports(status);
  if (reports.isPending) return <Loading text="Loading reports..." />;
  if (reports.isError) {
    return (
      <ErrorBox>
        <p>Failed to load reports.</p>
        <p>{reasonOf(reports.error)}</p>
      </ErrorBox>
    );
  }
  const rows = reports.data.pages.flatMap((page) => page.results);
  if (rows.length === 0) {
    return (
      <p className="muted">{status === "open" ? "No open reports." : "No resolved reports."}</p>
    );
  }
  return (
    <>
      <ul className="admin-list">
        {rows.map((report) => (
          <ReportRow key={report.id} report={report} />
        ))}
      </ul>
      {reports.hasNextPage && (
        <button
          type="button"
          className="btn btn-outline"
          disabled={reports.isFetchingNextPage}
          onClick={() => void reports.fetchNextPage()}
        >
          {reports.isFetchingNextPage ? "Loading..." : "Show more reports"}
        </button>
      )}
    </>
  );
}

/** Where the reported content is read: its recipe, or the cook's profile. */
function TargetLink({ report }: { report: AdminReport }) {
  if (report.target_kind === "user") {
    return report.target_author_username ? (
      <Link to={`/cooks/${encodeURIComponent(report.target_author_username)}`}>
        {report.excerpt}
      </Link>
    ) : (
      <span>{report.excerpt}</span>
    );
  }
  if (report.target_id === null || !report.recipe) {
    return <span>{report.excerpt} (deleted)</span>;
  }
  const href = `/recipe/${report.recipe.id}/${report.recipe.slug}`;
  return report.target_kind === "recipe" ? (
    <Link to={href}>{report.excerpt}</Link>
  ) : (
    <>
      “{report.excerpt}” <Link to={href}>on this recipe</Link>
    </>
  );
}

const QUESTIONS: Record<ModerationAction, (report: AdminReport) => string> = {
  dismiss: () => "Dismiss this report? Nothing else changes.",
  hide: (r) =>
    r.target_kind === "user"
      ? `Disable ${r.excerpt}? They are signed out and their content is hidden.`
      : `Hide this ${r.target_kind}? Only its author and moderators will see it.`,
  delete: (r) => `Delete this ${r.target_kind} for good? This can't be undone.`,
  disable_user: (r) =>
    `Disable ${r.target_author_username ?? "this cook"}? They are signed out, can't sign in, and everything they wrote is hidden.`,
};

/** A hidden recipe or comment shown again, after a confirmation: a moderator's change of mind. */
function ShowAgain({ report, name }: { report: AdminReport; name: string }) {
  const unhide = useUnhideReport();
  const [asking, setAsking] = useState(false);
  const cancel = useRef<HTMLButtonElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const ask = (yes: boolean) => {
    flushSync(() => setAsking(yes));
    (yes ? cancel.current : opener.current)?.focus();
  };
  return asking ? (
    <ConfirmStep
      question={`Show this ${report.target_kind} again to everyone who may read it? The report will read dismissed.`}
      confirmLabel="Show again"
      pending={unhide.isPending}
      cancelRef={cancel}
      onCancel={() => ask(false)}
      onConfirm={() => unhide.mutate(report.id)}
    >
      {unhide.isError && (
        <ErrorBox>
          <p>{reasonOf(unhide.error)}</p>
        </ErrorBox>
      )}
    </ConfirmStep>
  ) : (
    <div className="row admin-actions">
      <button
        ref={opener}
        type="button"
        className="btn btn-small btn-outline"
        aria-label={`Show again: ${name.toLowerCase()} ${report.excerpt}`}
        onClick={() => ask(true)}
      >
        Show again
      </button>
    </div>
  );
}

/**
 * A reported comment where it was said (issue 34 §14): the feed item it is under and the
 * comments around it, the reported one marked; loaded when opened.
 */
function CommentInContext({ reportId }: { reportId: number }) {
  const [open, setOpen] = useState(false);
  const context = useReportContext(reportId, open);
  return (
    <div className="admin-context">
      <button
        type="button"
        className="btn btn-small btn-outline"
        aria-expanded={open}
        onClick={() => setOpen((was) => !was)}
      >
        {open ? "Hide the conversation" : "Show in context"}
      </button>
      {open &&
        (context.isPending ? (
          <Loading text="Loading the conversation..." />
        ) : context.isError ? (
          <ErrorBox>
            <p>Failed to load the conversation.</p>
            <p>{reasonOf(context.error)}</p>
          </ErrorBox>
        ) : (
          <section className="admin-context-thread" aria-label="The comment in context">
            <p className="small">
              Under {context.data.item.user_username}'s{" "}
              {EVENT_NAMES[context.data.item.event_type] ?? context.data.item.event_type} post about{" "}
              <Link to={`/recipe/${context.data.item.recipe.id}/${context.data.item.recipe.slug}`}>
                {context.data.item.recipe.title}
              </Link>{" "}
              on {formatTime(context.data.item.created_on)}
              {context.data.item.rating?.comment && <> · “{context.data.item.rating.comment}”</>}
            </p>
            {context.data.earlier_count > 0 && (
              <p className="muted small">{context.data.earlier_count} earlier comments</p>
            )}
            <ol className="admin-context-comments">
              {context.data.comments.map((comment) => (
                <li
                  key={comment.id}
                  className={comment.reported ? "admin-context-reported" : undefined}
                  aria-current={comment.reported ? "true" : undefined}
                >
                  <span className="small">
                    <strong>{comment.user_username}</strong> · {formatTime(comment.created_at)}
                    {comment.reported && <span className="admin-badge">Reported</span>}
                    {comment.hidden && (
                      <span className="admin-badge admin-badge-muted">Hidden</span>
                    )}
                  </span>
                  <span className="admin-context-text">{comment.text}</span>
                </li>
              ))}
            </ol>
            {context.data.later_count > 0 && (
              <p className="muted small">{context.data.later_count} later comments</p>
            )}
          </section>
        ))}
    </div>
  );
}

function ReportRow({ report }: { report: AdminReport }) {
  const resolve = useResolveReport();
  const [asking, setAsking] = useState<ModerationAction | null>(null);
  const [error, setError] = useState<string | null>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const opener = useRef<HTMLButtonElement | null>(null);
  const ask = (action: ModerationAction | null, button?: HTMLButtonElement) => {
    if (button) opener.current = button;
    flushSync(() => setAsking(action));
    (action ? cancel.current : opener.current)?.focus();
  };
  const actions: ModerationAction[] =
    report.target_kind === "user"
      ? ["dismiss", "disable_user"]
      : report.target_id === null
        ? ["dismiss"]
        : ["dismiss", "hide", "delete", "disable_user"];
  const name = KIND_NAMES[report.target_kind];

  return (
    <li className="admin-card">
      <p className="admin-card-title">
        <span className="admin-badge">{name}</span> <TargetLink report={report} />
        {report.target_hidden && (
          <span className="admin-badge admin-badge-muted">
            {report.target_kind === "user" ? "Disabled" : "Hidden"}
          </span>
        )}
      </p>
      <p className="muted small">
        {REASON_NAMES[report.reason]} · reported by {report.reporter_username ?? "a deleted cook"}{" "}
        on {formatTime(report.created_on)}
        {report.target_kind !== "user" && report.target_author_username && (
          <> · by {report.target_author_username}</>
        )}
      </p>
      {report.text && <p className="admin-report-text">{report.text}</p>}
      {report.target_kind === "comment" && report.target_id !== null && (
        <CommentInContext reportId={report.id} />
      )}
      {report.status === "resolved" ? (
        <>
          <p className="small">
            {report.resolution && RESOLUTION_NAMES[report.resolution]} by{" "}
            {report.resolved_by_username ?? "a deleted moderator"}
            {report.resolved_at && <> on {formatTime(report.resolved_at)}</>}
          </p>
          {report.resolution === "hide" &&
            report.target_hidden &&
            report.target_kind !== "user" && <ShowAgain report={report} name={name} />}
        </>
      ) : asking ? (
        <ConfirmStep
          question={QUESTIONS[asking](report)}
          confirmLabel={ACTION_BUTTONS[asking]}
          pending={resolve.isPending}
          cancelRef={cancel}
          onCancel={() => ask(null)}
          onConfirm={() => {
            setError(null);
            resolve.mutate(
              { id: report.id, action: asking },
              { onError: (failure) => setError(reasonOf(failure)) },
            );
          }}
        >
          {error && (
            <ErrorBox>
              <p>{error}</p>
            </ErrorBox>
          )}
        </ConfirmStep>
      ) : (
        <div className="row admin-actions">
          {actions.map((action) => (
            <button
              key={action}
              type="button"
              className={`btn btn-small ${action === "dismiss" ? "btn-outline" : "btn-danger"}`}
              aria-label={`${ACTION_BUTTONS[action]}: ${name.toLowerCase()} ${report.excerpt}`}
              onClick={(event) => ask(action, event.currentTarget)}
            >
              {ACTION_BUTTONS[action]}
            </button>
          ))}
        </div>
      )}
    </li>
  );
}
