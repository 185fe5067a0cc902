import type { Collection, UpdateCollectionBody } from "@potluck/contract";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { queryClient } from "../../../lib/query-client";
import { collectionKeys } from "./keys";

export const renameCollection = ({ id, name }: { id: number; name: string }) =>
  api<Collection>(`/api/recipes/collections/${id}/`, {
    method: "PATCH",
    json: { name } satisfies UpdateCollectionBody,
  });

export function useRenameCollection() {
  return useMutation({
    mutationFn: renameCollection,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: collectionKeys.lists() }),
  });
}
