import type { NotificationPage } from "@potluck/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { NOTIFICATIONS_URL, notificationKeys } from "./keys";

/**
 * The unread count, for the bell. The page answers it beside its notifications; one
 * notification is the smallest page there is. Kept up to date by the event stream
 * (notification-events.ts), which sets this query's data.
 */
export const unreadCountQuery = queryOptions({
  queryKey: notificationKeys.unreadCount(),
  queryFn: async ({ signal }) =>
    (await api<NotificationPage>(`${NOTIFICATIONS_URL}?limit=1`, { signal })).unread_count,
});

export const useUnreadCount = (enabled: boolean) => useQuery({ ...unreadCountQuery, enabled });
