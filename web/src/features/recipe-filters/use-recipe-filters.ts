import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";
import { parseFilters, type RecipeFilters, withFilters } from "./filters";

/**
 * The page's filters, read from its URL query; `setFilters` writes them back as a new history
 * entry (Back returns to the filters before), keeping the query's other parameters.
 */
export function useRecipeFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => parseFilters(params), [params]);
  const setFilters = useCallback(
    (next: RecipeFilters) =>
      setParams((current) => withFilters(current, next), { preventScrollReset: true }),
    [setParams],
  );
  return { filters, setFilters };
}
