import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { queryClient } from "../../../lib/query-client";
import { forgetGroceryList } from "./forget-grocery-list";
import { listMembersQuery } from "./get-list-members";

/** The owner removes a member; a member removes themselves (leaves). */
export const removeListMember = (listId: number, username: string) =>
  api<void>(`/api/groceries/lists/${listId}/members/${encodeURIComponent(username)}/`, {
    method: "DELETE",
  });

/** The owner takes a cook off the list. */
export function useRemoveListMember(listId: number) {
  return useMutation({
    mutationFn: (username: string) => removeListMember(listId, username),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listMembersQuery(listId).queryKey }),
  });
}

/** A member leaves: the list is gone for them from then on (404), so it is forgotten here. */
export function useLeaveGroceryList(listId: number) {
  return useMutation({
    mutationFn: (myUsername: string) => removeListMember(listId, myUsername),
    onSuccess: () => forgetGroceryList(listId),
  });
}
