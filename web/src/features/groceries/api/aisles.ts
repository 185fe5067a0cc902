import type {
  Aisle,
  AisleOrderBody,
  IngredientAisle,
  MoveIngredientAisleBody,
  MoveTextAisleBody,
  TextAisle,
} from "@potluck/contract";
import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { queryClient } from "../../../lib/query-client";
import { groceryKeys } from "./keys";

/** Every aisle, in the order this cook walks them. */
export const aislesQuery = queryOptions({
  queryKey: groceryKeys.aisles(),
  queryFn: () => api<Aisle[]>("/api/groceries/aisles/"),
  staleTime: 5 * 60_000,
});

export const useAisles = (enabled = true) => useQuery({ ...aislesQuery, enabled });

const SET_AISLE_ORDER = ["groceries", "aisle-order"] as const;

/** Replaces the cook's aisle order (every aisle id once); each list's lines follow it. */
export function useSetAisleOrder() {
  return useMutation({
    mutationKey: SET_AISLE_ORDER,
    // Each save sends the whole order: one at a time, so the last move made is the last saved.
    scope: { id: "aisle-order" },
    mutationFn: (aisleIds: number[]) =>
      api<Aisle[]>("/api/groceries/aisle-order/", {
        method: "PUT",
        json: { aisle_ids: aisleIds } satisfies AisleOrderBody,
      }),
    // The headings move at once (a key pressed twice in a row moves twice), and back if refused.
    onMutate: async (aisleIds) => {
      await queryClient.cancelQueries({ queryKey: aislesQuery.queryKey });
      const before = queryClient.getQueryData(aislesQuery.queryKey);
      const byId = new Map(before?.map((aisle) => [aisle.id, aisle]));
      queryClient.setQueryData(
        aislesQuery.queryKey,
        aisleIds.flatMap((id) => byId.get(id) ?? []),
      );
      return { before };
    },
    onError: (_error, _ids, context) =>
      queryClient.setQueryData(aislesQuery.queryKey, context?.before),
    // A later move still waiting has already moved the headings further: keep them there.
    onSuccess: (aisles) => {
      if (queryClient.isMutating({ mutationKey: SET_AISLE_ORDER }) === 1) {
        queryClient.setQueryData(aislesQuery.queryKey, aisles);
      }
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: groceryKeys.allItems() }),
  });
}

/** Puts an ingredient in another aisle, for this cook only. */
export function useMoveIngredientAisle() {
  return useMutation({
    mutationFn: ({ ingredientId, aisleId }: { ingredientId: number; aisleId: number }) =>
      api<IngredientAisle>(`/api/ingredients/ingredients/${ingredientId}/aisle/`, {
        method: "PUT",
        json: { aisle_id: aisleId } satisfies MoveIngredientAisleBody,
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: groceryKeys.allItems() }),
  });
}

/** Puts free-text lines of this text (any case, every list) in another aisle, for this cook only. */
export function useMoveTextAisle() {
  return useMutation({
    mutationFn: ({ text, aisleId }: { text: string; aisleId: number }) =>
      api<TextAisle>("/api/groceries/aisles/text/", {
        method: "PUT",
        json: { text, aisle_id: aisleId } satisfies MoveTextAisleBody,
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: groceryKeys.allItems() }),
  });
}
