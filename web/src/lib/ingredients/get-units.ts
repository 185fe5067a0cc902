import type { Unit } from "@potluck/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../api-client";
import { ingredientKeys } from "./keys";

/** Units, sorted by name on the client as the spec asks. Reference data: cached for long. */
export const unitsQuery = queryOptions({
  queryKey: ingredientKeys.units(),
  queryFn: async () => {
    const units = await api<Unit[]>("/api/ingredients/units/");
    return [...units].sort((a, b) => a.name.localeCompare(b.name));
  },
  staleTime: 3600_000,
});

export const useUnits = () => useQuery(unitsQuery);
