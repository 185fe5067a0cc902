import type { Notification } from "@potluck/contract";
import { Link } from "react-router";
import { LoadError } from "../../../components/load-error";
import { ErrorBox, Loading } from "../../../components/status";
import { reasonOf } from "../../../lib/api-client";
import { t } from "../../../lib/i18n";
import { useNotifications } from "../api/get-notifications";
import { useUnreadCount } from "../api/get-unread-count";
import { useMarkNotificationsRead } from "../api/mark-read";
import { fullTime, notificationHref, notificationText, timeAgo } from "../format";
import "./notifications.css";

/**
 * The cook's notifications, newest first, a page at a time ("Show more"), with "Mark all as
 * read". Each leads to what it is about; opening one marks it read.
 */
export function NotificationList() {
  const notifications = useNotifications();
  const unread = useUnreadCount(true).data ?? 0;
  const markRead = useMarkNotificationsRead();
  const { data, fetchNextPage, hasNextPage, isFetchingNextPage, isFetchNextPageError } =
    notifications;

  if (notifications.isPending) return <Loading />;
  if (notifications.isError && !data) {
    return (
      <LoadError
        text={t("notifications.list.loadFailed")}
        onRetry={() => void notifications.refetch()}
        retrying={notifications.isFetching}
      />
    );
  }
  const items = data?.pages.flatMap((page) => page.results) ?? [];
  const open = (item: Notification) => {
    if (!item.read) markRead.mutate([item.id]);
  };

  return (
    <>
      <div className="notifications-toolbar">
        <p className="muted" role="status">
          {unread === 0
            ? t("notifications.list.caughtUp")
            : t("notifications.list.unread", { count: unread })}
        </p>
        <button
          type="button"
          className="btn btn-secondary btn-small"
          disabled={unread === 0 || markRead.isPending}
          onClick={() => markRead.mutate(undefined)}
        >
          {t("notifications.list.markAllRead")}
        </button>
      </div>
      {markRead.isError && (
        <p className="field-error" role="alert">
          {t("notifications.list.markReadFailed", { reason: reasonOf(markRead.error) })}
        </p>
      )}
      {items.length === 0 ? (
        <p className="empty-state">{t("notifications.list.empty")}</p>
      ) : (
        <ol className="notification-list">
          {items.map((item) => (
            <li key={item.id}>
              <NotificationRow item={item} onOpen={open} />
            </li>
          ))}
        </ol>
      )}
      {isFetchNextPageError && (
        <ErrorBox>
          <p>{t("notifications.list.moreFailed")}</p>
          <p>{reasonOf(notifications.error)}</p>
        </ErrorBox>
      )}
      {hasNextPage && (
        <button
          type="button"
          className="btn btn-outline notifications-more"
          disabled={isFetchingNextPage}
          onClick={() => void fetchNextPage({ cancelRefetch: false })}
        >
          {isFetchingNextPage
            ? t("notifications.list.loadingMore")
            : t("notifications.list.showMore")}
        </button>
      )}
    </>
  );
}

function NotificationRow({
  item,
  onOpen,
}: {
  item: Notification;
  onOpen: (item: Notification) => void;
}) {
  const href = notificationHref(item);
  const body = (
    <>
      <span className="notification-dot" aria-hidden="true" />
      <span className="notification-text">
        {!item.read && (
          <span className="visually-hidden">{t("notifications.list.unreadPrefix")} </span>
        )}
        {notificationText(item)}
      </span>
      <time
        className="notification-time muted small"
        dateTime={item.created_on}
        title={fullTime(item.created_on)}
      >
        {timeAgo(item.created_on)}
      </time>
    </>
  );
  const className = item.read ? "notification" : "notification unread";
  if (href) {
    return (
      <Link to={href} className={className} onClick={() => onOpen(item)}>
        {body}
      </Link>
    );
  }
  // What it was about is gone (a recipe the cook may no longer read): nothing to open, so it
  // is read from here.
  return (
    <div className={`${className} notification-gone`}>
      {body}
      {!item.read && (
        <button
          type="button"
          className="btn btn-small btn-secondary notification-read"
          onClick={() => onOpen(item)}
        >
          {t("notifications.list.markRead")}
        </button>
      )}
    </div>
  );
}
