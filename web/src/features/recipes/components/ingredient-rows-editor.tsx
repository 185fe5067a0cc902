import { RECIPE_INGREDIENT_TEXT_MAX } from "@potluck/contract/limits";
import { TO_TASTE_UNIT } from "@potluck/contract/row-note";
import { type ReactNode, useCallback, useEffect, useState } from "react";
import { AS_WRITTEN_ID, AsyncPicker, type PickerOption } from "../../../components/async-picker";
import { t } from "../../../lib/i18n";
import { tRich } from "../../../lib/i18n/rich";
import { useUnits } from "../../../lib/ingredients/get-units";
import { createIngredient, searchIngredients } from "../../../lib/ingredients/search-ingredients";
import {
  COUNT_CHOICE,
  emptyRow,
  type IngredientRow,
  isAsWritten,
  isToTaste,
  type RowProblem,
  rowNeedsCheck,
  unitAfterPick,
} from "../recipe-form-logic";
import "./ingredient-rows-editor.css";

export const INGREDIENT_SEARCH_LIMIT = 25;

/** The ids of a row's controls, for labels, error marks and focus. */
export const rowFieldId = (
  key: string,
  field: "ingredient" | "quantity" | "unit" | "note" | "optional",
) => `${key}-${field}`;

/** The unit a "No unit" row is saved with: the count unit, when the units have loaded. */
export function useCountUnitId(): number | undefined {
  const units = useUnits();
  return units.data?.find((unit) => (unit.code ?? unit.name) === "piece")?.id;
}

/** The "to taste" unit, whose rows have no quantity (issue 34 §11), once the units loaded. */
export function useToTasteUnitId(): number | undefined {
  const units = useUnits();
  return units.data?.find((unit) => (unit.code ?? unit.name) === TO_TASTE_UNIT)?.id;
}

/** The words of a row's label that only a screen reader says ("Ingredient 2"). */
const hidden = (chunks: ReactNode[]) => <span className="visually-hidden">{chunks}</span>;

/** What a row's picker shows: its ingredient, or its words kept as written. */
const pickerValue = (row: IngredientRow): PickerOption | null =>
  isAsWritten(row) ? { id: AS_WRITTEN_ID, name: row.text } : row.ingredient;

/**
 * A pick: an ingredient of the catalogue (its unit starting at a count when it is usually
 * counted, see unitAfterPick), or the typed words kept as written.
 */
const picked = (row: IngredientRow, option: PickerOption | null): Partial<IngredientRow> => {
  if (option?.id === AS_WRITTEN_ID) {
    // Kept as written, a row has no count choice ("No unit" is one): a count set by a pick goes.
    const unitId = row.unitId === COUNT_CHOICE ? "" : row.unitId;
    return { ingredient: null, text: option.name, unitId };
  }
  if (option === null) return { ingredient: null, text: undefined };
  // The search's and the create's answers say `counted` (IngredientChoice).
  const choice = option as PickerOption & { counted?: boolean };
  return {
    ingredient: { id: choice.id, name: choice.name },
    text: undefined,
    unitId: unitAfterPick(row, choice),
  };
};

/**
 * Ingredient rows of the recipe form: picker, quantity (for the recipe's servings), unit,
 * remove. The picker also keeps what was typed as written ("a handful of fresh herbs"): such a
 * row needs no quantity nor unit. A partly filled row is marked with what it lacks (`problems`).
 */
