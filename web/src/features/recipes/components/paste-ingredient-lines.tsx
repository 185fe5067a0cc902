import { useId, useState } from "react";
import { Disclosure } from "../../../components/disclosure";
import { reasonOf } from "../../../lib/api-client";
import { t } from "../../../lib/i18n";
import { parseIngredientLines } from "../../../lib/ingredients/parse-lines";
import { type IngredientRow, PASTE_LINES_MAX, rowsFromLines } from "../recipe-form-logic";

/** 'Paste ingredient lines': one line each ("200 g red lentils"), turned into rows by the server. */
export function PasteIngredientLines({
  onRows,
  servings = 4,
}: {
  onRows: (rows: IngredientRow[]) => void;
  /** The recipe's servings, which the lines are written for (null: not a valid number yet). */
  servings?: number | null;
}) {
  const [text, setText] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const lines = text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);

  const add = async () => {
    setBusy(true);
    setError(null);
    try {
      onRows(rowsFromLines(await parseIngredientLines(lines)));
      setText("");
    } catch (failure) {
      setError(t("recipes.paste.readError", { reason: reasonOf(failure) }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Disclosure className="paste-lines" label={t("recipes.paste.toggle")}>
      <div className="field">
        <label htmlFor={id}>
          {servings === null
            ? t("recipes.paste.labelForAbove")
            : t("recipes.paste.labelFor", { servings })}
        </label>
        <textarea
          id={id}
          rows={5}
          placeholder={t("recipes.paste.placeholder")}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </div>
      {lines.length > PASTE_LINES_MAX && (
        <p className="field-error">{t("recipes.paste.tooMany", { max: PASTE_LINES_MAX })}</p>
      )}
      <button
        type="button"
        className="btn btn-outline"
        disabled={lines.length === 0 || lines.length > PASTE_LINES_MAX || busy}
        onClick={() => void add()}
      >
        {busy ? t("recipes.paste.reading") : t("recipes.paste.add")}
      </button>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </Disclosure>
  );
}
