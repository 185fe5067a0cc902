import type { RecipeVisibility } from "@potluck/contract/limits";
import { useId } from "react";
import { VISIBILITY_CHOICES, visibilityChoice } from "../../../lib/recipe-visibility";

/** Who may read the recipe: a select, and one line saying who sees it. */
export function VisibilityField({
  value,
  onChange,
}: {
  value: RecipeVisibility;
  onChange: (visibility: RecipeVisibility) => void;
}) {
  const id = useId();
  return (
    <div className="field recipe-visibility">
      <label htmlFor={id}>Visibility</label>
      <select
        id={id}
        value={value}
        aria-describedby={`${id}-hint`}
        onChange={(event) => onChange(event.target.value as RecipeVisibility)}
      >
        {VISIBILITY_CHOICES.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
      <p className="hint" id={`${id}-hint`}>
        {visibilityChoice(value)?.hint}
      </p>
    </div>
  );
}
