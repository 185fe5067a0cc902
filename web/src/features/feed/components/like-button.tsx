import type { FeedItem } from "@potluck/contract";
import { useState } from "react";
import { t } from "../../../lib/i18n";
import { useToggleLike } from "../api/like-item";
import { HeartIcon } from "./icons";

/** The like toggle: changes at once, goes back with a message when the server refuses. */
export function LikeButton({ item, canWrite }: { item: FeedItem; canWrite: boolean }) {
  const toggle = useToggleLike(item.id);
  const [failed, setFailed] = useState(false);
  const liked = item.is_liked_by_user;

  const onClick = () => {
    // One request at a time: a second click before the answer would race the first.
    if (toggle.isPending) return;
    setFailed(false);
    toggle.mutate(!liked, { onError: () => setFailed(true) });
  };

  return (
    <>
      <button
        type="button"
        className={liked ? "feed-action feed-action-liked" : "feed-action"}
        aria-pressed={liked}
        disabled={!canWrite}
        onClick={onClick}
      >
        <HeartIcon filled={liked} />
        <span>{t("feed.like.button")}</span>
        <span className="feed-action-count">{item.like_count}</span>
      </button>
      {failed && (
        <p className="feed-action-error" role="alert">
          {t("feed.like.failed")}
        </p>
      )}
    </>
  );
}
