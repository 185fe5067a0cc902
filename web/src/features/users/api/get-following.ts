import type { Paginated, UserSummary } from "@potluck/contract";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { USERS_KEY } from "../../../lib/user-search";

export const followingQuery = infiniteQueryOptions({
  queryKey: [...USERS_KEY, "following"],
  queryFn: ({ pageParam, signal }) => api<Paginated<UserSummary>>(pageParam, { signal }),
  initialPageParam: "/api/users/following/",
  getNextPageParam: (lastPage) => lastPage.next ?? undefined,
});

/** People I follow, by name. */
export const useFollowing = () => useInfiniteQuery(followingQuery);
