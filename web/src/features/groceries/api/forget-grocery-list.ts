import type { GroceryListSummary } from "@potluck/contract";
import { queryClient } from "../../../lib/query-client";
import { groceryListQuery } from "./get-grocery-list";
import { groceryListsQuery } from "./get-grocery-lists";
import { listMembersQuery } from "./get-list-members";
import { plannedExtrasQuery } from "./get-planned-extras";
import { plannedRecipesQuery } from "./get-planned-recipes";
import { shoppingItemsQuery } from "./get-shopping-items";

/**
 * A list the user can no longer open (deleted, or left) leaves the picker at once and its
 * cached parts are dropped; the lists are then refetched.
 */
export async function forgetGroceryList(id: number): Promise<void> {
  queryClient.setQueryData<GroceryListSummary[]>(groceryListsQuery.queryKey, (lists) =>
    lists?.filter((list) => list.id !== id),
  );
  for (const query of [
    groceryListQuery(id),
    shoppingItemsQuery(id),
    plannedRecipesQuery(id),
    plannedExtrasQuery(id),
    listMembersQuery(id),
  ]) {
    queryClient.removeQueries({ queryKey: query.queryKey });
  }
  await queryClient.invalidateQueries({ queryKey: groceryListsQuery.queryKey });
}
