import { LANGUAGES } from "@potluck/contract/languages";
import { RECIPE_VISIBILITIES, type RecipeVisibility } from "@potluck/contract/limits";
import { useEffect, useId, useRef } from "react";
import { deferred } from "../../../components/deferred";
import { Disclosure } from "../../../components/disclosure";
import { SelectPlaceholder } from "../../../components/select-placeholder";
import { t } from "../../../lib/i18n";
import { languageName } from "../../../lib/i18n/format";
import { useSession } from "../../../lib/session";
import { useSeenOnScreen } from "../../../lib/use-seen-on-screen";
import {
  activeCount,
  choicesWith,
  MAX_MINUTES_CHOICES,
  MIN_RATING_CHOICES,
  NO_FILTERS,
  type RecipeFilters,
  ratingLabel,
} from "../filters";
import { ingredientName, rememberIngredient } from "../ingredient-names";
import { normalTag } from "../tags";
import { Chips } from "./chips";
import { FilterPicker } from "./filter-picker";
import type { FoodFiltersProps } from "./food-filters";
import { NoMatches } from "./no-matches";

const visibilityChoice = (visibility: RecipeVisibility) =>
  visibility === "public"
    ? t("recipeFilters.bar.public")
    : visibility === "followers"
      ? t("recipeFilters.bar.followers")
      : t("recipeFilters.bar.private");

/**
 * The diets, the allergens to avoid and the kcal (issue 38), fetched when the fields are in view
 * as the pickers are (every page's first load ≤ 150 KiB): until then a disabled field stands
 * under each one's label.
 */
const FoodFilters = deferred(
  async () => (await import("./food-filters")).FoodFilters,
  ({ inputId }: FoodFiltersProps) => (
    <>
      {(
        [
          ["diet", t("recipeFilters.bar.diet")],
          ["allergens", t("recipeFilters.bar.allergens")],
          ["kcal", t("recipeFilters.bar.maxKcal")],
        ] as const
      ).map(([name, label]) => (
        <div key={name} className="field filter-field">
          <label htmlFor={`${inputId}-${name}`}>{label}</label>
          <SelectPlaceholder inputId={`${inputId}-${name}`} />
        </div>
      ))}
    </>
  ),
);

/**
 * The recipe list's filter bar (issue 23 §5): tags, max time, with and without ingredients,
 * minimum rating, from cooks I follow (signed in) and, on My Recipes, visibility; then diets,
 * allergens to avoid and kcal per serving (issue 38). Every change is one `onChange` (the page
 * writes it into the URL). On a phone it folds behind a "Filters (N)" button; wider screens
 * show it open (styles.css).
 */
