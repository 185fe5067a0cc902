import type { CommentBody, FeedComment } from "@potluck/contract";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { queryClient } from "../../../lib/query-client";
import { withSavedComment } from "../comment-merge";
import { setComments } from "./get-comments";
import { changeCommentCount } from "./get-feed";
import { feedKeys } from "./keys";

export const createComment = (itemId: number, text: string) =>
  api<FeedComment>(`/api/feed/items/${itemId}/comments/`, {
    method: "POST",
    json: { text } satisfies CommentBody,
  });

let temporaryId = 0;
/** Shown until the server answers; a negative id marks it as not saved yet. */
const pendingComment = (text: string, username: string): FeedComment => ({
  id: --temporaryId,
  text,
  user_username: username,
  created_at: new Date().toISOString(),
  can_edit: true,
  can_report: false,
});

/**
 * Adds the comment on screen at once; replaced by the saved one, or taken away on failure.
 * Posted before the comments have loaded, it is merged into them when they arrive rather than
 * replacing them, and the list is read again once it is saved.
 */
export const useCreateComment = (itemId: number, username: string) =>
  useMutation({
    mutationFn: (text: string) => createComment(itemId, text),
    onMutate: async (text) => {
      const loaded = queryClient.getQueryData(feedKeys.comments(itemId)) !== undefined;
      // A refresh of loaded comments would drop the pending one; the first load keeps it.
      if (loaded) await queryClient.cancelQueries({ queryKey: feedKeys.comments(itemId) });
      const pending = pendingComment(text, username);
      setComments(itemId, (comments) => [...comments, pending]);
      changeCommentCount(itemId, 1);
      return { pendingId: pending.id, loaded };
    },
    onSuccess: (saved, _text, context) => {
      setComments(itemId, (comments) => withSavedComment(comments, context.pendingId, saved));
      // The first load may have been read before this comment was saved: read them again.
      if (!context.loaded)
        void queryClient.invalidateQueries({ queryKey: feedKeys.comments(itemId) });
    },
    onError: (_error, _text, context) => {
      if (!context) return;
      setComments(itemId, (comments) => comments.filter((c) => c.id !== context.pendingId));
      changeCommentCount(itemId, -1);
    },
  });
