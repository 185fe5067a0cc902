import type { PlannedRecipe } from "@potluck/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { groceryKeys } from "./keys";

export const getPlannedRecipes = (listId: number) =>
  api<PlannedRecipe[]>(`/api/groceries/planned-recipes/?grocery_list=${listId}`);

/** By date, undated last. */
export const plannedRecipesQuery = (listId: number) =>
  queryOptions({
    queryKey: groceryKeys.plannedRecipes(listId),
    queryFn: () => getPlannedRecipes(listId),
  });

export const usePlannedRecipes = (listId: number) => useQuery(plannedRecipesQuery(listId));
