import type { TagCount } from "@potluck/contract";
import { TAG_LIST_DEFAULT } from "@potluck/contract/limits";
import { api } from "../../../lib/api-client";
import { queryClient } from "../../../lib/query-client";
import { recipeKeys } from "./keys";

/** Tags of recipes the caller may read, most used first; with `search`, those starting with it. */
export const getTags = (search: string, signal?: AbortSignal) => {
  const params = new URLSearchParams({ limit: String(TAG_LIST_DEFAULT) });
  if (search) params.set("search", search);
  return api<TagCount[]>(`/api/recipes/tags/?${params}`, { signal });
};

/** The tag picker's suggestions for what is typed: kept a minute per text, shared by pickers. */
export const fetchTagSuggestions = (search: string) =>
  queryClient.fetchQuery({
    queryKey: recipeKeys.tags(search.trim().toLowerCase()),
    queryFn: ({ signal }) => getTags(search.trim().toLowerCase(), signal),
    staleTime: 60_000,
  });
