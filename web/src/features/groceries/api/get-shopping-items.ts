import type { ShoppingItem } from "@potluck/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { groceryKeys } from "./keys";
import { withQueuedTicks } from "./tick-queue";

export const getShoppingItems = (listId: number) =>
  api<ShoppingItem[]>(`/api/groceries/items/?grocery_list=${listId}`);

/** The derived shopping list, ordered by ingredient name, with the ticks not yet sent applied. */
export const shoppingItemsQuery = (listId: number) =>
  queryOptions({
    queryKey: groceryKeys.items(listId),
    queryFn: async () => withQueuedTicks(listId, await getShoppingItems(listId)),
  });

export const useShoppingItems = (listId: number) => useQuery(shoppingItemsQuery(listId));

/**
 * Whether the list's lines are on screen (or failed, or there is no list): until then the
 * shopping list holds the screen, and the cards below it are not yet where they will be.
 */
export function useShoppingLinesSettled(listId: number | null): boolean {
  const items = useQuery({ ...shoppingItemsQuery(listId ?? 0), enabled: listId !== null });
  return listId === null || !items.isPending;
}
