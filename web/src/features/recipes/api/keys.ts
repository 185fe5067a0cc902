/** Query keys of the recipes feature: every fetcher and invalidation goes through these. */
export const recipeKeys = {
  /** Every recipe query (lists and details): a write invalidates it all. */
  all: ["recipes"] as const,
  lists: () => [...recipeKeys.all, "list"] as const,
  list: (filter: { mine: boolean; search: string }) => [...recipeKeys.lists(), filter] as const,
  detail: (id: number) => [...recipeKeys.all, "detail", id] as const,
};
