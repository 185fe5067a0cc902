import type { ListMember } from "@potluck/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { groceryKeys } from "./keys";

export const getListMembers = (listId: number) =>
  api<ListMember[]>(`/api/groceries/lists/${listId}/members/`);

/** Who is on a list: its owner first, then the cooks it is shared with. */
export const listMembersQuery = (listId: number) =>
  queryOptions({
    queryKey: groceryKeys.members(listId),
    queryFn: () => getListMembers(listId),
  });

export const useListMembers = (listId: number) => useQuery(listMembersQuery(listId));
