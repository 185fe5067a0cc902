import type { RecipeListItem, RecipeListResponse } from "@potluck/contract";
import type { InfiniteData, UseInfiniteQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { ErrorBox, Loading } from "../../../components/status";
import { reasonOf } from "../../../lib/api-client";
import { t } from "../../../lib/i18n";
import { useLoadMoreOnScroll } from "../../../lib/use-infinite-scroll";

/**
 * A paged list of recipes as a 1/2/3-column grid that loads the next page near the bottom,
 * with the spec's loading, empty and failure texts.
 */
export function RecipeGrid({
  query,
  emptyText,
  empty,
  renderCard,
}: {
  query: UseInfiniteQueryResult<InfiniteData<RecipeListResponse>>;
  emptyText: string;
  /** Shown instead of `emptyText` when given (a filtered list says what to loosen). */
  empty?: ReactNode;
  /** `index`: the card's place in the grid (the first one's picture is fetched first). */
  renderCard: (recipe: RecipeListItem, index: number) => ReactNode;
}) {
  const { data, error, isPending, isFetchNextPageError, isFetchingNextPage } = query;
  const loadMore = useLoadMoreOnScroll(query);

  if (isPending) return <LoadingGrid />;
  if (error && !data) {
    return (
      <ErrorBox>
        <p>{t("recipes.grid.loadFailed")}</p>
        <p>{reasonOf(error)}</p>
      </ErrorBox>
    );
  }
  const recipes = data?.pages.flatMap((page) => page.results) ?? [];
  return (
    <>
      {recipes.length === 0 ? (
        (empty ?? <p className="empty-state">{emptyText}</p>)
      ) : (
        <ul className="card-grid recipe-grid">
          {recipes.map((recipe, index) => (
            <li key={recipe.id}>{renderCard(recipe, index)}</li>
          ))}
        </ul>
      )}
      {isFetchingNextPage && <Loading text={t("recipes.grid.loadingMore")} />}
      {isFetchNextPageError && (
        <ErrorBox>
          <p>{t("recipes.grid.loadMoreFailed")}</p>
          <p>{reasonOf(error)}</p>
          <button type="button" className="btn btn-secondary btn-small" onClick={loadMore}>
            {t("recipes.grid.tryAgain")}
          </button>
        </ErrorBox>
      )}
    </>
  );
}

/**
 * Card-shaped placeholders while the first page loads: they hold the grid's place, so the
 * page doesn't jump (and the footer doesn't flash into view) when the cards arrive.
 */
function LoadingGrid() {
  return (
    <>
      <Loading />
      <ul className="card-grid recipe-grid" aria-hidden="true">
        {Array.from({ length: 6 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholders, never reordered
          <li key={i}>
            <div className="recipe-card recipe-card-skeleton">
              <div className="recipe-card-image" />
              <div className="recipe-card-body">
                <span className="skeleton-line" />
                <span className="skeleton-line short" />
                <span className="skeleton-line short" />
              </div>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
