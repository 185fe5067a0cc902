import type { PlannedRecipe } from "@potluck/contract";
import { useId } from "react";
import { LoadError } from "../../../components/load-error";
import { Loading } from "../../../components/status";
import { t } from "../../../lib/i18n";
import { tRich } from "../../../lib/i18n/rich";
import { useCreatePlannedRecipe } from "../api/create-planned-recipe";
import { useDeletePlannedRecipe } from "../api/delete-planned-recipe";
import { usePlannedRecipes } from "../api/get-planned-recipes";
import { formatPlannedDate, guestsText } from "../format";
import { useUndoNotice } from "../use-undo-notice";
import { UndoNotice } from "./undo-notice";

/** 'Planned Recipes:' by date (undated last), each with its recipe link and Delete. */
export function PlannedRecipes({ listId }: { listId: number }) {
  const plans = usePlannedRecipes(listId);
  const remove = useDeletePlannedRecipe(listId);
  const replan = useCreatePlannedRecipe(listId);
  const undo = useUndoNotice<PlannedRecipe>();
  const headingId = useId();
  // Undo plans it again as it was: same recipe, guests and date.
  const putBack = (plan: PlannedRecipe) =>
    replan.mutate(
      {
        grocery_list_id: String(listId),
        recipe_id: String(plan.recipe.id),
        guests: String(plan.guests),
        planned_on: plan.planned_on ?? undefined,
      },
      { onSuccess: undo.dismiss },
    );
  return (
    <section className="planned" aria-labelledby={headingId}>
      <h3 id={headingId}>{t("groceries.plannedRecipes.heading")}</h3>
      {plans.isPending ? (
        <Loading />
      ) : plans.isError ? (
        <LoadError
          text={t("groceries.plannedRecipes.loadFailed")}
          onRetry={() => void plans.refetch()}
          retrying={plans.isFetching}
        />
      ) : plans.data.length === 0 ? (
        <p className="muted">{t("groceries.plannedRecipes.empty")}</p>
      ) : (
        <ul className="planned-list">
          {plans.data.map((plan) => {
            const date = formatPlannedDate(plan.planned_on);
            return (
              <li key={plan.id} className="planned-entry">
                <div className="planned-what">
                  <span className="planned-date">{date}</span>
                  <span className="planned-title">{plan.recipe.title}</span>
                  <span className="planned-amount">{guestsText(plan.guests)}</span>
                </div>
                <div className="planned-actions">
                  <a
                    className="btn btn-outline btn-small"
                    href={`/recipes/${plan.recipe.id}`}
                    target="_blank"
                    rel="noopener noreferrer"
                  >
                    {tRich("groceries.plannedRecipes.view", {
                      hidden: (chunks) => <span className="visually-hidden">{chunks}</span>,
                      title: plan.recipe.title,
                    })}
                  </a>
                  <button
                    type="button"
                    className="btn btn-secondary btn-small"
                    disabled={remove.isPending && remove.variables === plan.id}
                    onClick={() => remove.mutate(plan.id, { onSuccess: () => undo.offer(plan) })}
                  >
                    {tRich("groceries.plannedRecipes.delete", {
                      hidden: (chunks) => <span className="visually-hidden">{chunks}</span>,
                      title: plan.recipe.title,
                      date,
                    })}
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {undo.removed && (
        <UndoNotice
          title={undo.removed.recipe.title}
          undoing={replan.isPending}
          onUndo={() => undo.removed && putBack(undo.removed)}
        />
      )}
    </section>
  );
}
