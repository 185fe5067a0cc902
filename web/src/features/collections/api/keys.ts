/** Query keys of the collections feature: every fetcher and invalidation goes through these. */
export const collectionKeys = {
  /** Every collections query: a change to a collection or what it holds invalidates it all. */
  all: ["collections"] as const,
  lists: () => [...collectionKeys.all, "list"] as const,
};
