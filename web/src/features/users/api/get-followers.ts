import type { Paginated, UserSummary } from "@potluck/contract";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { userKeys } from "../../../lib/user-keys";

export const followersQuery = infiniteQueryOptions({
  queryKey: userKeys.followers(),
  queryFn: ({ pageParam, signal }) => api<Paginated<UserSummary>>(pageParam, { signal }),
  initialPageParam: "/api/users/followers/",
  getNextPageParam: (lastPage) => lastPage.next ?? undefined,
});

/** People who follow me, by name. */
export const useFollowers = () => useInfiniteQuery(followersQuery);
