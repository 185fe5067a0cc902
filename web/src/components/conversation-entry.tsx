import type { ConversationEntry } from "@potluck/contract";
import { formatDateTime } from "../lib/dates";
import { CookLink } from "./cook-link";
import { HiddenByModerator } from "./hidden-by-moderator";
import { StarIcons } from "./star-rating";
import "./conversation-entry.css";

/** Where a feed comment was posted, in a few words: "on rosa's new recipe". */
const POSTS: Record<string, string> = {
  new_recipe: "new recipe",
  update_recipe: "recipe update",
  new_rating: "rating",
  update_rating: "rating",
};

/**
 * One entry of a recipe's conversation, read only: a review with its stars, or a comment with
 * the feed post it was written under. Written and changed where they belong (the rating form,
 * the feed card).
 */
export function ConversationEntryRow({ entry }: { entry: ConversationEntry }) {
  const post = entry.feed_item;
  return (
    <li className={`conversation-entry conversation-${entry.kind}`}>
      <div className="comment-meta">
        <strong>
          <CookLink username={entry.author_username} />
        </strong>
        {entry.kind === "review" && entry.rating !== null && (
          <span
            className="star-rating"
            role="img"
            aria-label={`${entry.rating / 2} out of 5 stars`}
          >
            <StarIcons value={entry.rating / 2} />
          </span>
        )}
        <span className="muted small">
          {entry.kind === "review"
            ? "reviewed"
            : post && `on ${post.user_username}'s ${POSTS[post.event_type] ?? "post"}`}
        </span>
        <time className="muted small" dateTime={entry.created_at}>
          {formatDateTime(entry.created_at)}
        </time>
      </div>
      {entry.text && <p className="conversation-entry-text">{entry.text}</p>}
      {entry.hidden_by_moderator && <HiddenByModerator what="comment" />}
    </li>
  );
}
