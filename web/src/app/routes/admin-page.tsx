import { type KeyboardEvent, useId, useRef, useState } from "react";
import { Loading } from "../../components/status";
import { AdminUsers } from "../../features/moderation/components/admin-users";
import { AuditLog } from "../../features/moderation/components/audit-log";
import { ReportsQueue } from "../../features/moderation/components/reports-queue";
import "../../features/moderation/components/admin.css";
import { useSession } from "../../lib/session";
import { useDocumentTitle } from "../../lib/use-document-title";
import NotFoundPage from "./not-found-page";

const TABS = [
  { id: "reports", label: "Reports" },
  { id: "users", label: "Users" },
  { id: "audit", label: "Audit log" },
] as const;
type Tab = (typeof TABS)[number]["id"];

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
  useDocumentTitle("Moderation");
  const [tab, setTab] = useState<Tab>("reports");
  const [status, setStatus] = useState<"open" | "resolved">("open");
  const base = useId();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  // The tabs pattern: arrows move between tabs, and the panel follows.
  const onKeyDown = (event: KeyboardEvent) => {
    const index = TABS.findIndex((t) => t.id === tab);
    const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = (index + step + TABS.length) % TABS.length;
    const nextTab = TABS[next];
    if (!nextTab) return;
    setTab(nextTab.id);
    tabs.current[next]?.focus();
  };
  return (
    <section className="page admin-page">
      <h1>Moderation</h1>
      <div className="admin-tabs" role="tablist" aria-label="Moderation" onKeyDown={onKeyDown}>
        {TABS.map((t, index) => (
          <button
            key={t.id}
            ref={(element) => {
              tabs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${base}-${t.id}-tab`}
            aria-selected={tab === t.id}
            aria-controls={`${base}-${t.id}`}
            tabIndex={tab === t.id ? 0 : -1}
            className="admin-tab"
            onClick={() => setTab(t.id)}
          >
            {t.label}
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
                Open
              </button>
              <button
                type="button"
                className={`btn btn-small ${status === "resolved" ? "btn-primary" : "btn-secondary"}`}
                aria-pressed={status === "resolved"}
                onClick={() => setStatus("resolved")}
              >
                Resolved
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
