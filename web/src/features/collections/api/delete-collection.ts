import type { Collection } from "@potluck/contract";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { queryClient } from "../../../lib/query-client";
import { collectionsQuery } from "./get-collections";
import { collectionKeys } from "./keys";

/** Deletes the collection; its recipes stay. */
export const deleteCollection = (id: number) =>
  api<void>(`/api/recipes/collections/${id}/`, { method: "DELETE" });

export function useDeleteCollection() {
  return useMutation({
    mutationFn: deleteCollection,
    onSuccess: async (_nothing, id) => {
      queryClient.setQueryData<Collection[]>(collectionsQuery.queryKey, (all) =>
        all?.filter((c) => c.id !== id),
      );
      await queryClient.invalidateQueries({ queryKey: collectionKeys.lists() });
    },
  });
}
