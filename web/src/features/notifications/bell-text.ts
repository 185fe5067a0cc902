// The bell's words, apart from format.ts: the bell is in every page's first load, the rest of
// the texts only in the notifications page's chunk.
import { t } from "../../lib/i18n";

/** "Notifications", "Notifications, 3 unread": the bell's name. */
export const bellLabel = (unread: number) =>
  unread > 0
    ? t("notifications.bell.labelUnread", { count: unread })
    : t("notifications.bell.label");

/** What the bell's badge says: the count, up to "99+". */
export const badgeText = (unread: number) => (unread > 99 ? "99+" : String(unread));
