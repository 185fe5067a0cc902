/** Query keys of the ingredients reference data. */
export const ingredientKeys = {
  all: ["ingredients"] as const,
  units: () => [...ingredientKeys.all, "units"] as const,
};
