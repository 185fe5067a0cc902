import type { PlannerEntry, PlannerMember, RecipeVisibility, Suggestion } from "@potluck/contract";
import { imageUrls } from "../media/images.js";
import type { ImageStorage } from "../media/storage.js";
import type { EntryRow } from "./repository.js";

/** The recipe of an entry or suggestion as the planner shows it: a card. */
function toRecipeCard(
  storage: ImageStorage,
  recipe: {
    id: number;
    title: string;
    slug: string;
    imageKey: string | null;
    visibility: string;
  },
) {
  return {
    id: recipe.id,
    title: recipe.title,
    slug: recipe.slug,
    image_card: imageUrls(storage, recipe.imageKey, recipe.visibility as RecipeVisibility)
      .image_card,
  };
}

export function presentPlannerEntry(storage: ImageStorage, row: EntryRow): PlannerEntry {
  return {
    id: row.id,
    date: row.date,
    slot: row.slot,
    position: row.position,
    recipe:
      row.recipeId === null || row.recipeTitle === null || row.recipeSlug === null
        ? null
        : toRecipeCard(storage, {
            id: row.recipeId,
            title: row.recipeTitle,
            slug: row.recipeSlug,
            imageKey: row.recipeImageKey,
            visibility: row.recipeVisibility ?? "private",
          }),
    unavailable_recipe: row.unavailableTitle === null ? null : { title: row.unavailableTitle },
    guests: row.guests,
    note: row.note,
    sent_to:
      row.sentPlannedRecipeId === null || row.sentListId === null
        ? null
        : { grocery_list_id: row.sentListId, planned_recipe_id: row.sentPlannedRecipeId },
    created_by: row.createdBy,
  };
}

export const presentPlannerMember = (member: {
  username: string;
  role: PlannerMember["role"];
}): PlannerMember => ({ username: member.username, role: member.role });

export function presentSuggestion(
  storage: ImageStorage,
  date: string,
  slot: Suggestion["slot"],
  recipe: Parameters<typeof toRecipeCard>[1],
): Suggestion {
  return { date, slot, recipe: toRecipeCard(storage, recipe) };
}
