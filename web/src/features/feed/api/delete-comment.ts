import type { FeedComment } from "@potluck/contract";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { queryClient } from "../../../lib/query-client";
import { setComments } from "./get-comments";
import { changeCommentCount } from "./get-feed";
import { feedKeys } from "./keys";

export const deleteComment = (commentId: number) =>
  api<void>(`/api/feed/comments/${commentId}/`, { method: "DELETE" });

/** Takes the comment away at once; puts it back where it was when the server says no. */
export const useDeleteComment = (itemId: number) =>
  useMutation({
    mutationFn: (comment: FeedComment) => deleteComment(comment.id),
    onMutate: async (comment) => {
      await queryClient.cancelQueries({ queryKey: feedKeys.comments(itemId) });
      const comments = queryClient.getQueryData<FeedComment[]>(feedKeys.comments(itemId)) ?? [];
      const index = comments.findIndex((c) => c.id === comment.id);
      setComments(itemId, (current) => current.filter((c) => c.id !== comment.id));
      changeCommentCount(itemId, -1);
      return { index };
    },
    onError: (_error, comment, context) => {
      setComments(itemId, (current) => {
        const restored = [...current];
        restored.splice(Math.max(0, context?.index ?? current.length), 0, comment);
        return restored;
      });
      changeCommentCount(itemId, 1);
    },
  });
