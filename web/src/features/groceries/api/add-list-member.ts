import type { AddListMemberBody } from "@potluck/contract";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { queryClient } from "../../../lib/query-client";
import { listMembersQuery } from "./get-list-members";

/** Shares the list with a cook (owner only). */
export const addListMember = (listId: number, username: string) =>
  api<{ username: string }>(`/api/groceries/lists/${listId}/members/`, {
    method: "POST",
    json: { username } satisfies AddListMemberBody,
  });

export function useAddListMember(listId: number) {
  return useMutation({
    mutationFn: (username: string) => addListMember(listId, username),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listMembersQuery(listId).queryKey }),
  });
}
