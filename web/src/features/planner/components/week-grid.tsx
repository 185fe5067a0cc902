import type { PlannerEntry } from "@potluck/contract";
import { memo } from "react";
import { t } from "../../../lib/i18n";
import { cellId } from "../entries";
import type { Intake } from "../table-nutrition";
import { type Day, dayAndMonth, SLOTS, type Slot, slotLabel, slotName, weekdayName } from "../week";
import { DayIntake } from "./day-intake";
import type { DragHooks } from "./drag-hooks";
import { EntryCard } from "./entry-card";
import type { EntryAction } from "./entry-menu";

/** Who is at the planner's table, and what each eats on each day of the week. */
export interface WeekTable {
  /** Their ids, in the table's order. */
  ids: number[];
  names: Map<number, string>;
  byDay: Map<Day, Map<number, Intake>>;
  /** The days whose sums say something (table-nutrition.ts, worthShowing). */
  shown: Set<Day>;
}

export interface CellHandlers {
  onAdd: (day: Day, slot: Slot) => void;
  onAction: (entry: PlannerEntry, action: EntryAction) => void;
  /** Drag and drop's hooks (drag-hooks.ts); a new set needs a new `key` on the week. */
  drag: DragHooks;
}

/**
 * The week: a section per day, from the reader's first day of the week (Monday in Germany,
 * Sunday in Japan), each with its four slots. Wide screens lay the days side by side with the
 * slots as rows (a column of slot names on the left); phones show one day after another. Today is marked, for screen readers too (aria-current="date").
 * Under each day, once the table is known: what each person eats that day (day-intake.tsx).
 * Memoized: the page draws it again only when its meals or its week change.
 */
export const WeekGrid = memo(function WeekGrid({
  days,
  todayDay,
  cells,
  table,
  ...handlers
}: {
  days: Day[];
  todayDay: Day;
  cells: Map<string, PlannerEntry[]>;
  table: WeekTable | undefined;
} & CellHandlers) {
  return (
    <div className="planner-week">
      <div className="planner-slot-labels" aria-hidden="true">
        <span />
        {SLOTS.map((slot) => (
          <span key={slot}>{slotLabel(slot)}</span>
        ))}
        {table && table.shown.size > 0 && <span>{t("planner.table.perPerson")}</span>}
      </div>
      {days.map((day) => (
        <section
          key={day}
          className={`planner-day${day === todayDay ? " is-today" : ""}`}
          aria-labelledby={`planner-day-${day}`}
          aria-current={day === todayDay ? "date" : undefined}
        >
          <h3 id={`planner-day-${day}`} className="planner-day-name">
            <span className="planner-weekday">{weekdayName(day)}</span>{" "}
            <span className="planner-date">{dayAndMonth(day)}</span>
            {day === todayDay && (
              <span className="planner-today-badge">{t("planner.day.today")}</span>
            )}
          </h3>
          {SLOTS.map((slot) => (
            <SlotCell
              key={slot}
              day={day}
              slot={slot}
              entries={cells.get(cellId(day, slot)) ?? []}
              table={table?.ids}
              {...handlers}
            />
          ))}
          {table?.shown.has(day) && <DayIntake day={day} table={table} />}
        </section>
      ))}
    </div>
  );
});

/** One slot of one day: its meals, an Add button, and a place to drop a dragged meal. */
function SlotCell({
  day,
  slot,
  entries,
  table,
  onAdd,
  onAction,
  drag,
}: {
  day: Day;
  slot: Slot;
  entries: PlannerEntry[];
  table: readonly number[] | undefined;
} & CellHandlers) {
  const { setNodeRef, isOver } = drag.useCellDrop(cellId(day, slot));
  const where = slotName(day, slot);
  return (
    <div
      ref={setNodeRef}
      className={`planner-cell planner-${slot}${isOver ? " is-over" : ""}${entries.length ? "" : " is-empty"}`}
      data-cell={cellId(day, slot)}
    >
      <h4 className="planner-slot-name">{slotLabel(slot)}</h4>
      {entries.length > 0 && (
        <ul className="planner-entries" aria-label={where}>
          {entries.map((entry) => (
            <EntryCard
              key={entry.id}
              entry={entry}
              where={where}
              table={table}
              onAction={onAction}
              drag={drag}
            />
          ))}
        </ul>
      )}
      <button
        type="button"
        className="planner-add"
        aria-label={t("planner.cell.addTo", { where })}
        onClick={() => onAdd(day, slot)}
      >
        <span aria-hidden="true">+</span> {t("planner.cell.add")}
      </button>
    </div>
  );
}
