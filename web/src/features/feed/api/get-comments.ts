import type { FeedComment } from "@potluck/contract";
import { queryOptions, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { olderPages } from "../../../lib/api-client";
import { queryClient } from "../../../lib/query-client";
import { withPendingComments } from "../comment-merge";
import { feedKeys } from "./keys";

/** The newest comments, oldest first; remembers where the earlier ones start. */
export async function getComments(itemId: number, signal?: AbortSignal) {
  const page = await olderPages<FeedComment>(`/api/feed/items/${itemId}/comments/`, { signal });
  queryClient.setQueryData(feedKeys.earlierStart(itemId), page.older);
  return page.items;
}

/**
 * The comments before the newest, a page at a time from the newest of them back; asked for
 * only once "Show earlier comments" is pressed.
 */
export const useEarlierComments = (itemId: number, start: string | null, enabled: boolean) =>
  useInfiniteQuery({
    queryKey: feedKeys.earlier(itemId),
    queryFn: ({ pageParam, signal }) => olderPages<FeedComment>(pageParam, { signal }),
    initialPageParam: start ?? "",
    getNextPageParam: (page) => page.older ?? undefined,
    enabled: enabled && start !== null,
  });

/** Where the comments before the newest start; null when there are none. */
export const useEarlierStart = (itemId: number) =>
  useQuery({
    queryKey: feedKeys.earlierStart(itemId),
    queryFn: () => null as string | null,
    enabled: false,
    initialData: null,
  }).data;

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
