import type { CookProfile } from "@potluck/contract";
import { useState } from "react";
import { BlockCookButton } from "../../../components/block-cook-button";
import { ReportButton } from "../../../components/report-button";
import { reasonOf } from "../../../lib/api-client";
import { t } from "../../../lib/i18n";
import { useFollowUser } from "../api/follow-user";

/**
 * A cook's name, counts, Follow / Unfollow and Block / Unblock (none on one's own profile; no
 * Follow while blocked). The counts are of
 * what the viewer may see: their recipes count only those the viewer may open.
 */
export function CookProfileHeader({ profile }: { profile: CookProfile }) {
  const follow = useFollowUser();
  const [error, setError] = useState<string | null>(null);
  const onClick = () => {
    setError(null);
    follow.mutate(
      { userId: profile.id, follow: !profile.is_followed },
      {
        onError: (failure) => {
          const values = { name: profile.username, reason: reasonOf(failure) };
          setError(
            profile.is_followed
              ? t("users.follow.unfollowFailed", values)
              : t("users.follow.followFailed", values),
          );
        },
      },
    );
  };
  return (
    <header className="cook-profile-header">
      <div>
        <h1>{profile.username}</h1>
        {profile.first_name && (
          <p className="muted cook-profile-first-name">{profile.first_name}</p>
        )}
        <ul className="cook-profile-counts">
          <li>{t("users.profile.recipes", { count: profile.recipe_count })}</li>
          <li>{t("users.profile.followers", { count: profile.follower_count })}</li>
          <li>{t("users.profile.following", { count: profile.following_count })}</li>
        </ul>
      </div>
      {!profile.can_block ? (
        <p className="muted">{t("users.profile.thisIsYou")}</p>
      ) : (
        <div className="cook-profile-actions">
          {profile.is_blocked ? (
            <p className="muted cook-profile-blocked">
              {t("users.profile.youBlocked", { name: profile.username })}
            </p>
          ) : (
            <button
              type="button"
              className={profile.is_followed ? "btn btn-outline" : "btn btn-primary"}
              onClick={onClick}
              disabled={follow.isPending}
              aria-label={
                profile.is_followed
                  ? t("users.follow.unfollowLabel", { name: profile.username })
                  : t("users.follow.followLabel", { name: profile.username })
              }
            >
              {profile.is_followed ? t("users.follow.unfollow") : t("users.follow.follow")}
            </button>
          )}
          <BlockCookButton
            username={profile.username}
            blocked={profile.is_blocked}
            className="btn btn-outline"
          />
          <ReportButton
            target={{ username: profile.username }}
            title={t("users.profile.reportLabel", { name: profile.username })}
            label={t("users.profile.reportLabel", { name: profile.username })}
            className="btn btn-outline"
          />
        </div>
      )}
      {error && (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      )}
    </header>
  );
}
