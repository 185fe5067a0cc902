import type { Allergen, Diet, RecipeListResponse } from "@potluck/contract";
import type { Language } from "@potluck/contract/languages";
import type { RecipeVisibility } from "@potluck/contract/limits";
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { preloadImage } from "../../../lib/preload-image";
import { recipeKeys } from "./keys";

export interface RecipeListFilter {
  /** Only the signed-in user's recipes. */
  mine?: boolean;
  /** Words to search for; blank for newest first. */
  search?: string;
  /** Only this cook's recipes (their profile), by username. */
  author?: string;
  /** One of the caller's collections. */
  collection?: number;
  /** The list's filters (issue 23 §4), named as the API names them; all must hold. */
  tag?: string[];
  max_minutes?: number;
  ingredient?: number[];
  exclude_ingredient?: number[];
  min_rating?: number;
  following?: boolean;
  /** Safe for everyone at the caller's planner's table. */
  safe_for_table?: boolean;
  /** With `mine` only. */
  visibility?: RecipeVisibility;
  /** Written in this language. */
  language?: Language;
  /** Keeps to every one of these diets. */
  diet?: Diet[];
  /** Known to hold none of these allergens. */
  without_allergen?: Allergen[];
  /** At most this many kcal per serving. */
  max_kcal?: number;
}

export function recipeListUrl(filter: RecipeListFilter): string {
  const params = new URLSearchParams();
  if (filter.mine) params.set("mine", "true");
  if (filter.search) params.set("search", filter.search);
  if (filter.author) params.set("author", filter.author);
  if (filter.collection !== undefined) params.set("collection", String(filter.collection));
  for (const tag of filter.tag ?? []) params.append("tag", tag);
  if (filter.max_minutes !== undefined) params.set("max_minutes", String(filter.max_minutes));
  for (const id of filter.ingredient ?? []) params.append("ingredient", String(id));
  for (const id of filter.exclude_ingredient ?? []) {
    params.append("exclude_ingredient", String(id));
  }
  if (filter.min_rating !== undefined) params.set("min_rating", String(filter.min_rating));
  if (filter.following) params.set("following", "true");
  if (filter.safe_for_table) params.set("safe_for_table", "true");
  if (filter.mine && filter.visibility) params.set("visibility", filter.visibility);
  if (filter.language) params.set("language", filter.language);
  for (const diet of filter.diet ?? []) params.append("diet", diet);
  for (const allergen of filter.without_allergen ?? []) {
    params.append("without_allergen", allergen);
  }
  if (filter.max_kcal !== undefined) params.set("max_kcal", String(filter.max_kcal));
  const query = params.toString();
  return `/api/recipes/recipes/${query ? `?${query}` : ""}`;
}

/** Pages of recipes; later pages follow the server's absolute `next` URL as it is. */
export const recipeListQuery = (filter: RecipeListFilter) =>
  infiniteQueryOptions({
    // The whole request is the key: a change of any filter is another list.
    queryKey: recipeKeys.list(recipeListUrl(filter)),
    queryFn: async ({ pageParam, signal }) => {
      const page = await api<RecipeListResponse>(pageParam, { signal });
      // The first card's picture is the largest thing on a list's first screen.
      const first = page.results[0]?.image_card ?? page.results[0]?.image;
      if (pageParam === recipeListUrl(filter) && first) preloadImage(first);
      return page;
    },
    initialPageParam: recipeListUrl(filter),
    getNextPageParam: (lastPage) => lastPage.next ?? undefined,
  });

/**
 * `keepPrevious`: while a new search loads, the last results stay on screen. `fresh`: ask again
 * on every mount (a list that other features' writes change without invalidating it).
 */
export const useRecipeList = (
  filter: RecipeListFilter,
  { enabled = true, keepPrevious = false, fresh = false } = {},
) =>
  useInfiniteQuery({
    ...recipeListQuery(filter),
    enabled,
    ...(fresh ? { staleTime: 0 } : {}),
    placeholderData: keepPrevious ? keepPreviousData : undefined,
  });
