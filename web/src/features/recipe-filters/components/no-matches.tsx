import { deferred } from "../../../components/deferred";
import { activeCount, type RecipeFilters } from "../filters";

/**
 * An empty filtered list: which filters to loosen, with a button taking out each one and one
 * clearing them all. Its words and code (with the bar's food filters, food-filters.tsx) are
 * fetched after the page is usable (every page's first load ≤ 150 KiB), as soon as a filter is
 * on (the bar preloads it), so they are there by the time a list comes back empty.
 */
export const NoMatches = deferred(
  async () => (await import("./food-filters")).NoMatchesMessage,
  () => <div className="empty-state no-matches" />,
);

/** What a recipe grid shows when empty: NoMatches while filters are on, else its own text. */
export const noMatchesFor = (filters: RecipeFilters, onChange: (filters: RecipeFilters) => void) =>
  activeCount(filters) > 0 ? <NoMatches filters={filters} onChange={onChange} /> : undefined;
