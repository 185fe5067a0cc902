/** Query keys of bulk import: every fetcher and invalidation goes through these. */
export const importKeys = {
  all: ["imports"] as const,
  list: () => [...importKeys.all, "list"] as const,
  detail: (id: number) => [...importKeys.all, "detail", id] as const,
};