export function FilterBar({
  filters,
  onChange,
  visibility = false,
}: {
  filters: RecipeFilters;
  onChange: (filters: RecipeFilters) => void;
  /** Offer the visibility filter (My Recipes). */
  visibility?: boolean;
}) {
  const id = useId();
  const { authenticated } = useSession();
  // The pickers' code (react-select, a fifth of a page) waits until the fields are in view: on a
  // phone, until "Filters" opens them, so the recipes come first on a slow network.
  const fields = useRef<HTMLFieldSetElement>(null);
  const fieldsInView = useSeenOnScreen(fields);
  const count = activeCount(filters);
  // With a filter on, the list may come back empty: fetch the words that say which to loosen.
  useEffect(() => {
    if (count > 0) void NoMatches.preload();
  }, [count]);
  const set = (change: Partial<RecipeFilters>) => onChange({ ...filters, ...change });
  const minuteChoices = choicesWith(MAX_MINUTES_CHOICES, filters.max_minutes);
  const ratingChoices = choicesWith(MIN_RATING_CHOICES, filters.min_rating);

  return (
    <Disclosure label={t("recipeFilters.bar.toggle", { count })} className="filter-bar">
      <fieldset ref={fields} className="filter-bar-fields">
        <legend className="visually-hidden">{t("recipeFilters.bar.legend")}</legend>
        <div className="field filter-field filter-field-wide">
          <label htmlFor={`${id}-tag`}>{t("recipeFilters.bar.tags")}</label>
          <FilterPicker
            load={fieldsInView}
            inputId={`${id}-tag`}
            kind="tag"
            chosen={filters.tag}
            onPick={({ name }) => {
              const tag = normalTag(name);
              if (!filters.tag.includes(tag)) set({ tag: [...filters.tag, tag] });
            }}
          />
          <Chips
            items={filters.tag.map((tag) => ({ key: tag, text: tag }))}
            removeLabel={(name) => t("recipeFilters.bar.removeTag", { name })}
            onRemove={(tag) => set({ tag: filters.tag.filter((one) => one !== tag) })}
          />
        </div>
        <div className="field filter-field">
          <label htmlFor={`${id}-minutes`}>{t("recipeFilters.bar.maxTime")}</label>
          <select
            id={`${id}-minutes`}
            value={filters.max_minutes ?? ""}
            onChange={(event) =>
              set({ max_minutes: event.target.value ? Number(event.target.value) : undefined })
            }
          >
            <option value="">{t("recipeFilters.bar.anyTime")}</option>
            {minuteChoices.map((minutes) => (
              <option key={minutes} value={minutes}>
                {t("recipeFilters.bar.minutesOrLess", { minutes })}
              </option>
            ))}
          </select>
        </div>
        <div className="field filter-field">
          <label htmlFor={`${id}-rating`}>{t("recipeFilters.bar.minRating")}</label>
          <select
            id={`${id}-rating`}
            value={filters.min_rating ?? ""}
            onChange={(event) =>
              set({ min_rating: event.target.value ? Number(event.target.value) : undefined })
            }
          >
            <option value="">{t("recipeFilters.bar.anyRating")}</option>
            {ratingChoices.map((stars) => (
              <option key={stars} value={stars}>
                {ratingLabel(stars)}
              </option>
            ))}
          </select>
        </div>
        <div className="field filter-field">
          <label htmlFor={`${id}-language`}>{t("recipeFilters.bar.language")}</label>
          <select
            id={`${id}-language`}
            value={filters.language ?? ""}
            onChange={(event) =>
              set({ language: LANGUAGES.find((one) => one === event.target.value) })
            }
          >
            <option value="">{t("recipeFilters.bar.anyLanguage")}</option>
            {LANGUAGES.map((one) => (
              <option key={one} value={one} lang={one}>
                {languageName(one)}
              </option>
            ))}
          </select>
        </div>
        {visibility && (
          <div className="field filter-field">
            <label htmlFor={`${id}-visibility`}>{t("recipeFilters.bar.visibility")}</label>
            <select
              id={`${id}-visibility`}
              value={filters.visibility ?? ""}
              onChange={(event) =>
                set({
                  visibility: RECIPE_VISIBILITIES.find((one) => one === event.target.value),
                })
              }
            >
              <option value="">{t("recipeFilters.bar.all")}</option>
              {RECIPE_VISIBILITIES.map((one) => (
                <option key={one} value={one}>
                  {visibilityChoice(one)}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="field filter-field filter-field-wide">
          <label htmlFor={`${id}-with`}>{t("recipeFilters.bar.with")}</label>
          <FilterPicker
            load={fieldsInView}
            inputId={`${id}-with`}
            kind="ingredient"
            chosen={filters.ingredient.map(ingredientName)}
            onPick={({ id: ingredient, name }) => {
              rememberIngredient(ingredient, name);
              set({
                ingredient: [...new Set([...filters.ingredient, ingredient])],
                exclude_ingredient: filters.exclude_ingredient.filter((one) => one !== ingredient),
              });
            }}
          />
          <Chips
            items={filters.ingredient.map((one) => ({ key: one, text: ingredientName(one) }))}
            removeLabel={(name) => t("recipeFilters.bar.removeIngredient", { name })}
            onRemove={(one) => set({ ingredient: filters.ingredient.filter((i) => i !== one) })}
          />
        </div>
        <div className="field filter-field filter-field-wide">
          <label htmlFor={`${id}-without`}>{t("recipeFilters.bar.without")}</label>
          <FilterPicker
            load={fieldsInView}
            inputId={`${id}-without`}
            kind="ingredient"
            chosen={filters.exclude_ingredient.map(ingredientName)}
            onPick={({ id: ingredient, name }) => {
              rememberIngredient(ingredient, name);
              set({
                exclude_ingredient: [...new Set([...filters.exclude_ingredient, ingredient])],
                ingredient: filters.ingredient.filter((one) => one !== ingredient),
              });
            }}
          />
          <Chips
            items={filters.exclude_ingredient.map((one) => ({
              key: one,
              text: ingredientName(one),
            }))}
            removeLabel={(name) => t("recipeFilters.bar.removeExcluded", { name })}
            onRemove={(one) =>
              set({ exclude_ingredient: filters.exclude_ingredient.filter((i) => i !== one) })
            }
          />
        </div>
        <FoodFilters load={fieldsInView} inputId={id} filters={filters} set={set} />
        <div className="filter-bar-end">
          {authenticated && (
            <label className="checkbox-inline filter-following">
              <input
                type="checkbox"
                checked={filters.following}
                onChange={(event) => set({ following: event.target.checked })}
              />
              {t("recipeFilters.bar.following")}
            </label>
          )}
          {authenticated && (
            <label className="checkbox-inline filter-following">
              <input
                type="checkbox"
                checked={filters.safe_for_table}
                onChange={(event) => set({ safe_for_table: event.target.checked })}
              />
              {t("recipeFilters.bar.safeForTable")}
            </label>
          )}
          {count > 0 && (
            <button
              type="button"
              className="btn btn-outline btn-small"
              onClick={() => onChange({ ...NO_FILTERS })}
            >
              {t("recipeFilters.clear")}
            </button>
          )}
        </div>
      </fieldset>
    </Disclosure>
  );
}
