import type { ShoppingItem } from "@potluck/contract";
import { mutationOptions, useMutation } from "@tanstack/react-query";
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
export const toggleShoppingItemOptions = (listId: number) => {
  const mutationKey = [...shoppingItemsQuery(listId).queryKey, "toggle"];
  return mutationOptions({
    mutationKey,
    mutationFn: ({ id, isChecked }: { id: number; isChecked: boolean }) =>
      updateShoppingItem(id, isChecked),
    onMutate: async ({ id, isChecked }) => {
      // A refetch in flight would overwrite the tick with the state before it...
      await queryClient.cancelQueries({ queryKey: shoppingItemsQuery(listId).queryKey });
      replaceItem(listId, id, (item) => ({ ...item, is_checked: isChecked }));
    },
    onSuccess: (saved) => replaceItem(listId, saved.id, () => saved),
    onError: (_error, { id, isChecked }) => {
      replaceItem(listId, id, (item) => ({ ...item, is_checked: !isChecked }));
      window.alert(ITEM_TOGGLE_FAILED);
    },
    // ...but it may have carried new lines (a plan just made): refetch once the last tick in
    // flight is done, so that one tick's refetch does not undo another still on its way.
    onSettled: () =>
      queryClient.isMutating({ mutationKey }) === 1
        ? queryClient.invalidateQueries({ queryKey: shoppingItemsQuery(listId).queryKey })
        : undefined,
  });
};

export const useToggleShoppingItem = (listId: number) =>
  useMutation(toggleShoppingItemOptions(listId));
