import type { PlannedExtra } from "@potluck/contract";
import { ingredientLineText } from "@potluck/contract/units";
import { useId } from "react";
import { LoadError } from "../../../components/load-error";
import { Loading } from "../../../components/status";
import { useCreatePlannedExtra } from "../api/create-planned-extra";
import { useDeletePlannedExtra } from "../api/delete-planned-extra";
import { usePlannedExtras } from "../api/get-planned-extras";
import { useUndoNotice } from "../use-undo-notice";
import { UndoNotice } from "./undo-notice";

/** 'Planned Extras:' each with its quantity, unit and Delete. */
export function PlannedExtras({ listId }: { listId: number }) {
  const extras = usePlannedExtras(listId);
  const remove = useDeletePlannedExtra(listId);
  const replan = useCreatePlannedExtra(listId);
  const undo = useUndoNotice<PlannedExtra>();
  const headingId = useId();
  // Undo plans it again as it was: same ingredient, quantity and unit.
  const putBack = (extra: PlannedExtra) =>
    replan.mutate(
      {
        grocery_list_id: String(listId),
        ingredient_id: String(extra.ingredient.id),
        quantity: String(extra.quantity),
        unit_id: String(extra.unit.id),
      },
      { onSuccess: undo.dismiss },
    );
  return (
    <section className="planned" aria-labelledby={headingId}>
      <h3 id={headingId}>Planned Extras:</h3>
      {extras.isPending ? (
        <Loading />
      ) : extras.isError ? (
        <LoadError
          text="The planned extras could not be loaded."
          onRetry={() => void extras.refetch()}
          retrying={extras.isFetching}
        />
      ) : extras.data.length === 0 ? (
        <p className="muted">No extras planned yet.</p>
      ) : (
        <ul className="planned-list">
          {extras.data.map((extra) => (
            <li key={extra.id} className="planned-entry">
              <div className="planned-what">
                <span className="planned-title">{extra.ingredient.name}</span>
                <span className="planned-amount">
                  {
                    ingredientLineText(extra.quantity, extra.unit.name, extra.ingredient.name)
                      .amount
                  }
                </span>
              </div>
              <div className="planned-actions">
                <button
                  type="button"
                  className="btn btn-secondary btn-small"
                  disabled={remove.isPending && remove.variables === extra.id}
                  onClick={() => remove.mutate(extra.id, { onSuccess: () => undo.offer(extra) })}
                >
                  Delete
                  <span className="visually-hidden"> {extra.ingredient.name}</span>
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {undo.removed && (
        <UndoNotice
          title={undo.removed.ingredient.name}
          undoing={replan.isPending}
          onUndo={() => undo.removed && putBack(undo.removed)}
        />
      )}
    </section>
  );
}
