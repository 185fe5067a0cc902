import type { GroceryListSummary } from "@potluck/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { groceryKeys } from "./keys";

export const getGroceryLists = () => api<GroceryListSummary[]>("/api/groceries/lists/");

/** The user's lists, newest first. A failure only logs (spec §8): the picker is then empty. */
export const groceryListsQuery = queryOptions({
  queryKey: groceryKeys.lists(),
  queryFn: () =>
    getGroceryLists().catch((error: unknown): GroceryListSummary[] => {
      console.error("Failed to load grocery lists", error);
      return [];
    }),
});

export const useGroceryLists = () => useQuery(groceryListsQuery);
