import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useId, useRef, useState } from "react";
import { deferred } from "../../../components/deferred";
import type { PickerOption } from "../../../components/picker";
import { SelectPlaceholder } from "../../../components/select-placeholder";
import { t } from "../../../lib/i18n";
import { unitsQuery } from "../../../lib/ingredients/get-units";
import { searchIngredients } from "../../../lib/ingredients/search-ingredients";
import { useSeenOnScreen } from "../../../lib/use-seen-on-screen";
import { useCreatePlannedExtra } from "../api/create-planned-extra";
import { useCreatePlannedRecipe } from "../api/create-planned-recipe";
import { useShoppingLinesSettled } from "../api/get-shopping-items";
import { PLANNING_SEARCH_LIMIT, searchRecipeOptions } from "../api/search-recipes";
import { type PlanKind, planErrorMessage } from "../format";

/** The recipe or extra picker, loaded once near the screen: react-select is a third of a page. */
const PlanPicker = deferred(
  async () => (await import("./plan-picker-select")).PlanPickerSelect,
  ({ inputId, value }) => <SelectPlaceholder inputId={inputId} text={value?.name} />,
);

const loaders: Record<PlanKind, (text: string) => Promise<PickerOption[]>> = {
  Recipe: async (text) =>
    (await searchRecipeOptions(text)).map((recipe) => ({ id: recipe.id, name: recipe.title })),
  Extra: (text) => searchIngredients(text, PLANNING_SEARCH_LIMIT),
};

/**
 * 'Plan a Recipe' (guests, optional date) or 'Plan a Extra' (quantity, unit) onto a list.
 * Success clears the form and refreshes the shopping list and the planned entries.
 */
export function PlanForm({ kind, listId }: { kind: PlanKind; listId: number | null }) {
  const isRecipe = kind === "Recipe";
  const quantityLabel = isRecipe
    ? t("groceries.planForm.guests")
    : t("groceries.planForm.quantity");
  const [item, setItem] = useState<PickerOption | null>(null);
  const [quantity, setQuantity] = useState("");
  const [unitId, setUnitId] = useState("");
  const [plannedOn, setPlannedOn] = useState("");
  const [formError, setError] = useState<string | null>(null);
  const error = listId === null ? t("groceries.planForm.noListId") : formError;
  const planRecipe = useCreatePlannedRecipe(listId ?? 0);
  const planExtra = useCreatePlannedExtra(listId ?? 0);
  const saving = planRecipe.isPending || planExtra.isPending;
  const units = useQuery({ ...unitsQuery, enabled: !isRecipe });
  const unitList = units.data ?? [];
  const formRef = useRef<HTMLDivElement>(null);
  const onScreen = useSeenOnScreen(formRef, useShoppingLinesSettled(listId));
  const ids = { item: useId(), quantity: useId(), unit: useId(), date: useId(), heading: useId() };

  const chooseItem = (option: PickerOption | null) => {
    setItem(option);
    setQuantity("");
    setUnitId("");
    setPlannedOn("");
    setError(null);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (listId === null) return;
    if (!item || quantity.trim() === "") {
      setError(
        isRecipe ? t("groceries.planForm.missingRecipe") : t("groceries.planForm.missingExtra"),
      );
      return;
    }
    if (!isRecipe && !unitId) {
      setError(t("groceries.planForm.missingUnit"));
      return;
    }
    setError(null);
    const handlers = {
      onSuccess: () => chooseItem(null),
      onError: (failure: unknown) => setError(planErrorMessage(failure, kind)),
    };
    const list = String(listId);
    if (isRecipe) {
      planRecipe.mutate(
        {
          grocery_list_id: list,
          recipe_id: String(item.id),
          guests: quantity,
          planned_on: plannedOn || undefined,
        },
        handlers,
      );
    } else {
      planExtra.mutate(
        { grocery_list_id: list, ingredient_id: String(item.id), quantity, unit_id: unitId },
        handlers,
      );
    }
  };

  const unitsError = units.isError
    ? units.error instanceof Error && units.error.message
      ? units.error.message
      : t("groceries.planForm.unitsFailed")
    : null;

  return (
    <div ref={formRef} className="plan-form">
      <h2 id={ids.heading}>
        {isRecipe ? t("groceries.planForm.headingRecipe") : t("groceries.planForm.headingExtra")}
      </h2>
      {listId === null && <p className="muted">{t("groceries.planForm.noList")}</p>}
      {error && (
        <div className="alert alert-error" role="alert">
          {error}
        </div>
      )}
      <form className="form" onSubmit={onSubmit} aria-labelledby={ids.heading}>
        <div className="field">
          <label htmlFor={ids.item}>
            {isRecipe ? t("groceries.planForm.recipe") : t("groceries.planForm.extra")}
          </label>
          <PlanPicker
            load={onScreen}
            inputId={ids.item}
            value={item}
            onChange={chooseItem}
            loadOptions={loaders[kind]}
            suggest={isRecipe}
          />
        </div>
        <div className="plan-form-row">
          <div className="field">
            <label htmlFor={ids.quantity}>{quantityLabel}</label>
            <input
              id={ids.quantity}
              type="number"
              inputMode={isRecipe ? "numeric" : "decimal"}
              min={1}
              step={isRecipe ? 1 : "any"}
              value={quantity}
              onChange={(event) => setQuantity(event.target.value)}
            />
          </div>
          {isRecipe ? (
            <div className="field">
              <label htmlFor={ids.date}>{t("groceries.planForm.date")}</label>
              <input
                id={ids.date}
                type="date"
                value={plannedOn}
                onChange={(event) => setPlannedOn(event.target.value)}
              />
            </div>
          ) : (
            <div className="field">
              <label htmlFor={ids.unit}>{t("groceries.planForm.unit")}</label>
              <select
                id={ids.unit}
                value={unitId}
                disabled={unitList.length === 0}
                onChange={(event) => setUnitId(event.target.value)}
              >
                <option value="">{t("groceries.planForm.chooseUnit")}</option>
                {unitList.map((unit) => (
                  <option key={unit.id} value={unit.id}>
                    {unit.name}
                  </option>
                ))}
              </select>
            </div>
          )}
        </div>
        {!isRecipe && unitsError && (
          <div className="alert alert-error" role="alert">
            {unitsError}
          </div>
        )}
        <button
          type="submit"
          className="btn btn-primary"
          disabled={saving || quantity === "" || (!isRecipe && !unitId)}
        >
          {saving
            ? t("groceries.planForm.planning")
            : isRecipe
              ? t("groceries.planForm.submitRecipe")
              : t("groceries.planForm.submitExtra")}
        </button>
      </form>
    </div>
  );
}
