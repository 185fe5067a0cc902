import { GUESTS_MAX } from "@potluck/contract/limits";
import { type FormEvent, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { Modal, ModalActions } from "../../../components/modal";
import { t } from "../../../lib/i18n";
import { tRich } from "../../../lib/i18n/rich";
import { useCreatePlannerEntry } from "../api/create-entry";
import { useSharedPlanners } from "../api/get-shared-planners";
import { problemOf } from "../messages";
import { type Day, dayName, isDay, plannerHref, type Slot, today } from "../week";
import { SlotFields } from "./slot-fields";

/** Where a meal was planned from a recipe's page, for the message that links to it. */
interface Planned {
  owner: string;
  day: Day;
  slot: Slot;
}

/**
 * "Add to planner" on a recipe's page: a day (today unless changed), a meal (dinner), the
 * guests (the recipe's servings) and, when planners are shared with me, which planner; a
 * message then links to that week.
 */
export function AddToPlanner({
  recipeId,
  recipeTitle,
  servings,
}: {
  recipeId: number;
  recipeTitle: string;
  servings: number;
}) {
  const [open, setOpen] = useState(false);
  const [planned, setPlanned] = useState<Planned | null>(null);
  return (
    <>
      <button
        type="button"
        className="btn btn-outline btn-small"
        onClick={() => {
          setPlanned(null);
          setOpen(true);
        }}
      >
        {t("planner.addToPlanner.title")}
      </button>
      {open && (
        <AddToPlannerDialog
          recipeId={recipeId}
          recipeTitle={recipeTitle}
          servings={servings}
          onClose={() => setOpen(false)}
          onPlanned={(where) => {
            setPlanned(where);
            setOpen(false);
          }}
        />
      )}
      <p className="added-to-list" role="status">
        {planned &&
          tRich("planner.addToPlanner.planned", {
            day: dayName(planned.day),
            slot: planned.slot,
            link: (chunks) => <Link to={plannerHref(planned.day, planned.owner)}>{chunks}</Link>,
          })}
      </p>
    </>
  );
}

function AddToPlannerDialog({
  recipeId,
  recipeTitle,
  servings,
  onClose,
  onPlanned,
}: {
  recipeId: number;
  recipeTitle: string;
  servings: number;
  onClose: () => void;
  onPlanned: (where: Planned) => void;
}) {
  const [day, setDay] = useState(today());
  const [slot, setSlot] = useState<Slot>("dinner");
  const [guests, setGuests] = useState(String(servings));
  const [owner, setOwner] = useState("");
  const [error, setError] = useState<string | null>(null);
  const shared = useSharedPlanners();
  const create = useCreatePlannerEntry(owner);
  const ids = { guests: useId(), planner: useId() };
  const firstField = useRef<HTMLElement>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const count = Number(guests);
    if (!isDay(day)) {
      setError(t("planner.addToPlanner.chooseDay"));
      return;
    }
    if (!Number.isInteger(count) || count < 1 || count > GUESTS_MAX) {
      setError(t("planner.form.guestsRange", { max: String(GUESTS_MAX) }));
      return;
    }
    setError(null);
    create.mutate(
      { date: day, slot, recipe_id: recipeId, guests: count },
      {
        onSuccess: () => onPlanned({ owner, day, slot }),
        onError: (failure) => setError(problemOf(failure)),
      },
    );
  };

  return (
    <Modal
      title={t("planner.addToPlanner.title")}
      onClose={onClose}
      initialFocus={firstField}
      className="modal-compact"
    >
      <p className="muted">{recipeTitle}</p>
      <form className="form" onSubmit={onSubmit} noValidate>
        {(shared.data?.length ?? 0) > 0 && (
          <div className="field">
            <label htmlFor={ids.planner}>{t("planner.switcher.label")}</label>
            <select
              id={ids.planner}
              value={owner}
              onChange={(event) => setOwner(event.target.value)}
            >
              <option value="">{t("planner.switcher.mine")}</option>
              {shared.data?.map((name) => (
                <option key={name} value={name}>
                  {t("planner.switcher.theirs", { name })}
                </option>
              ))}
            </select>
          </div>
        )}
        <SlotFields
          day={{ value: day, onChange: setDay }}
          slot={slot}
          onSlotChange={setSlot}
          firstField={firstField}
        />
        <div className="field">
          <label htmlFor={ids.guests}>{t("planner.form.guests")}</label>
          <input
            id={ids.guests}
            type="number"
            inputMode="numeric"
            min={1}
            max={GUESTS_MAX}
            step={1}
            value={guests}
            onChange={(event) => setGuests(event.target.value)}
          />
        </div>
        {error && (
          <p className="alert alert-error" role="alert">
            {error}
          </p>
        )}
        <ModalActions
          label={t("planner.addToPlanner.title")}
          busy={create.isPending}
          busyLabel={t("planner.form.adding")}
          onCancel={onClose}
        />
      </form>
    </Modal>
  );
}
