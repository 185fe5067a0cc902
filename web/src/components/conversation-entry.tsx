import type { ConversationEntry } from "@potluck/contract";
import { formatDateTime } from "../lib/dates";
import { t } from "../lib/i18n";
import { CookLink } from "./cook-link";
import { HiddenByModerator } from "./hidden-by-moderator";
import { StarIcons } from "./star-rating";
import "./conversation-entry.css";

/** Where a feed comment was posted, in a few words: "on rosa's new recipe". */
const postedOn = (username: string, eventType: string) => {
  switch (eventType) {
    case "new_recipe":
      return t("components.conversationEntry.onNewRecipe", { username });
    case "update_recipe":
      return t("components.conversationEntry.onRecipeUpdate", { username });
    case "new_rating":
    case "update_rating":
      return t("components.conversationEntry.onRating", { username });
    default:
      return t("components.conversationEntry.onPost", { username });
  }
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
            aria-label={t("components.conversationEntry.stars", { stars: entry.rating / 2 })}
          >
            <StarIcons value={entry.rating / 2} />
          </span>
        )}
        <span className="muted small">
          {entry.kind === "review"
            ? t("components.conversationEntry.reviewed")
            : post && postedOn(post.user_username, post.event_type)}
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
