import type { Rating } from "@potluck/contract";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { olderPages } from "../../../lib/api-client";
import { ratingKeys } from "./keys";

/** Reviews shown at first and added by each "Show more ratings". */
export const REVIEWS_PAGE_SIZE = 10;

/**
 * A recipe's ratings, newest first, a page at a time: each page names the next older one
 * (the server's Link header). The first page also holds the reader's own rating.
 */
export const recipeReviewsQuery = (recipeId: number) =>
  infiniteQueryOptions({
    queryKey: ratingKeys.reviews(recipeId),
    queryFn: ({ pageParam, signal }) => olderPages<Rating>(pageParam, { signal }),
    initialPageParam: `/api/recipes/ratings/?recipe=${recipeId}&limit=${REVIEWS_PAGE_SIZE}`,
    getNextPageParam: (page) => page.older ?? undefined,
  });

export const useRecipeReviews = (recipeId: number) =>
  useInfiniteQuery(recipeReviewsQuery(recipeId));
