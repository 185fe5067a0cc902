/** Query keys of the feed feature: every fetcher and invalidation goes through these. */
export const feedKeys = {
  /** Everything of the feed: its items and their comments. */
  all: ["feed"] as const,
  items: () => [...feedKeys.all, "items"] as const,
  comments: (itemId: number) => [...feedKeys.all, "comments", itemId] as const,
};
