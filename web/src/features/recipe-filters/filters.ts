import type { Allergen, Diet } from "@potluck/contract";
import { isLanguage, type Language } from "@potluck/contract/languages";
import type { RecipeVisibility } from "@potluck/contract/limits";
import {
  RECIPE_FILTER_VALUES_MAX,
  RECIPE_MINUTES_MAX,
  RECIPE_TAG_MAX_LENGTH,
  RECIPE_VISIBILITIES,
} from "@potluck/contract/limits";
import { ALLERGEN_CODES, DIET_CODES } from "../../lib/food-names";
import { t } from "../../lib/i18n";
import { normalTag } from "./tags";

/**
 * The recipe list's filters as the page's URL holds them (issue 23 §5): the same names and
 * values as `GET /api/recipes/recipes/`, so a shared link and the API agree:
 * `?tag=vegan&tag=quick&max_minutes=30&ingredient=12&exclude_ingredient=7&min_rating=4&following=true`
 * `&diet=vegetarian&without_allergen=peanuts&max_kcal=500`.
 */
export interface RecipeFilters {
  tag: string[];
  max_minutes?: number;
  ingredient: number[];
  exclude_ingredient: number[];
  min_rating?: number;
  following: boolean;
  /** Safe for everyone at my planner's table (their allergens, diets and dislikes). */
  safe_for_table: boolean;
  /** My Recipes only. */
  visibility?: RecipeVisibility;
  /** Recipes written in this language. */
  language?: Language;
  /** Recipes that keep to every one of these diets. */
  diet: Diet[];
  /** Recipes known to hold none of these allergens. */
  without_allergen: Allergen[];
  /** Recipes of at most this many kcal per serving (every row counted). */
  max_kcal?: number;
}

export const NO_FILTERS: RecipeFilters = {
  tag: [],
  ingredient: [],
  exclude_ingredient: [],
  following: false,
  safe_for_table: false,
  diet: [],
  without_allergen: [],
};

/** The choices of the bar's selects. */
export const MAX_MINUTES_CHOICES = [15, 30, 45, 60, 90] as const;
export const MIN_RATING_CHOICES = [3, 4, 4.5] as const;
export const MAX_KCAL_CHOICES = [300, 500, 700, 900] as const;
/** The most kcal per serving the API takes as `max_kcal`. */
export const MAX_KCAL_LIMIT = 20000;

/** A select's choices: `choices`, and a value from the URL that is not among them, in order. */
export function choicesWith(choices: readonly number[], current: number | undefined): number[] {
  const all = [...choices];
  if (current !== undefined && !all.includes(current)) {
    all.push(current);
    all.sort((a, b) => a - b);
  }
  return all;
}

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
  "diet",
  "without_allergen",
  "max_kcal",
  "safe_for_table",
] as const;

const uniq = <T>(values: T[]) => [...new Set(values)].slice(0, RECIPE_FILTER_VALUES_MAX);

const ids = (values: string[]) =>
  uniq(
    values
      .filter((value) => /^\d{1,15}$/.test(value))
      .map(Number)
      .filter((id) => id > 0 && Number.isSafeInteger(id)),
  );

/** The values of `codes` among `values`, in the order given: unknown ones are left out. */
const known = <Code extends string>(values: string[], codes: readonly Code[]): Code[] =>
  uniq(values.filter((value): value is Code => codes.some((code) => code === value)));

/** A whole number of at most `max` written in digits, else undefined. */
const wholeUpTo = (value: string | null, max: number) =>
  value && /^\d{1,6}$/.test(value) && Number(value) <= max ? Number(value) : undefined;

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
    safe_for_table: params.get("safe_for_table") === "true",
    diet: known(params.getAll("diet"), DIET_CODES),
    without_allergen: known(params.getAll("without_allergen"), ALLERGEN_CODES),
  };
  const minutes = wholeUpTo(params.get("max_minutes"), 2 * RECIPE_MINUTES_MAX);
  if (minutes !== undefined) filters.max_minutes = minutes;
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
  const kcal = wholeUpTo(params.get("max_kcal"), MAX_KCAL_LIMIT);
  if (kcal !== undefined) filters.max_kcal = kcal;
  return filters;
}

/**
 * `params` with its filter parameters replaced by `filters` (in a fixed order, so the same
 * filters are always the same URL); the other parameters are kept as they are.
 */
export function withFilters(params: URLSearchParams, filters: RecipeFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of FILTER_PARAMS) next.delete(name);
  // Each filter is the parameter of its name: a list one value each, a number as written,
  // `following` and `safe_for_table` only when true.
  for (const name of FILTER_PARAMS) {
    for (const value of [filters[name]].flat()) {
      if (value !== undefined && value !== false) next.append(name, String(value));
    }
  }
  return next;
}

/** "4+ stars": a minimum rating as the bar's select offers it. */
export const ratingLabel = (stars: number) => t("recipeFilters.rating", { stars });

/**
 * How many filters are on (the phone's "Filters (N)"): one for each value the URL holds, as
 * many as activeFilters names.
 */
export const activeCount = (filters: RecipeFilters) =>
  [...withFilters(new URLSearchParams(), filters).keys()].length;
