import {
  RECIPE_MINUTES_MAX,
  RECIPE_SOURCE_NAME_MAX,
  RECIPE_SOURCE_URL_MAX,
} from "@potluck/contract/limits";
import { t } from "../../../lib/i18n";

/** The form's time and source fields, by their submission names. */
export type TimesSourceField = "prep_minutes" | "cook_minutes" | "source_url" | "source_name";
export type TimesSourceValues = Record<TimesSourceField, string>;

const FIELDS: { name: TimesSourceField; id: string; label: () => string }[] = [
  { name: "prep_minutes", id: "recipe-prep-minutes", label: () => t("recipes.times.prepLabel") },
  { name: "cook_minutes", id: "recipe-cook-minutes", label: () => t("recipes.times.cookLabel") },
];

export const timesSourceFieldId = (name: TimesSourceField) =>
  name === "source_url"
    ? "recipe-source-url"
    : name === "source_name"
      ? "recipe-source-name"
      : FIELDS.find((field) => field.name === name)?.id;

/**
 * Prep and cook minutes side by side (empty when the recipe doesn't say), and where the recipe
 * came from. `errors` are shown under their field: the form's own checks or the server's words.
 */
export function TimesSourceFields({
  values,
  onChange,
  errors,
}: {
  values: TimesSourceValues;
  onChange: (name: TimesSourceField, value: string) => void;
  errors: Partial<Record<TimesSourceField, string>>;
}) {
  return (
    <>
      <div className="recipe-times-fields">
        {FIELDS.map((field) => {
          const error = errors[field.name];
          return (
            <div className="field" key={field.name}>
              <label htmlFor={field.id}>{field.label()}</label>
              <input
                id={field.id}
                type="number"
                inputMode="numeric"
                min={0}
                max={RECIPE_MINUTES_MAX}
                step={1}
                value={values[field.name]}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${field.id}-error` : undefined}
                onChange={(event) => onChange(field.name, event.target.value)}
              />
              {error && (
                <p className="field-error" id={`${field.id}-error`}>
                  {error}
                </p>
              )}
            </div>
          );
        })}
      </div>
      <div className="field recipe-source">
        <label htmlFor="recipe-source-url">{t("recipes.source.urlLabel")}</label>
        <input
          id="recipe-source-url"
          type="url"
          inputMode="url"
          placeholder="https://…"
          maxLength={RECIPE_SOURCE_URL_MAX}
          value={values.source_url}
          aria-invalid={errors.source_url ? true : undefined}
          aria-describedby={
            errors.source_url ? "recipe-source-url-error" : "recipe-source-url-hint"
          }
          onChange={(event) => onChange("source_url", event.target.value)}
        />
        <p className="hint" id="recipe-source-url-hint">
          {t("recipes.source.urlHint")}
        </p>
        {errors.source_url && (
          <p className="field-error" id="recipe-source-url-error">
            {errors.source_url}
          </p>
        )}
      </div>
      <div className="field recipe-source">
        <label htmlFor="recipe-source-name">{t("recipes.source.nameLabel")}</label>
        <input
          id="recipe-source-name"
          type="text"
          maxLength={RECIPE_SOURCE_NAME_MAX}
          value={values.source_name}
          aria-invalid={errors.source_name ? true : undefined}
          aria-describedby={
            errors.source_name ? "recipe-source-name-error" : "recipe-source-name-hint"
          }
          onChange={(event) => onChange("source_name", event.target.value)}
        />
        <p className="hint" id="recipe-source-name-hint">
          {t("recipes.source.nameHint")}
        </p>
        {errors.source_name && (
          <p className="field-error" id="recipe-source-name-error">
            {errors.source_name}
          </p>
        )}
      </div>
    </>
  );
}
