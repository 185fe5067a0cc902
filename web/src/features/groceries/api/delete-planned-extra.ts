import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { queryClient } from "../../../lib/query-client";
import { plannedExtrasQuery } from "./get-planned-extras";
import { shoppingItemsQuery } from "./get-shopping-items";

export const deletePlannedExtra = (id: number) =>
  api<void>(`/api/groceries/planned-extras/${id}/`, { method: "DELETE" });

/** Deleting a planned entry refreshes the planned list and the shopping list. */
export function useDeletePlannedExtra(listId: number) {
  return useMutation({
    mutationFn: deletePlannedExtra,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: plannedExtrasQuery(listId).queryKey }),
        queryClient.invalidateQueries({ queryKey: shoppingItemsQuery(listId).queryKey }),
      ]),
    onError: (error) => console.error("Failed to delete the planned extra", error),
  });
}
