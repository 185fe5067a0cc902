import { useCallback } from "react";
import { AsyncPicker, type PickerOption } from "../../../components/async-picker";
import { useUnits } from "../../../lib/ingredients/get-units";
import { createIngredient, searchIngredients } from "../../../lib/ingredients/search-ingredients";
import { emptyRow, type IngredientRow, rowNeedsCheck } from "../recipe-form-logic";

export const INGREDIENT_SEARCH_LIMIT = 25;

/** Ingredient rows of the recipe form: picker, quantity (for 4 servings), unit, remove. */
export function IngredientRowsEditor({
  rows,
  onChange,
  canCreate,
}: {
  rows: IngredientRow[];
  onChange: (rows: IngredientRow[]) => void;
  /** Signed-in users may add an ingredient the catalogue lacks. */
  canCreate: boolean;
}) {
  const units = useUnits();
  const load = useCallback((text: string) => searchIngredients(text, INGREDIENT_SEARCH_LIMIT), []);
  const update = (key: string, change: Partial<IngredientRow>) =>
    onChange(rows.map((row) => (row.key === key ? { ...row, ...change } : row)));

  return (
    <fieldset className="ingredient-rows">
      <legend className="label">Ingredients</legend>
      <p className="hint" id="servings-note">
        Quantities are for 4 servings.
      </p>
      {units.isError && (
        <div className="alert alert-error" role="alert">
          Could not load ingredient units. Please try reloading.
        </div>
      )}
      <ol className="ingredient-row-list">
        {rows.map((row, index) => {
          const n = index + 1;
          // A line read from a page or a paste that needs the cook: say what it said.
          const unread = row.original !== undefined && rowNeedsCheck(row);
          return (
            <li key={row.key} className={unread ? "ingredient-row needs-check" : "ingredient-row"}>
              {unread && (
                <p className="ingredient-row-original">
                  <span className="visually-hidden">Ingredient {n} </span>Check this line: “
                  {row.original}”
                </p>
              )}
              <div className="field ingredient-row-picker">
                <label htmlFor={`${row.key}-ingredient`}>
                  Ingredient<span className="visually-hidden"> {n}</span>
                </label>
                <AsyncPicker
                  inputId={`${row.key}-ingredient`}
                  value={row.ingredient}
                  onChange={(ingredient: PickerOption | null) => update(row.key, { ingredient })}
                  loadOptions={load}
                  onCreate={canCreate ? createIngredient : undefined}
                />
              </div>
              <div className="field ingredient-row-quantity">
                <label htmlFor={`${row.key}-quantity`}>
                  Quantity<span className="visually-hidden"> {n}</span>
                </label>
                <input
                  id={`${row.key}-quantity`}
                  type="number"
                  min={0.01}
                  step="any"
                  inputMode="decimal"
                  aria-describedby="servings-note"
                  value={row.quantity}
                  onChange={(event) => update(row.key, { quantity: event.target.value })}
                />
              </div>
              <div className="field ingredient-row-unit">
                <label htmlFor={`${row.key}-unit`}>
                  Unit<span className="visually-hidden"> {n}</span>
                </label>
                <select
                  id={`${row.key}-unit`}
                  value={row.unitId}
                  disabled={!units.data}
                  onChange={(event) => update(row.key, { unitId: event.target.value })}
                >
                  <option value="">Choose a unit</option>
                  {units.data?.map((unit) => (
                    <option key={unit.id} value={unit.id}>
                      {unit.name}
                    </option>
                  ))}
                </select>
              </div>
              <button
                type="button"
                className="btn btn-secondary ingredient-row-remove"
                aria-label={`Remove ingredient ${n}`}
                onClick={() => onChange(rows.filter((other) => other.key !== row.key))}
              >
                Remove
              </button>
            </li>
          );
        })}
      </ol>
      <button
        type="button"
        className="btn btn-outline"
        onClick={() => onChange([...rows, emptyRow()])}
      >
        Add Ingredient
      </button>
    </fieldset>
  );
}
