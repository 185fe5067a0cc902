import type { CookToFollow } from "@potluck/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/**
 * Outside `userKeys.all` on purpose: a follow refreshes the users queries, and a cook just
 * followed from this list should stay on it (with Unfollow) instead of vanishing under the
 * pointer. The list is asked for again when the page is opened again.
 */
export const cooksToFollowQuery = (limit: number) =>
  queryOptions({
    queryKey: ["cooks-to-follow", limit] as const,
    queryFn: ({ signal }) =>
      api<CookToFollow[]>(`/api/users/cooks-to-follow/?limit=${limit}`, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });

/** The most followed cooks I don't follow yet, each with their latest recipe. */
export const useCooksToFollow = (limit = 5) => useQuery(cooksToFollowQuery(limit));
