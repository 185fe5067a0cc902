import type { CreatePlannedExtraBody, PlannedExtra } from "@potluck/contract";
import { useMutation } from "@tanstack/react-query";
import { api, type FormFields, formBody } from "../../../lib/api-client";
import { queryClient } from "../../../lib/query-client";
import { plannedExtrasQuery } from "./get-planned-extras";
import { shoppingItemsQuery } from "./get-shopping-items";

/** The spec's call: a form body (extras are planned without a date). */
export const createPlannedExtra = (fields: FormFields<CreatePlannedExtraBody>) =>
  api<PlannedExtra>("/api/groceries/planned-extras/", {
    method: "POST",
    body: formBody(fields),
  });

export function useCreatePlannedExtra(listId: number) {
  return useMutation({
    mutationFn: createPlannedExtra,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: plannedExtrasQuery(listId).queryKey }),
        queryClient.invalidateQueries({ queryKey: shoppingItemsQuery(listId).queryKey }),
      ]),
  });
}
