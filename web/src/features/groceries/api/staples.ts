import type { IngredientOption, ReplaceStaplesBody } from "@potluck/contract";
import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { queryClient } from "../../../lib/query-client";
import { userKeys } from "../../../lib/user-keys";
import { groceryKeys } from "./keys";

/** What the cook always has at home, by name. */
export const staplesQuery = queryOptions({
  queryKey: userKeys.staples(),
  queryFn: () => api<IngredientOption[]>("/api/users/me/staples/"),
});

export const useStaples = (enabled = true) => useQuery({ ...staplesQuery, enabled });

/**
 * Adds or removes one staple. The server replaces the whole set, so the current set is read
 * first (fresh: another tab may have changed it) and sent back with this one change.
 */
export function useToggleStaple() {
  return useMutation({
    // Each save reads the set and replaces it: one at a time, so two ticks never lose one.
    scope: { id: "staples" },
    mutationFn: async ({ ingredientId, staple }: { ingredientId: number; staple: boolean }) => {
      const current = await queryClient.fetchQuery({ ...staplesQuery, staleTime: 0 });
      const ids = new Set(current.map((ingredient) => ingredient.id));
      if (staple) ids.add(ingredientId);
      else ids.delete(ingredientId);
      return api<IngredientOption[]>("/api/users/me/staples/", {
        method: "PUT",
        json: { ingredient_ids: [...ids] } satisfies ReplaceStaplesBody,
      });
    },
    onSuccess: (staples) => {
      queryClient.setQueryData(staplesQuery.queryKey, staples);
      // Every list of this cook sorts its lines into "Probably at home" anew.
      void queryClient.invalidateQueries({ queryKey: groceryKeys.allItems() });
    },
  });
}
