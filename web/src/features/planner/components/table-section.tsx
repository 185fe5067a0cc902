import { lazy, Suspense, useId, useState } from "react";
import { Loading } from "../../../components/status";
import { t } from "../../../lib/i18n";
import { usePlannerPeople } from "../api/get-people";
import type { Day } from "../week";

// Fetched when first opened: the week is what the page shows first.
const TablePeople = lazy(async () => ({
  default: (await import("./table-people")).TablePeople,
}));

/**
 * "Who's eating": the people at the planner's table, closed at first so the week stays the
 * page's focus (a disclosure, with how many they are). Opened, it lists them with their needs
 * and what each eats this week, and adds, edits and deletes them (table-people.tsx).
 */
export function TableSection({ owner, weekStart }: { owner: string; weekStart: Day }) {
  const [open, setOpen] = useState(false);
  // Once opened it stays drawn while closed, so a half-typed form is kept.
  const [opened, setOpened] = useState(false);
  const people = usePlannerPeople(owner);
  const bodyId = useId();
  return (
    <section className="planner-table" aria-labelledby={`${bodyId}-heading`}>
      <h2 id={`${bodyId}-heading`} className="planner-table-heading">
        <button
          type="button"
          className="disclosure-toggle planner-table-toggle"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => {
            setOpen((was) => !was);
            setOpened(true);
          }}
        >
          <span className="disclosure-arrow" aria-hidden="true" />
          {t("planner.table.heading")}
          {people.data && (
            <>
              <span aria-hidden="true"> · </span>
              <span className="planner-table-count">
                {t("planner.table.peopleCount", { count: people.data.length })}
              </span>
            </>
          )}
        </button>
      </h2>
      <div id={bodyId} className="planner-table-body" hidden={!open}>
        {opened && (
          <Suspense fallback={<Loading />}>
            <TablePeople owner={owner} weekStart={weekStart} />
          </Suspense>
        )}
      </div>
    </section>
  );
}
