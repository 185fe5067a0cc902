import type { Paginated, UserSummary } from "@potluck/contract";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { userKeys } from "../../../lib/user-keys";

export const followingQuery = infiniteQueryOptions({
  queryKey: userKeys.following(),
  queryFn: ({ pageParam, signal }) => api<Paginated<UserSummary>>(pageParam, { signal }),
  initialPageParam: "/api/users/following/",
  getNextPageParam: (lastPage) => lastPage.next ?? undefined,
});

/** People I follow, by name. */
export const useFollowing = () => useInfiniteQuery(followingQuery);
