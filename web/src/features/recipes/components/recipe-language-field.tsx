import { LANGUAGES, type Language } from "@potluck/contract/languages";
import { t } from "../../../lib/i18n";
import { languageName } from "../../../lib/i18n/format";
import { serverFieldErrors } from "../tags-times";

/** The language the recipe is written in: the author's by default (the form starts there). */
export function RecipeLanguageField({
  value,
  onChange,
  saveError,
}: {
  value: Language;
  onChange: (language: Language) => void;
  saveError: unknown;
}) {
  const error = serverFieldErrors(saveError, "language").join(" ");
  return (
    <div className="field recipe-language">
      <label htmlFor="recipe-language">{t("recipes.language.label")}</label>
      <select
        id="recipe-language"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "recipe-language-error" : "recipe-language-hint"}
        onChange={(event) => {
          const chosen = LANGUAGES.find((one) => one === event.target.value);
          if (chosen) onChange(chosen);
        }}
      >
        {LANGUAGES.map((one) => (
          <option key={one} value={one}>
            {languageName(one)}
          </option>
        ))}
      </select>
      <p className="hint" id="recipe-language-hint">
        {t("recipes.language.hint")}
      </p>
      {error && (
        <p className="field-error" id="recipe-language-error">
          {error}
        </p>
      )}
    </div>
  );
}
