import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { queryClient } from "../../../lib/query-client";
import { updateFeedItem } from "./get-feed";
import { feedKeys } from "./keys";

interface LikeState {
  like_count: number;
  is_liked_by_user: boolean;
}

export const likeItem = (itemId: number) =>
  api<LikeState>(`/api/feed/items/${itemId}/like/`, { method: "POST" });

export const unlikeItem = (itemId: number) =>
  api<undefined>(`/api/feed/items/${itemId}/like/`, { method: "DELETE" });

const applyLike = (itemId: number, liked: boolean) =>
  updateFeedItem(itemId, (item) =>
    item.is_liked_by_user === liked
      ? item
      : {
          ...item,
          is_liked_by_user: liked,
          like_count: Math.max(0, item.like_count + (liked ? 1 : -1)),
        },
  );

/** Like or unlike at once on screen; put back as it was when the server says no. */
export const useToggleLike = (itemId: number) =>
  useMutation({
    mutationFn: async (like: boolean): Promise<LikeState | undefined> =>
      like ? likeItem(itemId) : unlikeItem(itemId),
    onMutate: async (like) => {
      await queryClient.cancelQueries({ queryKey: feedKeys.items() });
      applyLike(itemId, like);
    },
    onError: (_error, like) => applyLike(itemId, !like),
    onSuccess: (state) => {
      // The server's count also includes likes that arrived since the page was loaded.
      if (state) updateFeedItem(itemId, (item) => ({ ...item, like_count: state.like_count }));
    },
  });
