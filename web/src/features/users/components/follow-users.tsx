import type { Paginated, UserSummary } from "@potluck/contract";
import type { InfiniteData, UseInfiniteQueryResult } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { BlockCookButton } from "../../../components/block-cook-button";
import { cookPath } from "../../../components/cook-link";
import { Loading } from "../../../components/status";
import { UserPicker } from "../../../components/user-picker";
import { reasonOf } from "../../../lib/api-client";
import { t } from "../../../lib/i18n";
import { useFollowUser } from "../api/follow-user";
import { useFollowers } from "../api/get-followers";
import { useFollowing } from "../api/get-following";

/** "marta (Marta)": the username, and the first name when the cook gave one. */
const nameOf = (user: UserSummary) =>
  user.first_name ? `${user.username} (${user.first_name})` : user.username;

/**
 * The content of the 'Manage Following' modal: a user picker that suggests people before
 * anything is typed, Follow/Unfollow and Block/Unblock for the chosen person, and the lists of
 * my followers and of the people I follow, each with Follow/Unfollow and Block. `onFollowChange` tells the page that the set of followed people
 * changed (the feed shows different items then).
 */
export default function FollowUsers({ onFollowChange }: { onFollowChange?: () => void }) {
  const [selected, setSelected] = useState<UserSummary | null>(null);
  // A new key re-creates the picker, so its suggestions are asked for again after a change.
  const [pickerVersion, setPickerVersion] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const followers = useFollowers();
  const following = useFollowing();

  const onChanged = (user: UserSummary, nowFollowing: boolean) => {
    setError(null);
    setSelected((current) =>
      current?.id === user.id ? { ...current, is_following: nowFollowing } : current,
    );
    setPickerVersion((version) => version + 1);
    onFollowChange?.();
  };
  // A block ends the follows between the two: the lists and the feed change as for an unfollow.
  const onBlockChanged = (user: UserSummary, blocked: boolean) => {
    setError(null);
    setSelected((current) =>
      current?.id === user.id
        ? { ...current, is_blocked: blocked, is_following: blocked ? false : current.is_following }
        : current,
    );
    setPickerVersion((version) => version + 1);
    onFollowChange?.();
  };
  const onFailed = (user: UserSummary, follow: boolean, failure: unknown) => {
    const values = { name: user.username, reason: reasonOf(failure) };
    setError(
      follow ? t("users.follow.followFailed", values) : t("users.follow.unfollowFailed", values),
    );
  };

  return (
    <div className="follow-users">
      <div className="field">
        <label htmlFor="follow-users-search">{t("users.follow.findLabel")}</label>
        <UserPicker
          key={pickerVersion}
          inputId="follow-users-search"
          value={selected}
          onChange={setSelected}
          formatMenuLabel={(user) =>
            user.is_blocked
              ? t("users.follow.menuBlocked", { name: nameOf(user) })
              : user.is_following
                ? t("users.follow.menuFollowing", { name: nameOf(user) })
                : nameOf(user)
          }
        />
      </div>
      {selected && (
        <div className="follow-selected">
          <Link to={cookPath(selected.username)} className="follow-name">
            {nameOf(selected)}
          </Link>
          {!selected.is_blocked && (
            <FollowButton user={selected} onChanged={onChanged} onFailed={onFailed} />
          )}
          <BlockCookButton
            username={selected.username}
            blocked={selected.is_blocked}
            onChanged={(blocked) => onBlockChanged(selected, blocked)}
          />
        </div>
      )}
      {error && (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      )}
      <div className="follow-lists">
        <PeopleList
          headingId="people-your-followers"
          title={t("users.follow.followersHeading")}
          query={followers}
          emptyText={t("users.follow.followersEmpty")}
          onChanged={onChanged}
          onBlockChanged={onBlockChanged}
          onFailed={onFailed}
        />
        <PeopleList
          headingId="people-users-you-follow"
          title={t("users.follow.followingHeading")}
          query={following}
          emptyText={t("users.follow.followingEmpty")}
          onChanged={onChanged}
          onBlockChanged={onBlockChanged}
          onFailed={onFailed}
        />
      </div>
    </div>
  );
}

type ChangeHandlers = {
  onChanged: (user: UserSummary, nowFollowing: boolean) => void;
  onBlockChanged: (user: UserSummary, blocked: boolean) => void;
  onFailed: (user: UserSummary, follow: boolean, failure: unknown) => void;
};

function FollowButton({
  user,
  onChanged,
  onFailed,
}: { user: UserSummary } & Omit<ChangeHandlers, "onBlockChanged">) {
  const mutation = useFollowUser();
  const follow = !user.is_following;
  return (
    <button
      type="button"
      className={`btn btn-small ${follow ? "btn-primary" : "btn-secondary"}`}
      aria-label={
        follow
          ? t("users.follow.followLabel", { name: user.username })
          : t("users.follow.unfollowLabel", { name: user.username })
      }
      disabled={mutation.isPending}
      onClick={() =>
        mutation.mutate(
          { userId: user.id, follow },
          {
            onSuccess: () => onChanged(user, follow),
            onError: (failure) => onFailed(user, follow, failure),
          },
        )
      }
    >
      {follow ? t("users.follow.follow") : t("users.follow.unfollow")}
    </button>
  );
}

function PeopleList({
  headingId,
  title,
  query,
  emptyText,
  ...handlers
}: {
  /** The heading's id, the same in every language. */
  headingId: string;
  title: string;
  query: UseInfiniteQueryResult<InfiniteData<Paginated<UserSummary>>>;
  emptyText: string;
} & ChangeHandlers) {
  const people = query.data?.pages.flatMap((page) => page.results) ?? [];
  return (
    <section className="people-list" aria-labelledby={headingId}>
      <h3 id={headingId}>{title}</h3>
      {query.isPending ? (
        <Loading />
      ) : query.isError && people.length === 0 ? (
        <p className="alert alert-error" role="alert">
          {t("users.follow.listFailed", { reason: reasonOf(query.error) })}
        </p>
      ) : people.length === 0 ? (
        <p className="muted">{emptyText}</p>
      ) : (
        <ul>
          {people.map((person) => (
            <li key={person.id}>
              <Link to={cookPath(person.username)} className="follow-name">
                {nameOf(person)}
              </Link>
              <span className="people-actions">
                <FollowButton
                  user={person}
                  onChanged={handlers.onChanged}
                  onFailed={handlers.onFailed}
                />
                <BlockCookButton
                  username={person.username}
                  blocked={person.is_blocked}
                  onChanged={(blocked) => handlers.onBlockChanged(person, blocked)}
                />
              </span>
            </li>
          ))}
        </ul>
      )}
      {query.hasNextPage && (
        <button
          type="button"
          className="btn btn-secondary btn-small"
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {query.isFetchingNextPage ? t("users.follow.loadingMore") : t("users.follow.showMore")}
        </button>
      )}
    </section>
  );
}
