import type { ShoppingItem } from "@potluck/contract";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { queryClient } from "../../../lib/query-client";
import { shoppingItemsQuery } from "./get-shopping-items";

export const ITEM_TOGGLE_FAILED = "Failed to update item status. Please try again.";

export const updateShoppingItem = (id: number, isChecked: boolean) =>
  api<ShoppingItem>(`/api/groceries/items/${id}/`, {
    method: "PATCH",
    json: { is_checked: isChecked },
  });

const replaceItem = (listId: number, id: number, change: (item: ShoppingItem) => ShoppingItem) =>
  queryClient.setQueryData<ShoppingItem[]>(shoppingItemsQuery(listId).queryKey, (items) =>
    items?.map((item) => (item.id === id ? change(item) : item)),
  );

/**
 * Ticks an item at once (optimistic); on failure the tick is reverted and the user alerted.
 * One hook per item row, so each row knows whether its own request is in flight.
 */
export function useToggleShoppingItem(listId: number) {
  return useMutation({
    mutationFn: ({ id, isChecked }: { id: number; isChecked: boolean }) =>
      updateShoppingItem(id, isChecked),
    onMutate: async ({ id, isChecked }) => {
      await queryClient.cancelQueries({ queryKey: shoppingItemsQuery(listId).queryKey });
      replaceItem(listId, id, (item) => ({ ...item, is_checked: isChecked }));
    },
    onSuccess: (saved) => replaceItem(listId, saved.id, () => saved),
    onError: (_error, { id, isChecked }) => {
      replaceItem(listId, id, (item) => ({ ...item, is_checked: !isChecked }));
      window.alert(ITEM_TOGGLE_FAILED);
    },
  });
}
