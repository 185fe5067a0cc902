import type { CommentBody, FeedComment } from "@potluck/contract";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { queryClient } from "../../../lib/query-client";
import { setComments } from "./get-comments";
import { feedKeys } from "./keys";

export const updateComment = (commentId: number, text: string) =>
  api<FeedComment>(`/api/feed/comments/${commentId}/`, {
    method: "PATCH",
    json: { text } satisfies CommentBody,
  });

const replace = (itemId: number, commentId: number, change: (c: FeedComment) => FeedComment) =>
  setComments(itemId, (comments) =>
    comments.map((comment) => (comment.id === commentId ? change(comment) : comment)),
  );

/** Shows the new text at once; the server's version replaces it, the old text comes back on failure. */
export const useUpdateComment = (itemId: number) =>
  useMutation({
    mutationFn: ({ commentId, text }: { commentId: number; text: string; previous: string }) =>
      updateComment(commentId, text),
    onMutate: async ({ commentId, text }) => {
      await queryClient.cancelQueries({ queryKey: feedKeys.comments(itemId) });
      replace(itemId, commentId, (comment) => ({ ...comment, text }));
    },
    onSuccess: (saved) => replace(itemId, saved.id, () => saved),
    onError: (_error, { commentId, previous }) =>
      replace(itemId, commentId, (comment) => ({ ...comment, text: previous })),
  });
