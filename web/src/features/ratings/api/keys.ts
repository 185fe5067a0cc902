/** Query keys of the ratings feature: every fetcher and invalidation goes through these. */
export const ratingKeys = {
  all: ["ratings"] as const,
  recipe: (recipeId: number) => [...ratingKeys.all, "recipe", recipeId] as const,
};
