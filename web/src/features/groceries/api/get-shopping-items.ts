import type { ShoppingItem } from "@potluck/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { groceryKeys } from "./keys";

export const getShoppingItems = (listId: number) =>
  api<ShoppingItem[]>(`/api/groceries/items/?grocery_list=${listId}`);

/** The derived shopping list, ordered by ingredient name. */
export const shoppingItemsQuery = (listId: number) =>
  queryOptions({ queryKey: groceryKeys.items(listId), queryFn: () => getShoppingItems(listId) });

export const useShoppingItems = (listId: number) => useQuery(shoppingItemsQuery(listId));
