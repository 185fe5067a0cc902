import type { RecipeDetail, RecipeListItem } from "@potluck/contract";
import type { Language } from "@potluck/contract/languages";
import type { Viewer } from "../auth/policy.js";
import { named, namedUnit } from "../ingredients/catalogue-names.js";
import { foodOf, spoonedWeight } from "../ingredients/food-data.js";
import { imageUrls } from "../media/images.js";
import type { ImageStorage } from "../media/storage.js";
import { canReport } from "../moderation/policy.js";
import { recipeFacts } from "./facts.js";
import { canEditRecipe } from "./policy.js";
import type { IngredientLine, RecipeDetailRow, RecipeRow } from "./repository.js";

/** Ratings are stored as 1–10 (half stars × 2); the average is shown in stars, to 2 decimals. */
export function averageRating(ratingSum: number, ratingCount: number): number {
  if (ratingCount <= 0) return 0;
  return Math.round((ratingSum / ratingCount / 2) * 100) / 100;
}

/** Preparation plus cooking (a missing one counts 0); null when the recipe gives neither. */
export function totalMinutes(prep: number | null, cook: number | null): number | null {
  return prep === null && cook === null ? null : (prep ?? 0) + (cook ?? 0);
}

/** A recipe as lists show it, with what the viewer may do with it. */
export function toListItem(storage: ImageStorage, row: RecipeRow, viewer: Viewer): RecipeListItem {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    ...imageUrls(storage, row.image_key, row.visibility),
    author_username: row.author_username,
    created_on: new Date(row.created_on).toISOString(),
    updated_on: new Date(row.updated_on).toISOString(),
    average_rating: averageRating(row.rating_sum, row.rating_count),
    rating_count: row.rating_count,
    servings: row.servings,
    visibility: row.visibility,
    tags: row.tags,
    prep_minutes: row.prep_minutes,
    cook_minutes: row.cook_minutes,
    total_minutes: totalMinutes(row.prep_minutes, row.cook_minutes),
    source_url: row.source_url,
    language: row.language,
    can_edit: canEditRecipe(viewer, { authorId: row.author_id }),
    nutrition: row.nutrition,
    allergens: row.allergens,
    allergens_complete: row.allergens_complete,
    diets: row.diets,
    ...(row.hidden ? { hidden_by_moderator: true as const } : {}),
  };
}

export function toDetail(
  storage: ImageStorage,
  row: Omit<RecipeDetailRow, "lines">,
  lines: IngredientLine[],
  viewer: Viewer,
  language: Language = "en",
): RecipeDetail {
  return {
    ...toListItem(storage, row, viewer),
    content: row.content,
    notes: row.notes,
    source_name: row.source_name,
    source_nutrition: row.source_nutrition,
    recipe_ingredients: lines.map((line) => {
      const weighed = { ...line, grams_per_unit: gramsPerUnitOf(line) };
      return language === "en" ? weighed : { ...weighed, ...inLanguage(line, language) };
    }),
    in_collections: row.in_collections,
    can_rate: row.can_rate,
    can_report: canReport(viewer, row.author_id),
    ...whatItContains(lines),
  };
}

/** A volume of a spooned food's weight in one of its unit (food-data.ts spoonedWeight), or null. */
function gramsPerUnitOf(line: IngredientLine): number | null {
  const food = line.ingredient && line.unit ? foodOf(line.ingredient.name) : undefined;
  return (food && line.unit && spoonedWeight(food, line.unit.name)) ?? null;
}

/** Its nutrition, allergens and diets, from its rows' catalogue (English) names. */
function whatItContains(lines: IngredientLine[]) {
  const rows = lines.map((line) => ({
    ingredient: line.ingredient?.name ?? null,
    unit: line.unit?.name ?? null,
    quantity: line.quantity,
    optional: line.optional,
  }));
  return recipeFacts(rows);
}

/**
 * A row's catalogue ingredient and unit named in the reader's language (issue 37 §3); a row
 * kept as written keeps its words.
 */
export function inLanguage(
  line: IngredientLine,
  language: Language,
): RecipeDetail["recipe_ingredients"][number] {
  return {
    ...line,
    ingredient: line.ingredient && named("ingredients", line.ingredient, language),
    unit: line.unit && namedUnit(line.unit, language),
  };
}
