import { Link } from "react-router";
import { NotificationList } from "../../features/notifications/components/notification-list";
import { t } from "../../lib/i18n";
import { useDocumentTitle } from "../../lib/use-document-title";

/** /notifications: what the bell links to; what others did, newest first. */
export default function NotificationsPage() {
  useDocumentTitle(t("app.notifications.title"));
  return (
    <section className="page notifications-page">
      <div className="page-header">
        <h1>{t("app.notifications.title")}</h1>
        <Link to="/settings#notifications" className="btn btn-outline">
          {t("app.notifications.settings")}
        </Link>
      </div>
      <NotificationList />
    </section>
  );
}
