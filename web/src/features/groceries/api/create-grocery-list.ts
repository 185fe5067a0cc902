import type { GroceryListCreated, GroceryListSummary } from "@potluck/contract";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { queryClient } from "../../../lib/query-client";
import { groceryListsQuery } from "./get-grocery-lists";

/** The spec's call: a form body with `name`. */
export const createGroceryList = (name: string) =>
  api<GroceryListCreated>("/api/groceries/lists/", {
    method: "POST",
    body: new URLSearchParams({ name }),
  });

export function useCreateGroceryList() {
  return useMutation({
    mutationFn: createGroceryList,
    onSuccess: async (created) => {
      // The new list is in the picker at once; the refetch then brings its timestamps.
      const now = new Date().toISOString();
      queryClient.setQueryData<GroceryListSummary[]>(groceryListsQuery.queryKey, (lists) => [
        { ...created, created_at: now, updated_at: now },
        ...(lists ?? []).filter((list) => list.id !== created.id),
      ]);
      await queryClient.invalidateQueries({ queryKey: groceryListsQuery.queryKey });
    },
  });
}
