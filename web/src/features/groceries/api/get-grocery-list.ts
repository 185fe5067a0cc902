import type { GroceryListDetail } from "@potluck/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { groceryKeys } from "./keys";
import { notesSavesSettled } from "./pending-notes-saves";

export const getGroceryList = (id: number) => api<GroceryListDetail>(`/api/groceries/lists/${id}/`);

/** One list with its notes. Notes load on entering the list, so it is always refetched then. */
export const groceryListQuery = (id: number) =>
  queryOptions({
    queryKey: groceryKeys.list(id),
    queryFn: () => {
      const saving = notesSavesSettled(id);
      return saving ? saving.then(() => getGroceryList(id)) : getGroceryList(id);
    },
    staleTime: 0,
  });

export const useGroceryList = (id: number) => useQuery(groceryListQuery(id));
