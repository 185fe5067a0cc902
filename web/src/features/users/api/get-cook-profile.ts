import type { CookProfile } from "@potluck/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { userKeys } from "../../../lib/user-keys";

export const cookProfileQuery = (username: string) =>
  queryOptions({
    queryKey: userKeys.profile(username),
    queryFn: ({ signal }) =>
      api<CookProfile>(`/api/users/${encodeURIComponent(username)}/`, { signal }),
  });

/** A cook's profile; a follow or unfollow refreshes it (refreshAfterFollowChange). */
export const useCookProfile = (username: string) => useQuery(cookProfileQuery(username));
