import type { PlannerEntry, PlannerPerson } from "@potluck/contract";
import { type FormEvent, type RefObject, useEffect, useId, useRef, useState } from "react";
import { LoadError } from "../../../components/load-error";
import { Modal, ModalActions } from "../../../components/modal";
import { Loading } from "../../../components/status";
import { t } from "../../../lib/i18n";
import { usePlannerPeople } from "../api/get-people";
import { entryLabel } from "../entries";
import { eatersOf } from "../table-nutrition";
import { NeedsBadges } from "./needs-badges";

/**
 * Who's eating… a planned recipe: a checkbox per person at the planner's table, everyone
 * ticked for a meal everyone eats. Everyone ticked is sent as null ("everyone"), so a person
 * added later eats it too; otherwise the ids ticked, at least one.
 */
export function EatersDialog({
  owner,
  entry,
  onSubmit,
  onClose,
}: {
  owner: string;
  entry: PlannerEntry;
  /** The eaters (null: everyone) and how many people the table has. */
  onSubmit: (eaters: number[] | null, total: number) => void;
  onClose: () => void;
}) {
  const people = usePlannerPeople(owner);
  const first = useRef<HTMLInputElement>(null);
  return (
    <Modal
      title={t("planner.table.eatersTitle", { what: entryLabel(entry) })}
      onClose={onClose}
      className="modal-compact"
      initialFocus={first}
    >
      {people.data ? (
        <EatersForm
          entry={entry}
          people={people.data}
          first={first}
          onSubmit={onSubmit}
          onClose={onClose}
        />
      ) : people.isError ? (
        <LoadError
          text={t("planner.table.loadFailed")}
          onRetry={() => void people.refetch()}
          retrying={people.isFetching}
        />
      ) : (
        <Loading />
      )}
    </Modal>
  );
}

function EatersForm({
  entry,
  people,
  first,
  onSubmit,
  onClose,
}: {
  entry: PlannerEntry;
  people: PlannerPerson[];
  /** The first checkbox: focused when the dialog opens, or when the table arrives after. */
  first: RefObject<HTMLInputElement | null>;
  onSubmit: (eaters: number[] | null, total: number) => void;
  onClose: () => void;
}) {
  const ids = people.map((person) => person.id);
  const [chosen, setChosen] = useState<number[]>(() => eatersOf(entry, ids));
  const [error, setError] = useState(false);
  const errorId = useId();
  // The table came after the dialog opened (on its Close button): focus goes to the first person.
  useEffect(() => first.current?.focus(), [first]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const eaters = ids.filter((id) => chosen.includes(id));
    if (eaters.length === 0) {
      setError(true);
      first.current?.focus();
      return;
    }
    onSubmit(eaters.length === ids.length ? null : eaters, ids.length);
  };

  return (
    <form className="form" onSubmit={submit} noValidate>
      <fieldset
        className="field choice-group planner-eaters-choices"
        aria-describedby={error ? errorId : undefined}
      >
        <legend>{t("planner.table.eatersLegend")}</legend>
        {people.map((person, index) => (
          <label key={person.id} className="choice">
            <input
              ref={index === 0 ? first : undefined}
              type="checkbox"
              checked={chosen.includes(person.id)}
              onChange={(event) => {
                setError(false);
                setChosen((was) =>
                  event.target.checked ? [...was, person.id] : was.filter((id) => id !== person.id),
                );
              }}
            />
            <span className="planner-eater">
              <bdi className="choice-label">{person.name}</bdi>
              <NeedsBadges person={person} />
            </span>
          </label>
        ))}
      </fieldset>
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {t("planner.table.chooseSomeone")}
        </p>
      )}
      <ModalActions label={t("planner.table.save")} onCancel={onClose} />
    </form>
  );
}
