import { queryClient } from "../../../lib/query-client";
import { REOPEN_DELAY_MS, useEventSource } from "../../../lib/use-event-source";
import { notificationKeys } from "./keys";

export { REOPEN_DELAY_MS };
/**
 * A stream the server refused for good (a 401, a 503 on reconnect) is opened again after
 * REOPEN_DELAY_MS, doubled after each refusal in a row up to the most (a session that ended
 * keeps refusing).
 */
export const REOPEN_DELAY_MAX_MS = 60_000;

/** How long to wait before opening again after `refusals` refusals in a row (1 or more). */
export const reopenDelay = (refusals: number) =>
  Math.min(REOPEN_DELAY_MAX_MS, REOPEN_DELAY_MS * 2 ** Math.max(0, refusals - 1));

export const NOTIFICATION_EVENTS_URL = "/api/notifications/events/";

/**
 * The count of an `event: unread`'s data, checked by hand rather than with the contract's zod
 * schema: that would bring zod into every page's first load, for the bell. Null when the data is
 * not such an event (ignored).
 */
export function parseUnreadCount(data: unknown): number | null {
  if (typeof data !== "string") return null;
  try {
    const parsed: unknown = JSON.parse(data);
    if (typeof parsed !== "object" || parsed === null) return null;
    const count = (parsed as Record<string, unknown>).unread_count;
    return typeof count === "number" && Number.isInteger(count) && count >= 0 ? count : null;
  } catch {
    return null;
  }
}

/**
 * A count from the stream: the bell shows it, and when it changed the notifications shown are
 * stale (a new one came, or some were read in another tab). A count this tab already shows (it
 * marked one read itself, or the stream just opened on the page that loaded it) reloads nothing.
 */
export function applyUnreadCount(count: number): void {
  const shown = queryClient.getQueryData<number>(notificationKeys.unreadCount());
  queryClient.setQueryData(notificationKeys.unreadCount(), count);
  if (shown !== count) void queryClient.invalidateQueries({ queryKey: notificationKeys.list() });
}

/**
 * Keeps the bell live while `enabled` (signed in): listens to the cook's unread stream and sets
 * the count on every `event: unread`. The stream is closed while the tab is hidden, so tabs left
 * open in the background don't each hold one of the browser's few connections to the server
 * (HTTP/1.1 allows six); shown again, the stream opens again and brings the count as it is.
 */
export function useNotificationEvents(enabled: boolean): void {
  // The server sends the count as a stream opens, so one opened again (by the browser, or anew
  // after a refusal or once the tab is shown) brings back what it missed.
  useEventSource(
    enabled ? NOTIFICATION_EVENTS_URL : null,
    {
      events: {
        unread: (data) => {
          const count = parseUnreadCount(data);
          if (count !== null) applyUnreadCount(count);
        },
      },
    },
    { reopenDelay, closeWhileHidden: true },
  );
}
