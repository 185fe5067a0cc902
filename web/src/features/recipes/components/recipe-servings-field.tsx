import { RECIPE_SERVINGS_MAX, RECIPE_SERVINGS_MIN } from "@potluck/contract/limits";
import { t } from "../../../lib/i18n";
import { servingsProblem } from "../recipe-form-logic";

/** How many the recipe makes as written; `error` marks a number out of range. */
export function RecipeServingsField({
  value,
  error,
  onChange,
}: {
  value: string;
  error: boolean;
  onChange: (value: string) => void;
}) {
  return (
    <div className="field recipe-servings">
      <label htmlFor="recipe-servings">{t("recipes.servings.label")}</label>
      <input
        id="recipe-servings"
        type="number"
        inputMode="numeric"
        min={RECIPE_SERVINGS_MIN}
        max={RECIPE_SERVINGS_MAX}
        step={1}
        value={value}
        aria-invalid={error || undefined}
        aria-describedby={error ? "recipe-servings-error" : "recipe-servings-hint"}
        onChange={(event) => onChange(event.target.value)}
      />
      <p className="hint" id="recipe-servings-hint">
        {t("recipes.servings.hint")}
      </p>
      {error && (
        <p className="field-error" id="recipe-servings-error">
          {servingsProblem()}
        </p>
      )}
    </div>
  );
}
