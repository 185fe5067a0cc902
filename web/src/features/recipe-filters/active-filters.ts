import type { Diet } from "@potluck/contract";
import type { RecipeVisibility } from "@potluck/contract/limits";
import { allergenName, dietName } from "../../lib/food-names";
import { formattingLocale, t } from "../../lib/i18n";
import { languageName } from "../../lib/i18n/format";
import type { RecipeFilters } from "./filters";

// The active filters by name, for the empty result's "Try removing: …" (components/no-matches):
// a module of its own, fetched with that message, so that the pages' first load carries none
// of these words (issue 15 §5); the bar counts them with filters.ts's activeCount.

/** One active filter, as the bar's count and the empty result's "Try removing" name it. */
export interface ActiveFilter {
  /** Stable for React keys and tests: "tag:vegan", "max_minutes". */
  key: string;
  /** "tag “vegan”", "under 30 minutes". */
  label: string;
  /** The filters without this one. */
  without: RecipeFilters;
}

const visibilityLabel = (visibility: RecipeVisibility) =>
  visibility === "public"
    ? t("recipeFilters.active.public")
    : visibility === "followers"
      ? t("recipeFilters.active.followers")
      : t("recipeFilters.active.private");

/**
 * "vegetarian": a diet as it reads inside a sentence ("Try removing: vegetarian, …"); the
 * catalogue's name is capitalised, as a badge reads.
 */
export function dietLabel(diet: Diet): string {
  const name = dietName(diet);
  return name.charAt(0).toLocaleLowerCase(formattingLocale()) + name.slice(1);
}

/** Every active filter, in the bar's order; `ingredientName` names a catalogue id. */
export function activeFilters(
  filters: RecipeFilters,
  ingredientName: (id: number) => string,
): ActiveFilter[] {
  const active: ActiveFilter[] = [];
  for (const tag of filters.tag) {
    active.push({
      key: `tag:${tag}`,
      label: t("recipeFilters.active.tag", { tag }),
      without: { ...filters, tag: filters.tag.filter((one) => one !== tag) },
    });
  }
  if (filters.max_minutes !== undefined) {
    active.push({
      key: "max_minutes",
      label: t("recipeFilters.active.maxMinutes", { minutes: filters.max_minutes }),
      without: { ...filters, max_minutes: undefined },
    });
  }
  for (const id of filters.ingredient) {
    active.push({
      key: `ingredient:${id}`,
      label: t("recipeFilters.active.with", { name: ingredientName(id) }),
      without: { ...filters, ingredient: filters.ingredient.filter((one) => one !== id) },
    });
  }
  for (const id of filters.exclude_ingredient) {
    active.push({
      key: `exclude_ingredient:${id}`,
      label: t("recipeFilters.active.without", { name: ingredientName(id) }),
      without: {
        ...filters,
        exclude_ingredient: filters.exclude_ingredient.filter((one) => one !== id),
      },
    });
  }
  if (filters.min_rating !== undefined) {
    active.push({
      key: "min_rating",
      label: t("recipeFilters.active.minRating", { stars: filters.min_rating }),
      without: { ...filters, min_rating: undefined },
    });
  }
  if (filters.safe_for_table) {
    active.push({
      key: "safe_for_table",
      label: t("recipeFilters.active.safeForTable"),
      without: { ...filters, safe_for_table: false },
    });
  }
  if (filters.following) {
    active.push({
      key: "following",
      label: t("recipeFilters.active.following"),
      without: { ...filters, following: false },
    });
  }
  if (filters.visibility) {
    active.push({
      key: "visibility",
      label: visibilityLabel(filters.visibility),
      without: { ...filters, visibility: undefined },
    });
  }
  if (filters.language) {
    active.push({
      key: "language",
      label: t("recipeFilters.active.language", { language: languageName(filters.language) }),
      without: { ...filters, language: undefined },
    });
  }
  for (const diet of filters.diet) {
    active.push({
      key: `diet:${diet}`,
      label: dietLabel(diet),
      without: { ...filters, diet: filters.diet.filter((one) => one !== diet) },
    });
  }
  for (const allergen of filters.without_allergen) {
    active.push({
      key: `without_allergen:${allergen}`,
      label: t("recipeFilters.active.withoutAllergen", { allergen: allergenName(allergen) }),
      without: {
        ...filters,
        without_allergen: filters.without_allergen.filter((one) => one !== allergen),
      },
    });
  }
  if (filters.max_kcal !== undefined) {
    active.push({
      key: "max_kcal",
      label: t("recipeFilters.active.maxKcal", { kcal: filters.max_kcal }),
      without: { ...filters, max_kcal: undefined },
    });
  }
  return active;
}
