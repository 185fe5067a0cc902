import { NavLink } from "react-router";
import { useUnreadCount } from "../api/get-unread-count";
import { useNotificationEvents } from "../api/notification-events";
import { badgeText, bellLabel } from "../bell-text";
import "./notification-bell.css";

/**
 * The bell in the nav bar: a link to /notifications with the unread count as a badge, live
 * over the cook's event stream. Small on purpose: it is on every page's first load; the list
 * and the settings are in their pages' chunks.
 */
export function NotificationBell() {
  useNotificationEvents(true);
  const unread = useUnreadCount(true).data ?? 0;
  return (
    <NavLink to="/notifications" className="notification-bell" aria-label={bellLabel(unread)}>
      <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22" focusable="false">
        <path
          d="M12 3a6 6 0 0 0-6 6v3.6l-1.7 3.1A1 1 0 0 0 5.2 17h13.6a1 1 0 0 0 .9-1.3L18 12.6V9a6 6 0 0 0-6-6Zm-2.5 15.5a2.5 2.5 0 0 0 5 0"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      {unread > 0 && (
        <span className="notification-badge" aria-hidden="true">
          {badgeText(unread)}
        </span>
      )}
    </NavLink>
  );
}
