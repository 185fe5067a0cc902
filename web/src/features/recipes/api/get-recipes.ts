import type { RecipeListResponse } from "@potluck/contract";
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { recipeKeys } from "./keys";

export interface RecipeListFilter {
  /** Only the signed-in user's recipes. */
  mine?: boolean;
  /** Words to search for; blank for newest first. */
  search?: string;
}

export function recipeListUrl({ mine, search }: RecipeListFilter): string {
  const params = new URLSearchParams();
  if (mine) params.set("mine", "true");
  if (search) params.set("search", search);
  const query = params.toString();
  return `/api/recipes/recipes/${query ? `?${query}` : ""}`;
}

/** Pages of recipes; later pages follow the server's absolute `next` URL as it is. */
export const recipeListQuery = (filter: RecipeListFilter) =>
  infiniteQueryOptions({
    queryKey: recipeKeys.list({ mine: !!filter.mine, search: filter.search ?? "" }),
    queryFn: ({ pageParam, signal }) => api<RecipeListResponse>(pageParam, { signal }),
    initialPageParam: recipeListUrl(filter),
    getNextPageParam: (lastPage) => lastPage.next ?? undefined,
  });

/** `keepPrevious`: while a new search loads, the last results stay on screen. */
export const useRecipeList = (
  filter: RecipeListFilter,
  { enabled = true, keepPrevious = false } = {},
) =>
  useInfiniteQuery({
    ...recipeListQuery(filter),
    enabled,
    placeholderData: keepPrevious ? keepPreviousData : undefined,
  });
