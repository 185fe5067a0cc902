/** Query keys of the recipes feature: every fetcher and invalidation goes through these. */
export const recipeKeys = {
  /** Every recipe query (lists and details): a write invalidates it all. */
  all: ["recipes"] as const,
  lists: () => [...recipeKeys.all, "list"] as const,
  /** One list by its first page's URL (mine, search and every filter are in it). */
  list: (url: string) => [...recipeKeys.lists(), url] as const,
  detail: (id: number) => [...recipeKeys.all, "detail", id] as const,
  /** The tags the caller may read that start with `search` (GET /api/recipes/tags/). */
  tags: (search: string) => [...recipeKeys.all, "tags", search] as const,
};
