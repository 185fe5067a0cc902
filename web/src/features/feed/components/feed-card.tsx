import type { FeedItem } from "@potluck/contract";
import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { CookLink } from "../../../components/cook-link";
import { RecipeImage } from "../../../components/recipe-image";
import { t } from "../../../lib/i18n";
import { tRich } from "../../../lib/i18n/rich";
import { eventTitle, formatWhen, ratingBadge } from "../format";
import { Comments } from "./comments";
import { CommentIcon } from "./icons";
import { LikeButton } from "./like-button";

const recipePath = (recipe: FeedItem["recipe"]) => `/recipe/${recipe.id}/${recipe.slug}`;

/** One activity in the feed, its like toggle and its comments. */
export function FeedCard({
  item,
  username,
  csrfToken,
  opened = false,
}: {
  item: FeedItem;
  username: string | undefined;
  csrfToken: string | null;
  /** The item a link asked for (`/?item=`, from a notification): its comments shown, in view. */
  opened?: boolean;
}) {
  const titleId = useId();
  const panelId = useId();
  const [showComments, setShowComments] = useState(opened);
  const title = eventTitle(item.event_type);
  const card = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!opened) return;
    setShowComments(true);
    card.current?.scrollIntoView({ block: "start" });
    card.current?.focus({ preventScroll: true });
  }, [opened]);

  return (
    <article
      ref={card}
      className={opened ? "card feed-card feed-card-opened" : "card feed-card"}
      aria-labelledby={titleId}
      tabIndex={opened ? -1 : undefined}
    >
      <header className="feed-card-header">
        <h2 id={titleId} className="feed-card-title">
          {title ?? t("feed.event.unknown")}
        </h2>
        <time className="muted small" dateTime={item.created_on}>
          {formatWhen(item.created_on)}
        </time>
      </header>
      {title === undefined ? null : item.rating ? (
        <RatingBody item={item} rating={item.rating} />
      ) : (
        <RecipeBody item={item} />
      )}
      <footer className="feed-card-actions">
        <LikeButton item={item} canWrite={!!csrfToken} />
        <button
          type="button"
          className="feed-action"
          aria-expanded={showComments}
          aria-controls={showComments ? panelId : undefined}
          onClick={() => setShowComments((open) => !open)}
        >
          <CommentIcon />
          <span>{t("feed.card.comments")}</span>
          <span className="feed-action-count">{item.comment_count}</span>
        </button>
      </footer>
      {showComments && (
        <Comments
          itemId={item.id}
          recipeId={item.recipe.id}
          panelId={panelId}
          username={username}
          csrfToken={csrfToken}
        />
      )}
    </article>
  );
}

function RecipeBody({ item }: { item: FeedItem }) {
  return (
    <div className="feed-card-body">
      <p className="feed-card-meta">
        {tRich("feed.card.by", {
          cook: (
            <strong>
              <CookLink username={item.user_username} />
            </strong>
          ),
        })}
      </p>
      <Link to={recipePath(item.recipe)} className="feed-recipe-link">
        <RecipeImage src={item.recipe.image} alt="" className="feed-recipe-image" />
        <span className="feed-recipe-title">{item.recipe.title}</span>
      </Link>
    </div>
  );
}

function RatingBody({ item, rating }: { item: FeedItem; rating: NonNullable<FeedItem["rating"]> }) {
  const stars = ratingBadge(rating.rating);
  return (
    <div className="feed-card-body">
      <p className="feed-card-meta">
        {tRich("feed.card.rated", {
          cook: (
            <strong>
              <CookLink username={rating.author_username} />
            </strong>
          ),
          recipe: <Link to={recipePath(item.recipe)}>{item.recipe.title}</Link>,
          stars: (
            <span
              className="rating-badge"
              role="img"
              aria-label={t("feed.card.starsLabel", { stars })}
            >
              <span aria-hidden="true">{stars} ★</span>
            </span>
          ),
        })}
      </p>
      {rating.comment && (
        <blockquote className="feed-rating-comment">
          {t("feed.card.ratingComment", { comment: rating.comment })}
        </blockquote>
      )}
    </div>
  );
}
