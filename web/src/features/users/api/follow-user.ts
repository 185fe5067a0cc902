import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { queryClient } from "../../../lib/query-client";
import { authStatusQuery } from "../../../lib/session";
import { userKeys } from "../../../lib/user-keys";

export const followUser = (userId: number) =>
  api<{ detail: string }>(`/api/users/${userId}/follow/`, { method: "POST" });

export const unfollowUser = (userId: number) =>
  api<void>(`/api/users/${userId}/follow/`, { method: "DELETE" });

/**
 * Who I follow changes my counts (in the session), the follow lists and the suggestions: all
 * are refreshed without a reload. (The feed page refreshes its own items: see FollowUsers.)
 */
export async function refreshAfterFollowChange(): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: authStatusQuery.queryKey }),
    queryClient.invalidateQueries({ queryKey: userKeys.all }),
  ]);
}

export const useFollowUser = () =>
  useMutation({
    mutationFn: async ({ userId, follow }: { userId: number; follow: boolean }) => {
      await (follow ? followUser(userId) : unfollowUser(userId));
    },
    onSuccess: refreshAfterFollowChange,
  });
