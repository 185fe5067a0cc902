import type { Paginated, UserSummary } from "@potluck/contract";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { USERS_KEY } from "../../../lib/user-search";

export const followersQuery = infiniteQueryOptions({
  queryKey: [...USERS_KEY, "followers"],
  queryFn: ({ pageParam, signal }) => api<Paginated<UserSummary>>(pageParam, { signal }),
  initialPageParam: "/api/users/followers/",
  getNextPageParam: (lastPage) => lastPage.next ?? undefined,
});

/** People who follow me, by name. */
export const useFollowers = () => useInfiniteQuery(followersQuery);
