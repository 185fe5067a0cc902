import type { GroceryListSummary } from "@potluck/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { groceryKeys } from "./keys";

export const getGroceryLists = () => api<GroceryListSummary[]>("/api/groceries/lists/");

/**
 * The user's own lists and those shared with them, newest first. A failure is logged (spec §8)
 * and then shown with Retry by the picker: an empty picker would read as "no lists yet".
 */
export const groceryListsQuery = queryOptions({
  queryKey: groceryKeys.lists(),
  queryFn: () =>
    getGroceryLists().catch((error: unknown) => {
      console.error("Failed to load grocery lists", error);
      throw error;
    }),
});

export const useGroceryLists = () => useQuery(groceryListsQuery);
