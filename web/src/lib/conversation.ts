import type { ConversationEntry } from "@potluck/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "./api-client";

// A recipe's one conversation (issue 34 §17, decision 0034): its reviews and the comments of
// its feed items. Read by the recipe page and by each feed card, so it lives here, not in a
// feature.

export const conversationKeys = {
  all: ["conversation"] as const,
  recipe: (recipeId: number) => [...conversationKeys.all, recipeId] as const,
};

export const recipeConversationQuery = (recipeId: number) =>
  queryOptions({
    queryKey: conversationKeys.recipe(recipeId),
    queryFn: ({ signal }) =>
      api<ConversationEntry[]>(`/api/recipes/recipes/${recipeId}/conversation/`, { signal }),
    // Comments and reviews are written from the other view: read again whenever shown.
    staleTime: 0,
  });

/** The conversation oldest first; `enabled` false until it is shown. */
export const useRecipeConversation = (recipeId: number, enabled = true) =>
  useQuery({ ...recipeConversationQuery(recipeId), enabled });
