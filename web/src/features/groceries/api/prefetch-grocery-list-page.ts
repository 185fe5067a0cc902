import { type QueryKey, useQueryClient } from "@tanstack/react-query";
import { unitsQuery } from "../../../lib/ingredients/get-units";
import { preferencesQuery } from "../../../lib/units-preference";
import { groceryListQuery } from "./get-grocery-list";
import { groceryListsQuery } from "./get-grocery-lists";
import { plannedExtrasQuery } from "./get-planned-extras";
import { plannedRecipesQuery } from "./get-planned-recipes";
import { shoppingItemsQuery } from "./get-shopping-items";

/**
 * Starts every query of the grocery list page at once, during the page's render, instead of
 * one by one as each part mounts (no waterfall). As TanStack's usePrefetchQuery does, a query
 * already cached or in flight is left alone; the parts' own useQuery calls pick these up.
 */
export function usePrefetchGroceryListPage(listId: number | null): void {
  const client = useQueryClient();
  const missing = (key: QueryKey) => !client.getQueryState(key);
  if (missing(groceryListsQuery.queryKey)) void client.prefetchQuery(groceryListsQuery);
  if (listId === null) return;
  const list = groceryListQuery(listId);
  const items = shoppingItemsQuery(listId);
  const recipes = plannedRecipesQuery(listId);
  const extras = plannedExtrasQuery(listId);
  if (missing(list.queryKey)) void client.prefetchQuery(list);
  if (missing(items.queryKey)) void client.prefetchQuery(items);
  if (missing(recipes.queryKey)) void client.prefetchQuery(recipes);
  if (missing(extras.queryKey)) void client.prefetchQuery(extras);
  if (missing(unitsQuery.queryKey)) void client.prefetchQuery(unitsQuery);
  // How the cook reads quantities: the lines wait for it rather than change units on screen.
  if (missing(preferencesQuery.queryKey)) void client.prefetchQuery(preferencesQuery);
}
