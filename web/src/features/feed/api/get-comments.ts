import type { FeedComment } from "@potluck/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { queryClient } from "../../../lib/query-client";
import { withPendingComments } from "../comment-merge";
import { feedKeys } from "./keys";

export const getComments = (itemId: number, signal?: AbortSignal) =>
  api<FeedComment[]>(`/api/feed/items/${itemId}/comments/`, { signal });

export const commentsQuery = (itemId: number) =>
  queryOptions({
    queryKey: feedKeys.comments(itemId),
    // A comment posted while this loads stays on screen (see useCreateComment).
    queryFn: async ({ signal }) =>
      withPendingComments(
        await getComments(itemId, signal),
        queryClient.getQueryData<FeedComment[]>(feedKeys.comments(itemId)),
      ),
  });

/** Comments of one item, oldest first; loaded only once the item's comments are opened. */
export const useComments = (itemId: number, enabled: boolean) =>
  useQuery({ ...commentsQuery(itemId), enabled });

/** Changes the cached comments of an item (the optimistic writes). */
export const setComments = (itemId: number, change: (comments: FeedComment[]) => FeedComment[]) =>
  queryClient.setQueryData<FeedComment[]>(feedKeys.comments(itemId), (comments) =>
    change(comments ?? []),
  );
