import { isLanguage, type Language } from "@potluck/contract/languages";
import type { RecipeVisibility } from "@potluck/contract/limits";
import {
  RECIPE_FILTER_VALUES_MAX,
  RECIPE_MINUTES_MAX,
  RECIPE_TAG_MAX_LENGTH,
  RECIPE_VISIBILITIES,
} from "@potluck/contract/limits";
import { t } from "../../lib/i18n";
import { languageName } from "../../lib/i18n/format";

/**
 * The recipe list's filters as the page's URL holds them (issue 23 §5): the same names and
 * values as `GET /api/recipes/recipes/`, so a shared link and the API agree:
 * `?tag=vegan&tag=quick&max_minutes=30&ingredient=12&exclude_ingredient=7&min_rating=4&following=true`.
 */
export interface RecipeFilters {
  tag: string[];
  max_minutes?: number;
  ingredient: number[];
  exclude_ingredient: number[];
  min_rating?: number;
  following: boolean;
  /** My Recipes only. */
  visibility?: RecipeVisibility;
  /** Recipes written in this language. */
  language?: Language;
}

export const NO_FILTERS: RecipeFilters = {
  tag: [],
  ingredient: [],
  exclude_ingredient: [],
  following: false,
};

/** The choices of the bar's selects. */
export const MAX_MINUTES_CHOICES = [15, 30, 45, 60, 90] as const;
export const MIN_RATING_CHOICES = [3, 4, 4.5] as const;

/** The URL parameters this module owns; any other (search, a page's own) is left alone. */
export const FILTER_PARAMS = [
  "tag",
  "max_minutes",
  "ingredient",
  "exclude_ingredient",
  "min_rating",
  "following",
  "visibility",
  "language",
] as const;

const uniq = <T>(values: T[]) => [...new Set(values)].slice(0, RECIPE_FILTER_VALUES_MAX);

const ids = (values: string[]) =>
  uniq(
    values
      .filter((value) => /^\d{1,15}$/.test(value))
      .map(Number)
      .filter((id) => id > 0 && Number.isSafeInteger(id)),
  );

/** Tags as the server stores them: trimmed, lower-cased, 1–30 characters. */
export const normalTag = (tag: string) => tag.trim().toLowerCase();
const validTag = (tag: string) => tag.length >= 1 && tag.length <= RECIPE_TAG_MAX_LENGTH;

/**
 * The filters of a URL's query. What the server would refuse (a word for a number, a rating
 * of 7) is left out rather than shown as a 400: a hand-edited link still lists recipes.
 */
export function parseFilters(params: URLSearchParams): RecipeFilters {
  const filters: RecipeFilters = {
    tag: uniq(params.getAll("tag").map(normalTag).filter(validTag)),
    ingredient: ids(params.getAll("ingredient")),
    exclude_ingredient: ids(params.getAll("exclude_ingredient")),
    following: params.get("following") === "true",
  };
  const minutes = params.get("max_minutes");
  if (minutes && /^\d{1,6}$/.test(minutes) && Number(minutes) <= 2 * RECIPE_MINUTES_MAX) {
    filters.max_minutes = Number(minutes);
  }
  const rating = params.get("min_rating");
  if (rating && /^\d(\.\d+)?$/.test(rating) && Number(rating) > 0 && Number(rating) <= 5) {
    filters.min_rating = Number(rating);
  }
  const visibility = params.get("visibility");
  if (RECIPE_VISIBILITIES.some((one) => one === visibility)) {
    filters.visibility = visibility as RecipeVisibility;
  }
  const language = params.get("language");
  if (isLanguage(language)) filters.language = language;
  return filters;
}

/**
 * `params` with its filter parameters replaced by `filters` (in a fixed order, so the same
 * filters are always the same URL); the other parameters are kept as they are.
 */
export function withFilters(params: URLSearchParams, filters: RecipeFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of FILTER_PARAMS) next.delete(name);
  for (const tag of filters.tag) next.append("tag", tag);
  if (filters.max_minutes !== undefined) next.set("max_minutes", String(filters.max_minutes));
  for (const id of filters.ingredient) next.append("ingredient", String(id));
  for (const id of filters.exclude_ingredient) next.append("exclude_ingredient", String(id));
  if (filters.min_rating !== undefined) next.set("min_rating", String(filters.min_rating));
  if (filters.following) next.set("following", "true");
  if (filters.visibility) next.set("visibility", filters.visibility);
  if (filters.language) next.set("language", filters.language);
  return next;
}

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

/** "4+ stars": a minimum rating as the bar's select offers it. */
export const ratingLabel = (stars: number) => t("recipeFilters.rating", { stars });

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
  return active;
}

/** How many filters are on (the phone's "Filters (N)"). */
export const activeCount = (filters: RecipeFilters) => activeFilters(filters, String).length;

/** Explore filtered by one tag: the recipe page's tag links. */
export const tagHref = (tag: string) =>
  `/explore?${new URLSearchParams({ tag: normalTag(tag) }).toString()}`;
