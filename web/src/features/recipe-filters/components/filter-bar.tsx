import { LANGUAGES } from "@potluck/contract/languages";
import { RECIPE_VISIBILITIES, type RecipeVisibility } from "@potluck/contract/limits";
import { useId, useRef } from "react";
import { Disclosure } from "../../../components/disclosure";
import { t } from "../../../lib/i18n";
import { languageName } from "../../../lib/i18n/format";
import { useSession } from "../../../lib/session";
import { useSeenOnScreen } from "../../../lib/use-seen-on-screen";
import {
  activeCount,
  MAX_MINUTES_CHOICES,
  MIN_RATING_CHOICES,
  NO_FILTERS,
  normalTag,
  type RecipeFilters,
  ratingLabel,
} from "../filters";
import { ingredientName, rememberIngredient } from "../ingredient-names";
import { FilterPicker } from "./filter-picker";

const visibilityChoice = (visibility: RecipeVisibility) =>
  visibility === "public"
    ? t("recipeFilters.bar.public")
    : visibility === "followers"
      ? t("recipeFilters.bar.followers")
      : t("recipeFilters.bar.private");

/**
 * The recipe list's filter bar (issue 23 §5): tags, max time, with and without ingredients,
 * minimum rating, from cooks I follow (signed in) and, on My Recipes, visibility. Every change
 * is one `onChange` (the page writes it into the URL). On a phone it folds behind a
 * "Filters (N)" button; wider screens show it open (styles.css).
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
  const set = (change: Partial<RecipeFilters>) => onChange({ ...filters, ...change });
  const minuteChoices = [...MAX_MINUTES_CHOICES] as number[];
  if (filters.max_minutes !== undefined && !minuteChoices.includes(filters.max_minutes)) {
    minuteChoices.push(filters.max_minutes);
    minuteChoices.sort((a, b) => a - b);
  }
  const ratingChoices = [...MIN_RATING_CHOICES] as number[];
  if (filters.min_rating !== undefined && !ratingChoices.includes(filters.min_rating)) {
    ratingChoices.push(filters.min_rating);
    ratingChoices.sort((a, b) => a - b);
  }

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

/** The chosen values of a multi-value filter, each with a button that takes it out. */
function Chips<Key extends string | number>({
  items,
  removeLabel,
  onRemove,
}: {
  items: { key: Key; text: string }[];
  /** The remove button's name for a chip ("Remove tag vegan"). */
  removeLabel: (text: string) => string;
  onRemove: (key: Key) => void;
}) {
  if (items.length === 0) return null;
  return (
    <ul className="filter-chips">
      {items.map((item) => (
        <li key={item.key} className="filter-chip">
          <span>{item.text}</span>
          <button
            type="button"
            className="filter-chip-remove"
            aria-label={removeLabel(item.text)}
            onClick={() => onRemove(item.key)}
          >
            <span aria-hidden="true">×</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
