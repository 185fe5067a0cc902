import type { SendToListBody, SendToListResult } from "@potluck/contract";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { queryClient } from "../../../lib/query-client";
import { plannerKeys, plannerParam } from "./keys";

/** Puts every recipe entry of the range not sent yet onto a shopping list, as planned recipes. */
export const sendToList = (owner: string, listId: number, start: string, end: string) =>
  api<SendToListResult>("/api/planner/send-to-list/", {
    method: "POST",
    json: { grocery_list_id: listId, start, end, ...plannerParam(owner) } satisfies SendToListBody,
  });

/** The entries then know where they went (`sent_to`): the week is refetched. */
export function useSendToList(owner: string) {
  return useMutation({
    mutationFn: ({ listId, start, end }: { listId: number; start: string; end: string }) =>
      sendToList(owner, listId, start, end),
    onSettled: () => queryClient.invalidateQueries({ queryKey: plannerKeys.entriesOf(owner) }),
  });
}
