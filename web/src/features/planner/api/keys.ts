/**
 * Query keys of the planner feature: every fetcher and invalidation goes through these. A
 * planner is named by its owner's username; "" is the signed-in cook's own.
 */
export const plannerKeys = {
  all: ["planner"] as const,
  /** Every week of one planner: what a change of its entries makes stale. */
  entriesOf: (owner: string) => [...plannerKeys.all, "entries", owner] as const,
  entries: (owner: string, start: string, end: string) =>
    [...plannerKeys.entriesOf(owner), start, end] as const,
  members: () => [...plannerKeys.all, "members"] as const,
  shared: () => [...plannerKeys.all, "shared"] as const,
};

/** The `planner` parameter of a call: none for my own planner. */
export const plannerParam = (owner: string) => (owner ? { planner: owner } : {});