export function IngredientRowsEditor({
  rows,
  onChange,
  canCreate,
  servings,
  problems = [],
}: {
  rows: IngredientRow[];
  onChange: (rows: IngredientRow[]) => void;
  /** Signed-in users may add an ingredient the catalogue lacks. */
  canCreate: boolean;
  /** How many the quantities are for; null while the servings field holds no valid number. */
  servings: number | null;
  problems?: RowProblem[];
}) {
  const units = useUnits();
  const countUnitId = useCountUnitId();
  const toTasteUnitId = useToTasteUnitId();
  const load = useCallback((text: string) => searchIngredients(text, INGREDIENT_SEARCH_LIMIT), []);
  const update = (key: string, change: Partial<IngredientRow>) =>
    onChange(rows.map((row) => (row.key === key ? { ...row, ...change } : row)));
  // After "Add Ingredient", the cook goes on in the new row's picker.
  const [focusKey, setFocusKey] = useState<string | null>(null);
  useEffect(() => {
    if (focusKey === null || !rows.some((row) => row.key === focusKey)) return;
    document.getElementById(rowFieldId(focusKey, "ingredient"))?.focus();
    setFocusKey(null);
  }, [focusKey, rows]);
  const addRow = () => {
    const row = emptyRow();
    onChange([...rows, row]);
    setFocusKey(row.key);
  };

  return (
    <fieldset className="ingredient-rows">
      <legend className="label">{t("recipes.rows.legend")}</legend>
      <p className="hint" id="servings-note">
        {servings === null
          ? t("recipes.rows.quantitiesForAbove")
          : t("recipes.rows.quantitiesFor", { servings })}
      </p>
      {units.isError && (
        <div className="alert alert-error" role="alert">
          {t("recipes.rows.unitsError")}
        </div>
      )}
      <ol className="ingredient-row-list">
        {rows.map((row, index) => {
          const n = index + 1;
          // A line read from a page or a paste that needs the cook: say what it said.
          const unread = row.original !== undefined && rowNeedsCheck(row, toTasteUnitId);
          // "To taste" has no amount: the quantity is neither asked for nor sent.
          const toTaste = isToTaste(row, toTasteUnitId);
          const asWritten = isAsWritten(row);
          const asWrittenId = `${row.key}-as-written`;
          const problem = problems.find((p) => p.key === row.key);
          const invalid = (field: RowProblem["fields"][number]) =>
            problem?.fields.includes(field) ?? false;
          const errorId = `${row.key}-error`;
          const className = [
            "ingredient-row",
            unread && "needs-check",
            problem && "has-error",
          ].filter(Boolean);
          return (
            <li key={row.key} className={className.join(" ")}>
              {unread && (
                <p className="ingredient-row-original">
                  {tRich("recipes.rows.checkLine", { n, original: row.original, hidden })}
                </p>
              )}
              <div className="field ingredient-row-picker">
                <label htmlFor={rowFieldId(row.key, "ingredient")}>
                  {tRich("recipes.rows.ingredientLabel", { n, hidden })}
                </label>
                <AsyncPicker
                  inputId={rowFieldId(row.key, "ingredient")}
                  invalid={invalid("ingredient")}
                  value={pickerValue(row)}
                  onChange={(option: PickerOption | null) => update(row.key, picked(row, option))}
                  loadOptions={load}
                  onCreate={canCreate ? createIngredient : undefined}
                  asWritten={RECIPE_INGREDIENT_TEXT_MAX}
                />
              </div>
              <div className="field ingredient-row-quantity">
                <label htmlFor={rowFieldId(row.key, "quantity")}>
                  {tRich("recipes.rows.quantityLabel", { n, hidden })}
                </label>
                <input
                  id={rowFieldId(row.key, "quantity")}
                  type="number"
                  min={0.01}
                  step="any"
                  inputMode="decimal"
                  disabled={toTaste}
                  placeholder={toTaste ? t("recipes.rows.quantityNone") : undefined}
                  aria-invalid={invalid("quantity") || undefined}
                  aria-describedby={["servings-note", asWritten && asWrittenId, problem && errorId]
                    .filter(Boolean)
                    .join(" ")}
                  value={toTaste ? "" : row.quantity}
                  onChange={(event) => update(row.key, { quantity: event.target.value })}
                />
              </div>
              <div className="field ingredient-row-unit">
                <label htmlFor={rowFieldId(row.key, "unit")}>
                  {tRich("recipes.rows.unitLabel", { n, hidden })}
                </label>
                <select
                  id={rowFieldId(row.key, "unit")}
                  value={row.unitId}
                  disabled={!units.data}
                  aria-invalid={invalid("unit") || undefined}
                  aria-describedby={problem ? errorId : undefined}
                  onChange={(event) => update(row.key, { unitId: event.target.value })}
                >
                  {/* Kept as written, a row may have no unit: with a quantity, a count. */}
                  <option value="">
                    {asWritten ? t("recipes.rows.noUnit") : t("recipes.rows.chooseUnit")}
                  </option>
                  {countUnitId !== undefined && !asWritten && (
                    <option value={COUNT_CHOICE}>{t("recipes.rows.noUnitCount")}</option>
                  )}
                  {units.data?.map((unit) => (
                    <option key={unit.id} value={unit.id}>
                      {unit.name}
                    </option>
                  ))}
                </select>
              </div>
              <div className="ingredient-row-extras">
                <div className="field ingredient-row-note">
                  <label htmlFor={rowFieldId(row.key, "note")}>
                    {tRich("recipes.rows.noteLabel", { n, hidden })}
                  </label>
                  <input
                    id={rowFieldId(row.key, "note")}
                    type="text"
                    maxLength={RECIPE_INGREDIENT_TEXT_MAX}
                    placeholder={t("recipes.rows.notePlaceholder")}
                    value={row.note ?? ""}
                    onChange={(event) => update(row.key, { note: event.target.value })}
                  />
                </div>
                <div className="ingredient-row-optional">
                  <input
                    id={rowFieldId(row.key, "optional")}
                    type="checkbox"
                    checked={row.optional === true}
                    onChange={(event) => update(row.key, { optional: event.target.checked })}
                  />
                  <label htmlFor={rowFieldId(row.key, "optional")}>
                    {tRich("recipes.rows.optionalLabel", { n, hidden })}
                  </label>
                </div>
              </div>
              <button
                type="button"
                className="btn btn-secondary ingredient-row-remove"
                aria-label={t("recipes.rows.removeLabel", { n })}
                onClick={() => onChange(rows.filter((other) => other.key !== row.key))}
              >
                {t("recipes.rows.remove")}
              </button>
              {asWritten && (
                <p className="ingredient-row-as-written" id={asWrittenId}>
                  {t("recipes.rows.asWritten")}
                </p>
              )}
              {problem && (
                <p className="field-error ingredient-row-error" id={errorId}>
                  {problem.message}
                </p>
              )}
            </li>
          );
        })}
      </ol>
      <button type="button" className="btn btn-outline" onClick={addRow}>
        {t("recipes.rows.add")}
      </button>
    </fieldset>
  );
}
