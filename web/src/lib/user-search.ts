import type { Paginated, UserSearchPurpose, UserSummary } from "@potluck/contract";
import { queryOptions } from "@tanstack/react-query";
import { api } from "./api-client";
import { queryClient } from "./query-client";
import { userKeys } from "./user-keys";

const searchUsersUrl = (query: string, purpose: UserSearchPurpose) =>
  `/api/users/search/?query=${encodeURIComponent(query.trim())}${
    purpose === "share" ? "&purpose=share" : ""
  }`;

export const searchUsersQuery = (query: string, purpose: UserSearchPurpose = "follow") =>
  queryOptions({
    queryKey: userKeys.search(query.trim(), purpose),
    queryFn: ({ signal }) =>
      api<Paginated<UserSummary>>(searchUsersUrl(query, purpose), { signal }),
    staleTime: 0,
  });

/**
 * Options for the user picker: matching usernames, or suggestions when nothing is typed (to
 * follow: people I don't follow yet; to share with: the cooks I follow and share with).
 * A failed load gives no options (the picker then says 'No options').
 */
export async function loadUserOptions(
  query: string,
  purpose: UserSearchPurpose = "follow",
): Promise<UserSummary[]> {
  try {
    return (await queryClient.fetchQuery(searchUsersQuery(query, purpose))).results;
  } catch {
    return [];
  }
}

/** loadUserOptions for the Share dialogs. */
export const loadShareOptions = (query: string) => loadUserOptions(query, "share");
