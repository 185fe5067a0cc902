import type { FeedItem, Paginated } from "@potluck/contract";
import { type InfiniteData, infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { queryClient } from "../../../lib/query-client";
import { feedKeys } from "./keys";

/** Recipe edits are noise in the feed: asked away from the server and dropped on every page. */
export const HIDDEN_EVENT_TYPES = ["update_recipe"];
export const FEED_URL = `/api/feed/items/?exclude_event_types=${HIDDEN_EVENT_TYPES.join(",")}`;

export type FeedPage = Paginated<FeedItem>;
export type FeedData = InfiniteData<FeedPage, string>;

export const feedQuery = infiniteQueryOptions({
  queryKey: feedKeys.items(),
  queryFn: ({ pageParam, signal }) => api<FeedPage>(pageParam, { signal }),
  initialPageParam: FEED_URL,
  // Later pages follow the server's absolute `next` URL as it is.
  getNextPageParam: (lastPage) => lastPage.next ?? undefined,
});

const withoutHiddenTypes = (data: FeedData): FeedData => ({
  ...data,
  pages: data.pages.map((page) => ({
    ...page,
    results: page.results.filter((item) => !HIDDEN_EVENT_TYPES.includes(item.event_type)),
  })),
});

export const useFeed = () => useInfiniteQuery({ ...feedQuery, select: withoutHiddenTypes });

/** Changes one item wherever it is in the loaded pages (optimistic likes and comment counts). */
export function updateFeedItem(itemId: number, change: (item: FeedItem) => FeedItem): void {
  queryClient.setQueriesData<FeedData>({ queryKey: feedKeys.items() }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            results: page.results.map((item) => (item.id === itemId ? change(item) : item)),
          })),
        }
      : data,
  );
}

export const changeCommentCount = (itemId: number, delta: number) =>
  updateFeedItem(itemId, (item) => ({
    ...item,
    comment_count: Math.max(0, item.comment_count + delta),
  }));
