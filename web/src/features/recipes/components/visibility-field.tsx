import type { RecipeVisibility } from "@potluck/contract/limits";
import { useId } from "react";
import { t } from "../../../lib/i18n";
import { VISIBILITY_CHOICES } from "../../../lib/recipe-visibility";

/**
 * Who may read the recipe: three radio buttons, each with the line saying who sees it, as
 * Settings' default visibility offers them (all choices in view, each a full-width tap target).
 */
export function VisibilityField({
  value,
  onChange,
}: {
  value: RecipeVisibility;
  onChange: (visibility: RecipeVisibility) => void;
}) {
  const name = useId();
  return (
    <fieldset className="field choice-group recipe-visibility">
      <legend>{t("recipes.visibility.legend")}</legend>
      {VISIBILITY_CHOICES.map((choice) => (
        <label key={choice.value} className="choice">
          <input
            type="radio"
            name={name}
            value={choice.value}
            checked={value === choice.value}
            onChange={() => onChange(choice.value)}
          />
          <span>
            <span className="choice-label">{choice.label}</span>{" "}
            <span className="muted small">{choice.hint}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
