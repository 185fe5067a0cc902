import type { RecipeListResponse } from "@potluck/contract";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { collectionKeys } from "./keys";

/**
 * The recipes of one of the cook's collections, newest first, as the recipe list serves them
 * (`GET /api/recipes/recipes/?collection={id}`, 404 for a collection that is not theirs): only
 * those they may read now. Later pages follow the server's absolute `next` URL.
 */
export const collectionRecipesQuery = (id: number) =>
  infiniteQueryOptions({
    queryKey: collectionKeys.recipes(id),
    queryFn: ({ pageParam, signal }) => api<RecipeListResponse>(pageParam, { signal }),
    initialPageParam: `/api/recipes/recipes/?collection=${id}`,
    getNextPageParam: (lastPage) => lastPage.next ?? undefined,
  });

export const useCollectionRecipes = (id: number) => useInfiniteQuery(collectionRecipesQuery(id));
