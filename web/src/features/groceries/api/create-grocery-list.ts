import type {
  CreateGroceryListBody,
  GroceryListCreated,
  GroceryListSummary,
} from "@potluck/contract";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { queryClient } from "../../../lib/query-client";
import { authStatusQuery } from "../../../lib/session";
import { groceryListsQuery } from "./get-grocery-lists";

/** The spec's call: a form body with `name`. */
export const createGroceryList = (name: string) =>
  api<GroceryListCreated>("/api/groceries/lists/", {
    method: "POST",
    body: new URLSearchParams({ name } satisfies CreateGroceryListBody),
  });

export function useCreateGroceryList() {
  return useMutation({
    mutationFn: createGroceryList,
    onSuccess: async (created) => {
      // The new list is in the picker at once, owned by its creator (the signed-in user); the
      // refetch then brings its timestamps.
      const status = queryClient.getQueryData(authStatusQuery.queryKey);
      if (status?.authenticated) {
        const now = new Date().toISOString();
        const mine = {
          ...created,
          owner_username: status.user.username,
          can_manage: true,
          created_at: now,
          updated_at: now,
        };
        queryClient.setQueryData<GroceryListSummary[]>(groceryListsQuery.queryKey, (lists) => [
          mine,
          ...(lists ?? []).filter((list) => list.id !== created.id),
        ]);
      }
      await queryClient.invalidateQueries({ queryKey: groceryListsQuery.queryKey });
    },
  });
}
