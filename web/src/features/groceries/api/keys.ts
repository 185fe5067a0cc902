/** Query keys of the groceries feature: every fetcher and invalidation goes through these. */
export const groceryKeys = {
  all: ["groceries"] as const,
  lists: () => [...groceryKeys.all, "lists"] as const,
  list: (id: number) => [...groceryKeys.all, "list", id] as const,
  /** Every list's items: what a change to the cook's aisles or staples reorders. */
  allItems: () => [...groceryKeys.all, "items"] as const,
  items: (listId: number) => [...groceryKeys.allItems(), listId] as const,
  aisles: () => [...groceryKeys.all, "aisles"] as const,
  plannedRecipes: (listId: number) => [...groceryKeys.all, "planned-recipes", listId] as const,
  plannedExtras: (listId: number) => [...groceryKeys.all, "planned-extras", listId] as const,
  members: (listId: number) => [...groceryKeys.all, "members", listId] as const,
};
