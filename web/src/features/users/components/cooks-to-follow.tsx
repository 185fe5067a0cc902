import type { CookToFollow } from "@potluck/contract";
import { useId, useState } from "react";
import { Link } from "react-router";
import { reasonOf } from "../../../lib/api-client";
import { t } from "../../../lib/i18n";
import { tRich } from "../../../lib/i18n/rich";
import { useFollowUser } from "../api/follow-user";
import { useCooksToFollow } from "../api/get-cooks-to-follow";

/** Worded apart from the feed's own "N followers" count, which sits on the same page. */
const followersText = (count: number) =>
  count === 0 ? t("users.suggestions.newHere") : t("users.suggestions.followedBy", { count });

/**
 * A few cooks to follow, for a feed with nothing in it yet: the most followed first, each
 * with their latest recipe and a Follow button. `onFollowChange` tells the page that what the
 * feed shows changed. Says nothing when there is no one to suggest.
 */
export function CooksToFollow({ onFollowChange }: { onFollowChange?: () => void }) {
  const cooks = useCooksToFollow();
  const headingId = useId();
  if (cooks.isPending || (cooks.isSuccess && cooks.data.length === 0)) return null;
  return (
    <section className="cooks-to-follow" aria-labelledby={headingId}>
      <h2 id={headingId}>{t("users.suggestions.heading")}</h2>
      {cooks.isError ? (
        <p className="alert alert-error" role="alert">
          {t("users.suggestions.loadFailed", { reason: reasonOf(cooks.error) })}
        </p>
      ) : (
        <ul>
          {cooks.data.map((cook) => (
            <CookCard key={cook.id} cook={cook} onFollowChange={onFollowChange} />
          ))}
        </ul>
      )}
    </section>
  );
}

function CookCard({ cook, onFollowChange }: { cook: CookToFollow; onFollowChange?: () => void }) {
  const [following, setFollowing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const mutation = useFollowUser();
  const recipe = cook.latest_recipe;
  return (
    <li className="cook-card">
      {recipe.image ? (
        <img className="cook-card-image" src={recipe.image} alt="" width={64} height={64} />
      ) : (
        <span className="cook-card-image cook-card-placeholder" aria-hidden="true" />
      )}
      <div className="cook-card-text">
        <span className="cook-card-name">{cook.username}</span>
        <span className="muted cook-card-followers">{followersText(cook.follower_count)}</span>
        <span className="cook-card-latest">
          {tRich("users.suggestions.latest", {
            recipe: <Link to={`/recipe/${recipe.id}/${recipe.slug}`}>{recipe.title}</Link>,
          })}
        </span>
        {error && (
          <span className="field-error" role="alert">
            {error}
          </span>
        )}
      </div>
      <button
        type="button"
        className={`btn ${following ? "btn-secondary" : "btn-primary"}`}
        aria-label={
          following
            ? t("users.follow.unfollowLabel", { name: cook.username })
            : t("users.follow.followLabel", { name: cook.username })
        }
        disabled={mutation.isPending}
        onClick={() => {
          const follow = !following;
          setError(null);
          mutation.mutate(
            { userId: cook.id, follow },
            {
              onSuccess: () => {
                setFollowing(follow);
                onFollowChange?.();
              },
              onError: (failure) => {
                const values = { name: cook.username, reason: reasonOf(failure) };
                setError(
                  follow
                    ? t("users.follow.followFailed", values)
                    : t("users.follow.unfollowFailed", values),
                );
              },
            },
          );
        }}
      >
        {following ? t("users.follow.unfollow") : t("users.follow.follow")}
      </button>
    </li>
  );
}
