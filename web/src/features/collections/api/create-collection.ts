import type { Collection, CreateCollectionBody } from "@potluck/contract";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { queryClient } from "../../../lib/query-client";
import { collectionsQuery } from "./get-collections";
import { collectionKeys } from "./keys";

export const createCollection = (name: string) =>
  api<Collection>("/api/recipes/collections/", {
    method: "POST",
    json: { name } satisfies CreateCollectionBody,
  });

export function useCreateCollection() {
  return useMutation({
    mutationFn: createCollection,
    onSuccess: async (created) => {
      // In the lists at once (by name, as the server orders them); the refetch confirms.
      queryClient.setQueryData<Collection[]>(collectionsQuery.queryKey, (all) =>
        [...(all ?? []).filter((c) => c.id !== created.id), created].sort((a, b) =>
          a.name.toLowerCase().localeCompare(b.name.toLowerCase()),
        ),
      );
      await queryClient.invalidateQueries({ queryKey: collectionKeys.lists() });
    },
  });
}
