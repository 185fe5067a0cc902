import type { MarkNotificationsReadBody } from "@potluck/contract";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { queryClient } from "../../../lib/query-client";
import { loadedNotifications, updateLoadedNotifications } from "./get-notifications";
import { notificationKeys } from "./keys";

/**
 * Marks the notifications `ids` read, or all of them when there are none. The list and the bell
 * change at once; the server's `event: unread` then confirms the count. A failure reloads both
 * from the server rather than guessing what was read.
 */
export function useMarkNotificationsRead() {
  return useMutation({
    mutationFn: (ids?: number[]) => {
      const body: MarkNotificationsReadBody = ids ? { ids } : {};
      return api<void>("/api/notifications/read/", { method: "POST", json: body });
    },
    onMutate: (ids) => {
      const chosen = ids ? new Set(ids) : null;
      const newlyRead = loadedNotifications().filter(
        (item) => !item.read && (!chosen || chosen.has(item.id)),
      ).length;
      updateLoadedNotifications((item) =>
        !item.read && (!chosen || chosen.has(item.id)) ? { ...item, read: true } : item,
      );
      queryClient.setQueryData<number>(notificationKeys.unreadCount(), (count) =>
        count === undefined ? count : chosen ? Math.max(0, count - newlyRead) : 0,
      );
    },
    onError: () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
