import { useCallback, useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { ErrorBox, Loading } from "../../components/status";
import { useFeed } from "../../features/feed/api/get-feed";
import { feedKeys } from "../../features/feed/api/keys";
import { FeedCard } from "../../features/feed/components/feed-card";
import { followerText } from "../../features/feed/format";
import { parseId } from "../../features/recipes/format";
import { CooksToFollow } from "../../features/users/components/cooks-to-follow";
import { ManageFollowingModal } from "../../features/users/components/manage-following-modal";
import { reasonOf } from "../../lib/api-client";
import { t } from "../../lib/i18n";
import { queryClient } from "../../lib/query-client";
import { useSession } from "../../lib/session";
import { useDocumentTitle } from "../../lib/use-document-title";
import { useLoadMoreOnScroll } from "../../lib/use-infinite-scroll";

/** How many pages of the feed are loaded to find the item a link asks for. */
const WANTED_ITEM_PAGES = 5;

export default function FeedPage() {
  useDocumentTitle(t("app.feed.title"));
  const { user, csrfToken } = useSession();
  const [managing, setManaging] = useState(false);
  // Once the feed was seen empty, the way out (a first recipe, cooks to follow) stays on the
  // page: following someone fills the feed, and the list should not vanish under the pointer.
  const [wasEmpty, setWasEmpty] = useState(false);
  const onEmpty = useCallback(() => setWasEmpty(true), []);
  // Following someone new changes what the feed shows.
  const refreshFeed = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: feedKeys.items() }),
    [],
  );

  return (
    <section className="page feed-page">
      <div className="page-header">
        <h1>{t("app.feed.heading")}</h1>
        <button type="button" className="btn btn-outline" onClick={() => setManaging(true)}>
          {t("app.feed.manageFollowing")}
        </button>
      </div>
      {user && (
        <p className="feed-counts">
          <span>{followerText(user.follower_count)}</span>
          <span aria-hidden="true">·</span>
          <span>{t("app.feed.following", { count: user.following_count })}</span>
        </p>
      )}
      <FeedList username={user?.username} csrfToken={csrfToken} onEmpty={onEmpty} />
      {wasEmpty && (
        <div className="feed-start">
          <Link to="/recipes/new" className="btn btn-primary">
            {t("app.feed.firstRecipe")}
          </Link>
          <CooksToFollow onFollowChange={refreshFeed} />
        </div>
      )}
      {managing && (
        <ManageFollowingModal onClose={() => setManaging(false)} onFollowChange={refreshFeed} />
      )}
    </section>
  );
}

function FeedList({
  username,
  csrfToken,
  onEmpty,
}: {
  username: string | undefined;
  csrfToken: string | null;
  onEmpty: () => void;
}) {
  const feed = useFeed();
  const { data, error, isPending, isFetchNextPageError, hasNextPage, isFetchingNextPage } = feed;
  const loadMore = useLoadMoreOnScroll(feed);
  const empty = data !== undefined && !hasNextPage && data.pages.every((p) => !p.results.length);
  useEffect(() => {
    if (empty) onEmpty();
  }, [empty, onEmpty]);
  // `/?item=`: a notification's link to an item, opened with its comments where it is. It is
  // looked for a few pages down; older than that, the cook is told rather than scrolled forever.
  const [params] = useSearchParams();
  const wantedId = parseId(params.get("item") ?? undefined);
  const wantedShown =
    wantedId !== null &&
    !!data?.pages.some((page) => page.results.some((item) => item.id === wantedId));
  const lookFurther =
    wantedId !== null &&
    !wantedShown &&
    !!hasNextPage &&
    (data?.pages.length ?? 0) < WANTED_ITEM_PAGES;
  useEffect(() => {
    if (lookFurther && !isFetchingNextPage && !isFetchNextPageError) loadMore();
  }, [lookFurther, isFetchingNextPage, isFetchNextPageError, loadMore]);
  const wantedMissing = wantedId !== null && data !== undefined && !wantedShown && !lookFurther;

  if (isPending) return <Loading />;
  if (error && !data) {
    return (
      <ErrorBox>
        <p>{t("app.feed.loadFailed")}</p>
        <p>{reasonOf(error)}</p>
      </ErrorBox>
    );
  }
  const items = data?.pages.flatMap((page) => page.results) ?? [];
  return (
    <>
      {wantedMissing && (
        <p className="status-text" role="status">
          {t("app.feed.itemMissing")}
        </p>
      )}
      {items.length === 0 && !hasNextPage ? (
        <p className="empty-state">{t("app.feed.empty")}</p>
      ) : (
        <ul className="feed-list">
          {items.map((item) => (
            <li key={item.id}>
              <FeedCard
                item={item}
                username={username}
                csrfToken={csrfToken}
                opened={item.id === wantedId}
              />
            </li>
          ))}
        </ul>
      )}
      {isFetchingNextPage && <Loading text={t("app.feed.loadingMore")} />}
      {isFetchNextPageError && (
        <ErrorBox>
          <p>{t("app.feed.loadMoreFailed")}</p>
          <p>{reasonOf(error)}</p>
          <button type="button" className="btn btn-secondary btn-small" onClick={loadMore}>
            {t("app.feed.tryAgain")}
          </button>
        </ErrorBox>
      )}
    </>
  );
}
