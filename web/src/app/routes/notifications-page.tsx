import { Link } from "react-router";
import { NotificationList } from "../../features/notifications/components/notification-list";
import { useDocumentTitle } from "../../lib/use-document-title";

/** /notifications: what the bell links to; what others did, newest first. */
export default function NotificationsPage() {
  useDocumentTitle("Notifications");
  return (
    <section className="page notifications-page">
      <div className="page-header">
        <h1>Notifications</h1>
        <Link to="/settings#notifications" className="btn btn-outline">
          Settings
        </Link>
      </div>
      <NotificationList />
    </section>
  );
}
