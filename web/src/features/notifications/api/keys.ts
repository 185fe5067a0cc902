/** Query keys of the notifications feature: every fetcher and invalidation goes through these. */
export const notificationKeys = {
  all: ["notifications"] as const,
  /** The bell's number: what `event: unread` sets. */
  unreadCount: () => [...notificationKeys.all, "unread-count"] as const,
  /** The notifications page by page, newest first. */
  list: () => [...notificationKeys.all, "list"] as const,
  /** Which kinds reach the cook in the app and by email. */
  settings: () => [...notificationKeys.all, "settings"] as const,
};

/** The first page of the list (the server's default of 20); later pages follow its `next`. */
export const NOTIFICATIONS_URL = "/api/notifications/";
