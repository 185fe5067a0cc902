import type { UseInfiniteQueryResult } from "@tanstack/react-query";
import { useCallback, useEffect } from "react";

/** Calls `loadMore` when the page is scrolled to within 300px of its bottom. */
export const INFINITE_SCROLL_THRESHOLD_PX = 300;

export function useInfiniteScroll(loadMore: () => void, enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    const check = () => {
      const distance =
        document.documentElement.scrollHeight - (window.innerHeight + window.scrollY);
      if (distance <= INFINITE_SCROLL_THRESHOLD_PX) loadMore();
    };
    check(); // a short first page may not fill the screen: load on until it does
    window.addEventListener("scroll", check, { passive: true });
    window.addEventListener("resize", check);
    return () => {
      window.removeEventListener("scroll", check);
      window.removeEventListener("resize", check);
    };
  }, [loadMore, enabled]);
}

/**
 * Infinite scroll for a TanStack infinite query: fetches the next page near the bottom while
 * there is one and nothing is loading or failed. Returns `loadMore` for a "Try again" button.
 */
export function useLoadMoreOnScroll(query: UseInfiniteQueryResult): () => void {
  const { fetchNextPage, hasNextPage, isFetchingNextPage, isFetchNextPageError, isPending } = query;
  const loadMore = useCallback(() => void fetchNextPage({ cancelRefetch: false }), [fetchNextPage]);
  useInfiniteScroll(
    loadMore,
    !!hasNextPage && !isFetchingNextPage && !isFetchNextPageError && !isPending,
  );
  return loadMore;
}
