import { type KeyboardEvent, useId, useRef, useState } from "react";
import { Loading } from "../../components/status";
import { AdminUsers } from "../../features/moderation/components/admin-users";
import { AuditLog } from "../../features/moderation/components/audit-log";
import { ReportsQueue } from "../../features/moderation/components/reports-queue";
import "../../features/moderation/components/admin.css";
import { isRightToLeft } from "../../lib/bidi";
import { t } from "../../lib/i18n";
import { useSession } from "../../lib/session";
import { useDocumentTitle } from "../../lib/use-document-title";
import NotFoundPage from "./not-found-page";

const TABS = ["reports", "users", "audit"] as const;
type Tab = (typeof TABS)[number];

const tabLabel = (tab: Tab) =>
  tab === "reports"
    ? t("app.admin.reportsTab")
    : tab === "users"
      ? t("app.admin.usersTab")
      : t("app.admin.auditTab");

/**
 * `/admin`: the moderators' page (superusers; everyone else gets "Page not found", as the API
 * answers 404). Tabs: the reports queue, the cooks with Disable / Enable, the audit log.
 */
export default function AdminPage() {
  const { user, isLoading } = useSession();
  if (isLoading) return <Loading />;
  if (!user?.is_superuser) return <NotFoundPage />;
  return <Admin />;
}

function Admin() {
  useDocumentTitle(t("app.admin.title"));
  const [tab, setTab] = useState<Tab>("reports");
  const [status, setStatus] = useState<"open" | "resolved">("open");
  const base = useId();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  // The tabs pattern: arrows move between tabs, and the panel follows. Right to left the tabs
  // run from the right, so ArrowLeft goes to the next one.
  const onKeyDown = (event: KeyboardEvent) => {
    const index = TABS.indexOf(tab);
    const forward = isRightToLeft() ? "ArrowLeft" : "ArrowRight";
    const backward = isRightToLeft() ? "ArrowRight" : "ArrowLeft";
    const step = event.key === forward ? 1 : event.key === backward ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = (index + step + TABS.length) % TABS.length;
    const nextTab = TABS[next];
    if (!nextTab) return;
    setTab(nextTab);
    tabs.current[next]?.focus();
  };
  return (
    <section className="page admin-page">
      <h1>{t("app.admin.title")}</h1>
      <div
        className="admin-tabs"
        role="tablist"
        aria-label={t("app.admin.title")}
        onKeyDown={onKeyDown}
      >
        {TABS.map((one, index) => (
          <button
            key={one}
            ref={(element) => {
              tabs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${base}-${one}-tab`}
            aria-selected={tab === one}
            aria-controls={`${base}-${one}`}
            tabIndex={tab === one ? 0 : -1}
            className="admin-tab"
            onClick={() => setTab(one)}
          >
            {tabLabel(one)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${base}-${tab}`} aria-labelledby={`${base}-${tab}-tab`}>
        {tab === "reports" && (
          <>
            <div className="row admin-filter">
              <button
                type="button"
                className={`btn btn-small ${status === "open" ? "btn-primary" : "btn-secondary"}`}
                aria-pressed={status === "open"}
                onClick={() => setStatus("open")}
              >
                {t("app.admin.open")}
              </button>
              <button
                type="button"
                className={`btn btn-small ${status === "resolved" ? "btn-primary" : "btn-secondary"}`}
                aria-pressed={status === "resolved"}
                onClick={() => setStatus("resolved")}
              >
                {t("app.admin.resolved")}
              </button>
            </div>
            <ReportsQueue status={status} />
          </>
        )}
        {tab === "users" && <AdminUsers />}
        {tab === "audit" && <AuditLog />}
      </div>
    </section>
  );
}
