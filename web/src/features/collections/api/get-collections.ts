import type { Collection } from "@potluck/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { collectionKeys } from "./keys";

/** The cook's collections by name, each with how many of its recipes they may read now. */
export const collectionsQuery = queryOptions({
  queryKey: collectionKeys.lists(),
  queryFn: ({ signal }) => api<Collection[]>("/api/recipes/collections/", { signal }),
});

export const useCollections = ({ enabled = true } = {}) =>
  useQuery({ ...collectionsQuery, enabled });
