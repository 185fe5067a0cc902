import { RECIPE_NOTES_MAX } from "@potluck/contract/limits";
import { t } from "../../../lib/i18n";

/**
 * The cook's notes: plain text, line breaks kept, read after the steps on the recipe's page
 * and left out of cook mode. `error` is the server's words, shown under the field.
 */
export function NotesField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error: string[];
}) {
  const message = error.join(" ");
  return (
    <div className="field recipe-notes-field">
      <label htmlFor="recipe-notes">{t("recipes.notes.label")}</label>
      <textarea
        id="recipe-notes"
        rows={4}
        maxLength={RECIPE_NOTES_MAX}
        value={value}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? "recipe-notes-error" : "recipe-notes-hint"}
        onChange={(event) => onChange(event.target.value)}
      />
      <p className="hint" id="recipe-notes-hint">
        {t("recipes.notes.hint")}
      </p>
      {message && (
        <p className="field-error" id="recipe-notes-error">
          {message}
        </p>
      )}
    </div>
  );
}
