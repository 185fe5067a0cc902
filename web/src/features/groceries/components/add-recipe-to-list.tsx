import type { GroceryListSummary } from "@potluck/contract";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { Modal } from "../../../components/modal";
import { t } from "../../../lib/i18n";
import { tRich } from "../../../lib/i18n/rich";
import { queryClient } from "../../../lib/query-client";
import { useSession } from "../../../lib/session";
import { createPlannedRecipe } from "../api/create-planned-recipe";
import { useGroceryLists } from "../api/get-grocery-lists";
import { plannedRecipesQuery } from "../api/get-planned-recipes";
import { shoppingItemsQuery } from "../api/get-shopping-items";
import { listLabel, planErrorMessage } from "../format";
import { lastListOf, rememberLastList } from "../last-list";

/**
 * 'Add to shopping list' on a recipe's page, as Paprika, AnyList and Mealie have it: pick one of
 * the cook's lists (the one used last first) and the guests, and the recipe is planned onto it
 * (the planning call of the list page); a message then links to the list.
 */
export function AddRecipeToList({
  recipeId,
  recipeTitle,
  guests,
}: {
  recipeId: number;
  recipeTitle: string;
  /** The guests the recipe page shows now: the dialog starts with them. */
  guests: number;
}) {
  const [open, setOpen] = useState(false);
  const [added, setAdded] = useState<{ list: GroceryListSummary; guests: number } | null>(null);
  return (
    <>
      <button
        type="button"
        className="btn btn-outline btn-small"
        onClick={() => {
          setAdded(null);
          setOpen(true);
        }}
      >
        {t("groceries.addRecipe.title")}
      </button>
      {open && (
        <AddDialog
          recipeId={recipeId}
          recipeTitle={recipeTitle}
          guests={guests}
          onClose={() => setOpen(false)}
          onAdded={(list, planned) => {
            setAdded({ list, guests: planned });
            setOpen(false);
          }}
        />
      )}
      <p className="added-to-list" role="status">
        {added &&
          tRich("groceries.addRecipe.added", {
            count: added.guests,
            list: added.list.name,
            link: (chunks) => <Link to={`/grocery-list/${added.list.id}`}>{chunks}</Link>,
          })}
      </p>
    </>
  );
}

function AddDialog({
  recipeId,
  recipeTitle,
  guests,
  onClose,
  onAdded,
}: {
  recipeId: number;
  recipeTitle: string;
  guests: number;
  onClose: () => void;
  onAdded: (list: GroceryListSummary, guests: number) => void;
}) {
  const username = useSession().user?.username ?? "";
  const lists = useGroceryLists();
  const last = lastListOf(username);
  const [chosen, setChosen] = useState<string>("");
  const [guestsValue, setGuestsValue] = useState(String(guests));
  const [error, setError] = useState<string | null>(null);
  const ids = { list: useId(), guests: useId() };
  const firstField = useRef<HTMLSelectElement>(null);
  const all = lists.data ?? [];
  const listId = chosen || String(all.find((list) => list.id === last)?.id ?? all[0]?.id ?? "");
  const plan = useMutation({
    mutationFn: (fields: { listId: number; guests: string }) =>
      createPlannedRecipe({
        grocery_list_id: String(fields.listId),
        recipe_id: String(recipeId),
        guests: fields.guests,
      }),
    onSuccess: (_planned, fields) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: plannedRecipesQuery(fields.listId).queryKey }),
        queryClient.invalidateQueries({ queryKey: shoppingItemsQuery(fields.listId).queryKey }),
      ]),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const list = all.find((entry) => String(entry.id) === listId);
    const count = Number(guestsValue);
    if (!list || !Number.isInteger(count) || count < 1) {
      setError(t("groceries.addRecipe.missing"));
      return;
    }
    setError(null);
    plan.mutate(
      { listId: list.id, guests: String(count) },
      {
        onSuccess: () => {
          rememberLastList(username, list.id);
          onAdded(list, count);
        },
        onError: (failure) => setError(planErrorMessage(failure, "Recipe")),
      },
    );
  };

  return (
    <Modal title={t("groceries.addRecipe.title")} onClose={onClose} initialFocus={firstField}>
      <p className="muted">{recipeTitle}</p>
      {lists.isPending ? (
        <p>{t("groceries.addRecipe.loading")}</p>
      ) : all.length === 0 ? (
        <p>
          {tRich("groceries.addRecipe.noLists", {
            link: (chunks) => <Link to="/grocery-lists">{chunks}</Link>,
          })}
        </p>
      ) : (
        <form className="form" onSubmit={onSubmit}>
          {error && (
            <div className="alert alert-error" role="alert">
              {error}
            </div>
          )}
          <div className="field">
            <label htmlFor={ids.list}>{t("groceries.addRecipe.listLabel")}</label>
            <select
              ref={firstField}
              id={ids.list}
              value={listId}
              onChange={(event) => setChosen(event.target.value)}
            >
              {all.map((list) => (
                <option key={list.id} value={list.id}>
                  {listLabel(list)}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={ids.guests}>{t("groceries.addRecipe.guestsLabel")}</label>
            <input
              id={ids.guests}
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              value={guestsValue}
              onChange={(event) => setGuestsValue(event.target.value)}
            />
          </div>
          <button type="submit" className="btn btn-primary" disabled={plan.isPending}>
            {plan.isPending ? t("groceries.addRecipe.adding") : t("groceries.addRecipe.submit")}
          </button>
        </form>
      )}
    </Modal>
  );
}
