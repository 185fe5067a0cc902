import type { Preferences, Unit, UnitsPreference } from "@potluck/contract";
// The units module alone: the contract's index would bring zod into every page that shows a quantity.
import {
  defaultUnitsFor,
  type IngredientLineText,
  type Reader,
  type RecipeLine,
  recipeLineText,
} from "@potluck/contract/units";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "./api-client";
import { currentLanguage } from "./i18n";
import { unitsQuery } from "./ingredients/get-units";
import { queryClient } from "./query-client";
import { useSession } from "./session";

export const preferencesQuery = queryOptions({
  queryKey: ["users", "me", "preferences"],
  queryFn: () => api<Preferences>("/api/users/me/preferences/"),
  staleTime: 5 * 60_000,
});

/**
 * The signed-in cook's units (metric, US or as written), the one query every page that shows
 * quantities reads; visitors, and a cook whose preference has not loaded, see their language's
 * default (defaultUnitsFor: metric outside English, as written in it).
 */
export function useUnitsPreference(): UnitsPreference {
  const { authenticated } = useSession();
  const preferences = useQuery({ ...preferencesQuery, enabled: authenticated });
  // Outside English a line converted into another unit names it as the reader does ("EL", not
  // "tbsp"): the units, named in the reader's language, are read once (see lineReader).
  useQuery({ ...unitsQuery, enabled: currentLanguage() !== "en" });
  const fallback = defaultUnitsFor(currentLanguage());
  return authenticated ? (preferences.data?.units ?? fallback) : fallback;
}

/**
 * Who reads the lines (issue 37 §3): nobody in particular in English (the lines as they have
 * always been); else the reader's language, whose plural forms and decimal comma the contract
 * writes them with, and the units' names in it for a unit a conversion picks (once loaded).
 */
export function lineReader(): Reader | undefined {
  const language = currentLanguage();
  if (language === "en") return undefined;
  return {
    language,
    unitName: (code) =>
      queryClient.getQueryData<Unit[]>(unitsQuery.queryKey)?.find((unit) => unit.code === code),
  };
}

/**
 * "1.5 kg All-purpose flour", "2 eggs", "½ tsp Salt", "a handful of fresh herbs": a recipe's
 * ingredient row as the cook reads it for `guests`, in their units (stored data is never
 * converted) and their language ("1,5 kg Weizenmehl", "2 Eier"). The one rule is in the
 * contract (recipeLineText).
 */
export function lineText(
  line: RecipeLine,
  guests: number,
  servings: number,
  units: UnitsPreference,
): IngredientLineText {
  return recipeLineText(line, guests, servings, units, lineReader());
}
