import type { TagCount } from "@potluck/contract";
import { TAG_LIST_DEFAULT } from "@potluck/contract/limits";
import { api } from "../../../lib/api-client";
import { queryClient } from "../../../lib/query-client";
import { normalTag } from "../tags";
import { recipeFilterKeys } from "./keys";

/**
 * Tags of recipes the caller may read, most used first, starting with `text` (blank: the most
 * used ones). Kept a minute per prefix; a failed load gives none (the picker says 'No options').
 */
export async function searchTags(text: string): Promise<TagCount[]> {
  const search = normalTag(text);
  try {
    return await queryClient.fetchQuery({
      queryKey: recipeFilterKeys.tags(search),
      queryFn: ({ signal }) =>
        api<TagCount[]>(
          `/api/recipes/tags/?${new URLSearchParams({ search, limit: String(TAG_LIST_DEFAULT) })}`,
          { signal },
        ),
      staleTime: 60_000,
    });
  } catch {
    return [];
  }
}
