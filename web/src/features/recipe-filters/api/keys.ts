/** Query keys of the recipe filters feature. */
export const recipeFilterKeys = {
  all: ["recipe-filters"] as const,
  /** `GET /api/recipes/tags/?search=`: the suggestions for a typed prefix ("" the most used). */
  tags: (search: string) => [...recipeFilterKeys.all, "tags", search] as const,
};
