import type { CookProfile } from "@potluck/contract";
import { useState } from "react";
import { BlockCookButton } from "../../../components/block-cook-button";
import { ReportButton } from "../../../components/report-button";
import { reasonOf } from "../../../lib/api-client";
import { useFollowUser } from "../api/follow-user";

const counted = (count: number, one: string, many: string) =>
  `${count} ${count === 1 ? one : many}`;

/**
 * A cook's name, counts, Follow / Unfollow and Block / Unblock (none on one's own profile; no
 * Follow while blocked). The counts are of
 * what the viewer may see: their recipes count only those the viewer may open.
 */
export function CookProfileHeader({ profile }: { profile: CookProfile }) {
  const follow = useFollowUser();
  const [error, setError] = useState<string | null>(null);
  const verb = profile.is_followed ? "Unfollow" : "Follow";
  const onClick = () => {
    setError(null);
    follow.mutate(
      { userId: profile.id, follow: !profile.is_followed },
      {
        onError: (failure) =>
          setError(`Could not ${verb.toLowerCase()} ${profile.username}. ${reasonOf(failure)}`),
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
          <li>{counted(profile.recipe_count, "recipe", "recipes")}</li>
          <li>{counted(profile.follower_count, "follower", "followers")}</li>
          <li>{profile.following_count} following</li>
        </ul>
      </div>
      {!profile.can_block ? (
        <p className="muted">This is you.</p>
      ) : (
        <div className="cook-profile-actions">
          {profile.is_blocked ? (
            <p className="muted cook-profile-blocked">You blocked {profile.username}.</p>
          ) : (
            <button
              type="button"
              className={profile.is_followed ? "btn btn-outline" : "btn btn-primary"}
              onClick={onClick}
              disabled={follow.isPending}
              aria-label={`${verb} ${profile.username}`}
            >
              {verb}
            </button>
          )}
          <BlockCookButton
            username={profile.username}
            blocked={profile.is_blocked}
            className="btn btn-outline"
          />
          <ReportButton
            target={{ username: profile.username }}
            what={profile.username}
            label={`Report ${profile.username}`}
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
