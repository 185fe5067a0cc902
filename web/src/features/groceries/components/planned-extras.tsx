import type { CreatePlannedExtraBody, PlannedExtra } from "@potluck/contract";
import { useId } from "react";
import { LoadError } from "../../../components/load-error";
import { Loading } from "../../../components/status";
import type { FormFields } from "../../../lib/api-client";
import { LeftToRightNumbers } from "../../../lib/bidi";
import { t } from "../../../lib/i18n";
import { tRich } from "../../../lib/i18n/rich";
import { useCreatePlannedExtra } from "../api/create-planned-extra";
import { useDeletePlannedExtra } from "../api/delete-planned-extra";
import { usePlannedExtras } from "../api/get-planned-extras";
import { listLineText } from "../line-text";
import { useUndoNotice } from "../use-undo-notice";
import { UndoNotice } from "./undo-notice";

/** 'Planned Extras:' each with its quantity, unit and Delete. */
export function PlannedExtras({ listId }: { listId: number }) {
  const extras = usePlannedExtras(listId);
  const remove = useDeletePlannedExtra(listId);
  const replan = useCreatePlannedExtra(listId);
  const undo = useUndoNotice<PlannedExtra>();
  const headingId = useId();
  // Undo plans it again as it was: same ingredient, quantity and unit, or the same line.
  const putBack = (extra: PlannedExtra) =>
    replan.mutate(asPlannedAgain(listId, extra), { onSuccess: undo.dismiss });
  return (
    <section className="planned" aria-labelledby={headingId}>
      <h3 id={headingId}>{t("groceries.plannedExtras.heading")}</h3>
      {extras.isPending ? (
        <Loading />
      ) : extras.isError ? (
        <LoadError
          text={t("groceries.plannedExtras.loadFailed")}
          onRetry={() => void extras.refetch()}
          retrying={extras.isFetching}
        />
      ) : extras.data.length === 0 ? (
        <p className="muted">{t("groceries.plannedExtras.empty")}</p>
      ) : (
        <ul className="planned-list">
          {extras.data.map((extra) => (
            <li key={extra.id} className="planned-entry">
              <div className="planned-what">
                <span className="planned-title">{extra.ingredient.name}</span>
                <span className="planned-amount">
                  <LeftToRightNumbers text={listLineText(extra, "as_written", {}).amount} />
                </span>
              </div>
              <div className="planned-actions">
                <button
                  type="button"
                  className="btn btn-secondary btn-small"
                  disabled={remove.isPending && remove.variables === extra.id}
                  onClick={() => remove.mutate(extra.id, { onSuccess: () => undo.offer(extra) })}
                >
                  {tRich("groceries.plannedExtras.delete", {
                    hidden: (chunks) => <span className="visually-hidden">{chunks}</span>,
                    name: extra.ingredient.name,
                  })}
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

/**
 * The body that plans a removed extra again: a catalogue one by its ingredient, quantity and
 * unit; a free-text one as a line the parser reads back the same ("500 g mystery flour").
 */
function asPlannedAgain(listId: number, extra: PlannedExtra): FormFields<CreatePlannedExtraBody> {
  if (
    extra.text !== null ||
    extra.ingredient.id === null ||
    extra.unit === null ||
    extra.quantity === null
  ) {
    const text = extra.text ?? extra.ingredient.name;
    const amount =
      extra.quantity === null || extra.unit === null ? "" : `${extra.quantity} ${extra.unit.name} `;
    return { grocery_list_id: String(listId), text: `${amount}${text}` };
  }
  return {
    grocery_list_id: String(listId),
    ingredient_id: String(extra.ingredient.id),
    quantity: String(extra.quantity),
    unit_id: String(extra.unit.id),
  };
}
