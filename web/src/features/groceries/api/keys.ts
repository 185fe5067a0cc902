/** Query keys of the groceries feature: every fetcher and invalidation goes through these. */
export const groceryKeys = {
  all: ["groceries"] as const,
  lists: () => [...groceryKeys.all, "lists"] as const,
  list: (id: number) => [...groceryKeys.all, "list", id] as const,
  items: (listId: number) => [...groceryKeys.all, "items", listId] as const,
  plannedRecipes: (listId: number) => [...groceryKeys.all, "planned-recipes", listId] as const,
  plannedExtras: (listId: number) => [...groceryKeys.all, "planned-extras", listId] as const,
  members: (listId: number) => [...groceryKeys.all, "members", listId] as const,
};
