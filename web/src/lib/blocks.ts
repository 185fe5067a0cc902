import type { BlockedCook } from "@potluck/contract";
import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { api } from "./api-client";
import { queryClient } from "./query-client";
import { userKeys } from "./user-keys";

// Blocking (decision 0032). In lib, not in the users feature: a cook is blocked from their
// profile and the follow dialog (users), from their comments (feed), and unblocked in Settings.

const blockUrl = (username: string) => `/api/users/${encodeURIComponent(username)}/block/`;

export const blockCook = (username: string) => api<void>(blockUrl(username), { method: "POST" });

export const unblockCook = (username: string) =>
  api<void>(blockUrl(username), { method: "DELETE" });

export const blockedCooksQuery = queryOptions({
  queryKey: userKeys.blocked(),
  queryFn: ({ signal }) => api<BlockedCook[]>("/api/users/me/blocked/", { signal }),
});

/** The cooks I blocked, by name. */
export const useBlockedCooks = () => useQuery(blockedCooksQuery);

/**
 * Block or unblock a cook. A block changes much of what the app shows (the follows between
 * the two end; their comments, reviews and items leave the feed, the profile, the follow
 * lists), so every query is refreshed: those on screen now, the others when next shown.
 */
export const useBlockCook = () =>
  useMutation({
    mutationFn: ({ username, block }: { username: string; block: boolean }) =>
      block ? blockCook(username) : unblockCook(username),
    onSuccess: () => queryClient.invalidateQueries(),
  });
