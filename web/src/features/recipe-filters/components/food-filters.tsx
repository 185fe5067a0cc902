import type { Allergen } from "@potluck/contract";
import { ALLERGEN_CODES, allergenName, DIET_CODES, dietName } from "../../../lib/food-names";
import { formattingLocale, t } from "../../../lib/i18n";
import { choicesWith, MAX_KCAL_CHOICES, type RecipeFilters } from "../filters";
import { Chips } from "./chips";
import { FilterChoices } from "./filter-choices";
import "./food-filters.css";

export interface FoodFiltersProps {
  /** The bar's id: each field's is this with "-diet", "-allergens" or "-kcal". */
  inputId: string;
  filters: RecipeFilters;
  set: (change: Partial<RecipeFilters>) => void;
}

/** "Peanuts": an allergen as a choice of its own reads (the catalogue's is lower-case). */
const allergenChoice = (allergen: Allergen) => {
  const name = allergenName(allergen);
  return name.charAt(0).toLocaleUpperCase(formattingLocale()) + name.slice(1);
};

/**
 * The filter bar's fields of what a recipe holds (issue 38): the diets it keeps to and the
 * allergens it must not hold (several of each, checkboxes; the chosen ones chips, as the tags
 * are), and the most kcal a serving may have. Its own chunk: the bar defers it.
 */
export function FoodFilters({ inputId, filters, set }: FoodFiltersProps) {
  return (
    <>
      <div className="field filter-field">
        <FilterChoices
          inputId={`${inputId}-diet`}
          label={t("recipeFilters.bar.diet")}
          summary={t("recipeFilters.bar.dietSummary", { count: filters.diet.length })}
          choices={DIET_CODES.map((diet) => ({ code: diet, text: dietName(diet) }))}
          chosen={filters.diet}
          onChange={(chosen) => set({ diet: DIET_CODES.filter((one) => chosen.includes(one)) })}
        />
        <Chips
          items={filters.diet.map((diet) => ({ key: diet, text: dietName(diet) }))}
          removeLabel={(name) => t("recipeFilters.bar.removeDiet", { name })}
          onRemove={(diet) => set({ diet: filters.diet.filter((one) => one !== diet) })}
        />
      </div>
      <div className="field filter-field">
        <FilterChoices
          inputId={`${inputId}-allergens`}
          label={t("recipeFilters.bar.allergens")}
          summary={t("recipeFilters.bar.allergenSummary", {
            count: filters.without_allergen.length,
          })}
          choices={ALLERGEN_CODES.map((allergen) => ({
            code: allergen,
            text: allergenChoice(allergen),
          }))}
          chosen={filters.without_allergen}
          onChange={(chosen) =>
            set({ without_allergen: ALLERGEN_CODES.filter((one) => chosen.includes(one)) })
          }
        />
        <Chips
          items={filters.without_allergen.map((allergen) => ({
            key: allergen,
            text: allergenChoice(allergen),
          }))}
          removeLabel={(name) => t("recipeFilters.bar.removeAllergen", { name })}
          onRemove={(allergen) =>
            set({ without_allergen: filters.without_allergen.filter((one) => one !== allergen) })
          }
        />
      </div>
      <div className="field filter-field">
        <label htmlFor={`${inputId}-kcal`}>{t("recipeFilters.bar.maxKcal")}</label>
        <select
          id={`${inputId}-kcal`}
          value={filters.max_kcal ?? ""}
          onChange={(event) =>
            set({ max_kcal: event.target.value ? Number(event.target.value) : undefined })
          }
        >
          <option value="">{t("recipeFilters.bar.anyKcal")}</option>
          {choicesWith(MAX_KCAL_CHOICES, filters.max_kcal).map((kcal) => (
            <option key={kcal} value={kcal}>
              {t("recipeFilters.bar.kcalOrLess", { kcal })}
            </option>
          ))}
        </select>
      </div>
    </>
  );
}

// The empty result's message (no-matches.tsx defers it) comes in this chunk too: with a filter
// on, both are wanted, and one file is one round trip on a phone.
export { NoMatchesMessage } from "./no-matches-message";
