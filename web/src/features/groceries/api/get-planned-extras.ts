import type { PlannedExtra } from "@potluck/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { groceryKeys } from "./keys";

export const getPlannedExtras = (listId: number) =>
  api<PlannedExtra[]>(`/api/groceries/planned-extras/?grocery_list=${listId}`);

export const plannedExtrasQuery = (listId: number) =>
  queryOptions({
    queryKey: groceryKeys.plannedExtras(listId),
    queryFn: () => getPlannedExtras(listId),
  });

export const usePlannedExtras = (listId: number) => useQuery(plannedExtrasQuery(listId));
