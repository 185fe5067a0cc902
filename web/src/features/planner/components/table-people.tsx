import type { PlannerPerson } from "@potluck/contract";
import { lazy, Suspense, useMemo, useRef, useState } from "react";
import { ConfirmStep, useConfirmStep } from "../../../components/confirm-step";
import { LoadError } from "../../../components/load-error";
import { Loading } from "../../../components/status";
import { t } from "../../../lib/i18n";
import { formatNumber } from "../../../lib/i18n/format";
import { usePlannerEntries } from "../api/get-entries";
import { usePlannerPeople } from "../api/get-people";
import { useDeletePlannerPerson } from "../api/people";
import { problemOf } from "../messages";
import { type Intake, intakeOf } from "../table-nutrition";
import { addDays, type Day } from "../week";
import { kcalNumber } from "./day-intake";
import { hasNeeds, NeedsBadges } from "./needs-badges";

// Who's eating… of a meal comes in this file too (planner-week.tsx loads it from here): the
// badges both show are then in one file, not in the one every page loads (scripts/chunking.ts).
export { EatersDialog } from "./eaters-dialog";

// Fetched when first opened: its ingredient picker is react-select.
const PersonDialog = lazy(async () => ({
  default: (await import("./person-dialog")).PersonDialog,
}));

/**
 * The people at a planner's table (`owner`, "" for mine): each with their needs, what they eat
 * in the shown week, and Edit (their own account's row, or anyone without an account) and
 * Delete (only someone without an account); and Add a person. What was done is said in the
 * panel's status line.
 */
export function TablePeople({ owner, weekStart }: { owner: string; weekStart: Day }) {
  const people = usePlannerPeople(owner);
  const entries = usePlannerEntries(owner, weekStart, addDays(weekStart, 6));
  const remove = useDeletePlannerPerson(owner);
  const [editing, setEditing] = useState<{ person: PlannerPerson | null } | null>(null);
  const [message, setMessage] = useState<{ text: string; error?: boolean } | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const week = useMemo(
    () =>
      people.data && entries.data
        ? intakeOf(
            entries.data,
            people.data.map((person) => person.id),
          )
        : undefined,
    [people.data, entries.data],
  );

  if (people.isPending) return <Loading />;
  if (people.isError) {
    return (
      <LoadError
        text={t("planner.table.loadFailed")}
        onRetry={() => void people.refetch()}
        retrying={people.isFetching}
      />
    );
  }

  const deletePerson = (person: PlannerPerson) =>
    remove.mutate(person, {
      onSuccess: () => {
        setMessage({ text: t("planner.table.deleted", { name: person.name }) });
        // Its row (and the button that had focus) is gone.
        addButton.current?.focus();
      },
      onError: (error) =>
        setMessage({
          text: t("planner.table.deleteFailed", { name: person.name, problem: problemOf(error) }),
          error: true,
        }),
    });

  return (
    <div className="planner-table-panel">
      <p className="muted small planner-table-intro">{t("planner.table.intro")}</p>
      <ul className="planner-people">
        {people.data.map((person) => (
          <PersonRow
            key={person.id}
            person={person}
            week={week?.get(person.id)}
            deleting={remove.isPending}
            onEdit={() => setEditing({ person })}
            onDelete={() => deletePerson(person)}
          />
        ))}
      </ul>
      <div className="planner-table-actions">
        <button
          ref={addButton}
          type="button"
          className="btn btn-secondary btn-small"
          onClick={() => setEditing({ person: null })}
        >
          {t("planner.table.addPerson")}
        </button>
        <p
          className={
            message?.error ? "alert alert-error planner-table-message" : "planner-table-message"
          }
          role="status"
        >
          {message?.text}
        </p>
      </div>
      <p className="muted small planner-table-note">{t("planner.table.kcalExplained")}</p>
      <Suspense fallback={null}>
        {editing && (
          <PersonDialog
            owner={owner}
            person={editing.person}
            onClose={() => setEditing(null)}
            onSaved={(saved) => {
              setEditing(null);
              setMessage({
                text: editing.person
                  ? t("planner.table.saved", { name: saved.name })
                  : t("planner.table.added", { name: saved.name }),
              });
            }}
          />
        )}
      </Suspense>
    </div>
  );
}

/** "This week: ≥ 8,400 kcal, 310 g protein". */
function weekText(sum: Intake): string {
  return t("planner.table.weekIntake", {
    kcal: kcalNumber(sum.kcal),
    protein: formatNumber(Math.round(sum.protein)),
    atLeast: sum.atLeast ? "yes" : "no",
  });
}

function PersonRow({
  person,
  week,
  deleting,
  onEdit,
  onDelete,
}: {
  person: PlannerPerson;
  week: Intake | undefined;
  deleting: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const confirm = useConfirmStep(person.id);
  const name = person.name;
  return (
    <li className="planner-person">
      <div className="planner-person-about">
        <bdi className="planner-person-name">{name}</bdi>
        {hasNeeds(person) ? (
          <NeedsBadges person={person} />
        ) : (
          <span className="muted small">{t("planner.table.noNeeds")}</span>
        )}
        {week && week.meals > 0 && <span className="planner-person-week">{weekText(week)}</span>}
        {!person.can_edit && (
          <span className="muted small">{t("planner.table.onlyThem", { name })}</span>
        )}
      </div>
      {confirm.asking ? (
        <ConfirmStep
          question={t("planner.table.deleteQuestion", { name })}
          confirmLabel={t("planner.table.deleteConfirm")}
          pending={deleting}
          onConfirm={onDelete}
          onCancel={() => confirm.ask(false)}
          cancelRef={confirm.cancel}
        />
      ) : (
        (person.can_edit || person.username === null) && (
          <div className="planner-person-actions">
            {person.can_edit && (
              <button
                type="button"
                className="btn btn-outline btn-small"
                aria-label={t("planner.table.editLabel", { name })}
                onClick={onEdit}
              >
                {t("planner.table.edit")}
              </button>
            )}
            {person.username === null && (
              <button
                ref={confirm.trigger}
                type="button"
                className="btn btn-secondary btn-small"
                aria-label={t("planner.table.deleteLabel", { name })}
                onClick={() => confirm.ask(true)}
              >
                {t("planner.table.delete")}
              </button>
            )}
          </div>
        )
      )}
    </li>
  );
}
