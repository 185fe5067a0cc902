/** Query keys of the feed feature: every fetcher and invalidation goes through these. */
export const feedKeys = {
  /** Everything of the feed: its items and their comments. */
  all: ["feed"] as const,
  items: () => [...feedKeys.all, "items"] as const,
  comments: (itemId: number) => [...feedKeys.all, "comments", itemId] as const,
  /** Where the comments before the newest 100 start: the first answer's Link header. */
  earlierStart: (itemId: number) => [...feedKeys.all, "earlier-start", itemId] as const,
  /** The comments before the newest 100, a page at a time ("Show earlier comments"). */
  earlier: (itemId: number) => [...feedKeys.all, "earlier", itemId] as const,
};
