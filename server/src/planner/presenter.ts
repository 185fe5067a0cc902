import type {
  PlannerEntry,
  PlannerMember,
  PlannerPerson,
  RecipeVisibility,
  Suggestion,
} from "@potluck/contract";
import type { Language } from "@potluck/contract/languages";
import { named } from "../ingredients/catalogue-names.js";
import { imageUrls } from "../media/images.js";
import type { ImageStorage } from "../media/storage.js";
import type { PersonRow } from "./people-repository.js";
import type { EntryRow } from "./repository.js";
import { type TablePerson, tableWarnings } from "./table-warnings.js";

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

/**
 * An entry, with what may not suit those eating it: `people` are its planner's (tablePeople,
 * their dislikes named in the reader's language by presentPerson).
 */
export function presentPlannerEntry(
  storage: ImageStorage,
  row: EntryRow,
  people: readonly TablePerson[],
): PlannerEntry {
  const eaters =
    row.eaters === null ? people : people.filter((person) => row.eaters?.includes(person.id));
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
    eaters: row.eaters,
    warnings:
      row.recipeTitle === null
        ? []
        : tableWarnings(
            {
              allergens: row.recipeAllergens ?? [],
              allergensComplete: row.recipeAllergensComplete ?? false,
              diets: row.recipeDiets ?? [],
              ingredientIds: row.recipeIngredientIds ?? [],
            },
            eaters,
          ),
    nutrition:
      row.recipeTitle === null || !row.recipeNutrition
        ? null
        : {
            per_serving: row.recipeNutrition.per_serving,
            complete: row.recipeNutrition.not_counted.length === 0,
          },
  };
}

/** A person at the planner's table, as `viewer` reads it: an account's entry is its cook's. */
export function presentPerson(row: PersonRow, viewerId: number, language: Language): PlannerPerson {
  return {
    id: row.id,
    name: row.name,
    username: row.username,
    allergens: row.allergens,
    diets: row.diets,
    dislikes: row.dislikes.map((ingredient) => {
      const { id, name } = named("ingredients", ingredient, language);
      return { id, name };
    }),
    can_edit: row.userId === null || row.userId === viewerId,
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
