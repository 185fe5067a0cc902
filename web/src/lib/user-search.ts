import type { Paginated, UserSummary } from "@potluck/contract";
import { queryOptions } from "@tanstack/react-query";
import { api } from "./api-client";
import { queryClient } from "./query-client";
import { userKeys } from "./user-keys";

const searchUsersUrl = (query: string) =>
  `/api/users/search/?query=${encodeURIComponent(query.trim())}`;

export const searchUsersQuery = (query: string) =>
  queryOptions({
    queryKey: userKeys.search(query.trim()),
    queryFn: ({ signal }) => api<Paginated<UserSummary>>(searchUsersUrl(query), { signal }),
    staleTime: 0,
  });

/**
 * Options for the user picker: matching usernames, or suggestions when nothing is typed.
 * A failed load gives no options (the picker then says 'No options').
 */
export async function loadUserOptions(query: string): Promise<UserSummary[]> {
  try {
    return (await queryClient.fetchQuery(searchUsersQuery(query))).results;
  } catch {
    return [];
  }
}
