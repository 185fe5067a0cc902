import type { Preferences, UnitsPreference } from "@potluck/contract";
// The units module alone: the contract's index would bring zod into every page that shows a quantity.
import { type IngredientLineText, type RecipeLine, recipeLineText } from "@potluck/contract/units";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "./api-client";
import { useSession } from "./session";

export const preferencesQuery = queryOptions({
  queryKey: ["users", "me", "preferences"],
  queryFn: () => api<Preferences>("/api/users/me/preferences/"),
  staleTime: 5 * 60_000,
});

/**
 * The signed-in cook's units (metric, US or as written), the one query every page that shows
 * quantities reads; visitors, and a cook whose preference has not loaded, see them as written.
 */
export function useUnitsPreference(): UnitsPreference {
  const { authenticated } = useSession();
  const preferences = useQuery({ ...preferencesQuery, enabled: authenticated });
  return authenticated ? (preferences.data?.units ?? "as_written") : "as_written";
}

/**
 * "1.5 kg All-purpose flour", "2 eggs", "½ tsp Salt", "a handful of fresh herbs": a recipe's
 * ingredient row as the cook reads it for `guests`, in their units (stored data is never
 * converted). The one rule is in the contract (recipeLineText).
 */
export function lineText(
  line: RecipeLine,
  guests: number,
  servings: number,
  units: UnitsPreference,
): IngredientLineText {
  return recipeLineText(line, guests, servings, units);
}
