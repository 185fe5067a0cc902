import type { Notification, NotificationPage } from "@potluck/contract";
import { type InfiniteData, infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { queryClient } from "../../../lib/query-client";
import { NOTIFICATIONS_URL, notificationKeys } from "./keys";

export type NotificationsData = InfiniteData<NotificationPage, string>;

export const notificationsQuery = infiniteQueryOptions({
  queryKey: notificationKeys.list(),
  queryFn: async ({ pageParam, signal }) => {
    const page = await api<NotificationPage>(pageParam, { signal });
    // Every page says the count as it is now: the bell follows the newest answer.
    queryClient.setQueryData(notificationKeys.unreadCount(), page.unread_count);
    return page;
  },
  initialPageParam: NOTIFICATIONS_URL,
  // Later pages follow the server's absolute `next` URL as it is.
  getNextPageParam: (lastPage) => lastPage.next ?? undefined,
});

export const useNotifications = () => useInfiniteQuery(notificationsQuery);

/** Changes the loaded notifications in place (an optimistic read). */
export function updateLoadedNotifications(change: (item: Notification) => Notification): void {
  queryClient.setQueryData<NotificationsData>(notificationKeys.list(), (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({ ...page, results: page.results.map(change) })),
        }
      : data,
  );
}

/** The loaded notifications, newest first. */
export const loadedNotifications = (): Notification[] =>
  queryClient
    .getQueryData<NotificationsData>(notificationKeys.list())
    ?.pages.flatMap((page) => page.results) ?? [];
