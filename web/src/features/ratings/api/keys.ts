/** Query keys of the ratings feature: every fetcher and invalidation goes through these. */
export const ratingKeys = {
  all: ["ratings"] as const,
  recipe: (recipeId: number) => [...ratingKeys.all, "recipe", recipeId] as const,
  /** The Reviews section's pages: under the recipe's key, so a rating change refreshes both. */
  reviews: (recipeId: number) => [...ratingKeys.recipe(recipeId), "reviews"] as const,
};
