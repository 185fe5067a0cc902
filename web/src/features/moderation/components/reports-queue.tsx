import type { AdminReport, ModerationAction } from "@potluck/contract";
import { useRef, useState } from "react";
import { flushSync } from "react-dom";
import { Link } from "react-router";
import { ConfirmStep } from "../../../components/confirm-step";
import { ErrorBox, Loading } from "../../../components/status";
import { reasonOf } from "../../../lib/api-client";
import { t } from "../../../lib/i18n";
import { tRich } from "../../../lib/i18n/rich";
import { useReportContext } from "../api/get-report-context";
import { useReports } from "../api/get-reports";
import { useResolveReport, useUnhideReport } from "../api/resolve-report";
import { actionButton, eventName, formatTime, kindName, reasonName } from "../labels";

/** The open reports, oldest first, each with its actions; or the resolved ones, newest first. */
export function ReportsQueue({ status }: { status: "open" | "resolved" }) {
  const reports = useReports(status);
  if (reports.isPending) return <Loading text={t("moderation.reports.loading")} />;
  if (reports.isError) {
    return (
      <ErrorBox>
        <p>{t("moderation.reports.loadFailed")}</p>
        <p>{reasonOf(reports.error)}</p>
      </ErrorBox>
    );
  }
  const rows = reports.data.pages.flatMap((page) => page.results);
  if (rows.length === 0) {
    return (
      <p className="muted">
        {status === "open"
          ? t("moderation.reports.emptyOpen")
          : t("moderation.reports.emptyResolved")}
      </p>
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
          {reports.isFetchingNextPage
            ? t("moderation.reports.loadingMore")
            : t("moderation.reports.showMore")}
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
    return <span>{t("moderation.report.deletedTarget", { excerpt: report.excerpt })}</span>;
  }
  const href = `/recipe/${report.recipe.id}/${report.recipe.slug}`;
  return report.target_kind === "recipe" ? (
    <Link to={href}>{report.excerpt}</Link>
  ) : (
    tRich("moderation.report.commentOn", {
      excerpt: report.excerpt,
      link: (chunks) => <Link to={href}>{chunks}</Link>,
    })
  );
}

/** What the confirmation of an action on a report asks. */
function question(action: ModerationAction, r: AdminReport): string {
  switch (action) {
    case "dismiss":
      return t("moderation.questions.dismiss");
    case "hide":
      if (r.target_kind === "user") return t("moderation.questions.hideUser", { name: r.excerpt });
      return r.target_kind === "recipe"
        ? t("moderation.questions.hideRecipe")
        : t("moderation.questions.hideComment");
    case "delete":
      return r.target_kind === "recipe"
        ? t("moderation.questions.deleteRecipe")
        : t("moderation.questions.deleteComment");
    case "disable_user":
      return r.target_author_username
        ? t("moderation.questions.disableUser", { name: r.target_author_username })
        : t("moderation.questions.disableThisCook");
  }
}

/** A hidden recipe or comment shown again, after a confirmation: a moderator's change of mind. */
function ShowAgain({ report }: { report: AdminReport }) {
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
      question={
        report.target_kind === "recipe"
          ? t("moderation.questions.showRecipeAgain")
          : t("moderation.questions.showCommentAgain")
      }
      confirmLabel={t("moderation.report.showAgain")}
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
        aria-label={t("moderation.report.showAgainLabel", {
          kind: report.target_kind,
          excerpt: report.excerpt,
        })}
        onClick={() => ask(true)}
      >
        {t("moderation.report.showAgain")}
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
        {open ? t("moderation.context.hide") : t("moderation.context.show")}
      </button>
      {open &&
        (context.isPending ? (
          <Loading text={t("moderation.context.loading")} />
        ) : context.isError ? (
          <ErrorBox>
            <p>{t("moderation.context.loadFailed")}</p>
            <p>{reasonOf(context.error)}</p>
          </ErrorBox>
        ) : (
          <section className="admin-context-thread" aria-label={t("moderation.context.label")}>
            <p className="small">
              {tRich("moderation.context.under", {
                name: context.data.item.user_username,
                event: eventName(context.data.item.event_type) ?? context.data.item.event_type,
                recipe: (
                  <Link
                    to={`/recipe/${context.data.item.recipe.id}/${context.data.item.recipe.slug}`}
                  >
                    {context.data.item.recipe.title}
                  </Link>
                ),
                date: formatTime(context.data.item.created_on),
              })}
              {context.data.item.rating?.comment && (
                <>
                  {" "}
                  {t("moderation.context.ratingComment", {
                    comment: context.data.item.rating.comment,
                  })}
                </>
              )}
            </p>
            {context.data.earlier_count > 0 && (
              <p className="muted small">
                {t("moderation.context.earlier", { count: context.data.earlier_count })}
              </p>
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
                    {comment.reported && (
                      <span className="admin-badge">{t("moderation.context.reported")}</span>
                    )}
                    {comment.hidden && (
                      <span className="admin-badge admin-badge-muted">
                        {t("moderation.context.hidden")}
                      </span>
                    )}
                  </span>
                  <span className="admin-context-text">{comment.text}</span>
                </li>
              ))}
            </ol>
            {context.data.later_count > 0 && (
              <p className="muted small">
                {t("moderation.context.later", { count: context.data.later_count })}
              </p>
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
  const name = kindName(report.target_kind);

  return (
    <li className="admin-card">
      <p className="admin-card-title">
        <span className="admin-badge">{name}</span> <TargetLink report={report} />
        {report.target_hidden && (
          <span className="admin-badge admin-badge-muted">
            {report.target_kind === "user"
              ? t("moderation.report.disabled")
              : t("moderation.report.hidden")}
          </span>
        )}
      </p>
      <p className="muted small">
        {report.reporter_username
          ? t("moderation.report.reportedBy", {
              reason: reasonName(report.reason),
              reporter: report.reporter_username,
              date: formatTime(report.created_on),
            })
          : t("moderation.report.reportedByDeleted", {
              reason: reasonName(report.reason),
              date: formatTime(report.created_on),
            })}
        {report.target_kind !== "user" && report.target_author_username && (
          <> {t("moderation.report.byAuthor", { author: report.target_author_username })}</>
        )}
      </p>
      {report.text && <p className="admin-report-text">{report.text}</p>}
      {report.target_kind === "comment" && report.target_id !== null && (
        <CommentInContext reportId={report.id} />
      )}
      {report.status === "resolved" ? (
        <>
          <p className="small">
            <Resolution report={report} />
          </p>
          {report.resolution === "hide" &&
            report.target_hidden &&
            report.target_kind !== "user" && <ShowAgain report={report} />}
        </>
      ) : asking ? (
        <ConfirmStep
          question={question(asking, report)}
          confirmLabel={actionButton(asking)}
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
              aria-label={t("moderation.report.actionLabel", {
                action: actionButton(action),
                kind: report.target_kind,
                excerpt: report.excerpt,
              })}
              onClick={(event) => ask(action, event.currentTarget)}
            >
              {actionButton(action)}
            </button>
          ))}
        </div>
      )}
    </li>
  );
}

/** "Hidden by ana on 28 Nov 2026, 03:24": a resolved report's outcome (issue 34 §14). */
function Resolution({ report }: { report: AdminReport }) {
  const resolution = report.resolution ?? "other";
  const moderator = report.resolved_by_username;
  if (report.resolved_at) {
    const date = formatTime(report.resolved_at);
    return moderator
      ? t("moderation.report.resolvedByOn", { resolution, moderator, date })
      : t("moderation.report.resolvedByDeletedOn", { resolution, date });
  }
  return moderator
    ? t("moderation.report.resolvedBy", { resolution, moderator })
    : t("moderation.report.resolvedByDeleted", { resolution });
}
