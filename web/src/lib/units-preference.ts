import type { Preferences, UnitsPreference } from "@potluck/contract";
// The units module alone: the contract's index would bring zod into every page that shows a quantity.
import { displayQuantity } from "@potluck/contract/units";
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

/** "1.5 kg": a quantity with its unit as the cook reads them (stored data is never converted). */
export function amountText(quantity: number, unitName: string, units: UnitsPreference): string {
  const shown = displayQuantity(quantity, unitName, units);
  // No trailing zeros (2.5, not 2.50); displayQuantity has already rounded to 2 decimals.
  return `${Number(shown.quantity.toFixed(2))} ${shown.unit}`;
}
