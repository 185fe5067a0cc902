import type { Announcements, DragEndEvent, DragStartEvent } from "@dnd-kit/core";
import type { PlannerEntry } from "@potluck/contract";
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { LoadError } from "../../../components/load-error";
import { Loading } from "../../../components/status";
import { useDeferredFirstDraw } from "../../../lib/use-deferred-first-draw";
import { useCreatePlannerEntry } from "../api/create-entry";
import { useDeletePlannerEntry } from "../api/delete-entry";
import { usePlannerEntries } from "../api/get-entries";
import { usePlannerPeople } from "../api/get-people";
import { type EntryChange, useUpdatePlannerEntry } from "../api/update-entry";
import {
  cellId,
  copyOf,
  dropAnnouncement,
  dropTarget,
  entriesByCell,
  entryLabel,
  parseCellId,
} from "../entries";
import { problemOf } from "../messages";
import { intakeByDay, worthShowing } from "../table-nutrition";
import { type Day, type Slot, slotName, weekDays } from "../week";
import type { CollectionChoice } from "./add-entry-dialog";
import { stillHooks, useDragModule } from "./drag-hooks";
import { EntryContent } from "./entry-card";
import type { EntryAction } from "./entry-menu";
import { WeekGrid, type WeekTable } from "./week-grid";
import "../planner.css";
import { t } from "../../../lib/i18n";

// The dialogs are fetched when first opened: the week itself is what the page shows first.
const AddEntryDialog = lazy(async () => ({
  default: (await import("./add-entry-dialog")).AddEntryDialog,
}));
const MoveEntryDialog = lazy(async () => ({
  default: (await import("./move-entry-dialog")).MoveEntryDialog,
}));
const EditEntryDialog = lazy(async () => ({
  default: (await import("./edit-entry-dialog")).EditEntryDialog,
}));
// In the people section's file (table-people.tsx), which it shares its badges with.
const EatersDialog = lazy(async () => ({
  default: (await import("./table-people")).EatersDialog,
}));

type Dialog =
  | { kind: "add"; day: Day; slot: Slot }
  | { kind: "move"; entry: PlannerEntry }
  | { kind: "edit"; entry: PlannerEntry }
  | { kind: "eaters"; entry: PlannerEntry };

/** The key held while dropping to copy rather than move (Option on a Mac, as Finder copies). */
const COPY_KEY = "Alt";

const cellName = slotName;
const entryOf = (data: unknown): PlannerEntry | null =>
  (data as { entry?: PlannerEntry } | undefined)?.entry ?? null;

/**
 * The shown week of one planner (`owner`, "" for mine): its meals by day and slot, Add in
 * every slot, each meal's menu, and drag and drop between slots (hold Alt to copy), by mouse,
 * finger or keyboard, with what happens said to screen readers.
 */
export function PlannerWeek({
  owner,
  weekStart,
  todayDay,
  collections,
}: {
  owner: string;
  weekStart: Day;
  todayDay: Day;
  collections: CollectionChoice[];
}) {
  const days = useMemo(() => weekDays(weekStart), [weekStart]);
  const entries = usePlannerEntries(owner, weekStart, days[6] as Day);
  const create = useCreatePlannerEntry(owner);
  const update = useUpdatePlannerEntry(owner);
  const remove = useDeletePlannerEntry(owner);
  // 28 cards: drawn in slices as the page opens (lib/use-deferred-first-draw.ts).
  const shown = useDeferredFirstDraw(entries.data);
  const cells = useMemo(() => entriesByCell(shown ?? []), [shown]);
  const people = usePlannerPeople(owner);
  const table = useMemo((): WeekTable | undefined => {
    if (!people.data) return undefined;
    const ids = people.data.map((person) => person.id);
    const byDay = intakeByDay(shown ?? [], ids, days);
    return {
      ids,
      names: new Map(people.data.map((person) => [person.id, person.name])),
      byDay,
      shown: new Set(days.filter((day) => worthShowing(byDay.get(day) ?? new Map()))),
    };
  }, [people.data, shown, days]);
  useTodayInView(weekStart, shown !== undefined);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [message, setMessage] = useState<{ text: string; error?: boolean } | null>(null);
  const [dragged, setDragged] = useState<PlannerEntry | null>(null);
  const copy = useCopyKey(dragged !== null);
  const keyboardDrag = useRef(false);
  // A meal moved by keyboard (dragged, or through Move to…) is drawn anew in its new cell, and
  // the button that had focus goes with the old one: focus follows it to its new place.
  const refocus = useRef<{ id: number; cell: string } | null>(null);
  useEffect(() => {
    const wanted = refocus.current;
    if (!wanted || !cells) return;
    const grip = document.querySelector<HTMLElement>(
      `[data-cell="${wanted.cell}"] [data-entry-id="${wanted.id}"] .planner-grip`,
    );
    if (!grip) return;
    refocus.current = null;
    grip.focus();
  }, [cells]);

  const dragModule = useDragModule();
  const moveOrCopy = (
    entry: PlannerEntry,
    day: Day,
    slot: Slot,
    asCopy: boolean,
    byKeyboard: boolean,
  ) => {
    const what = entryLabel(entry);
    if (byKeyboard && !asCopy) refocus.current = { id: entry.id, cell: cellId(day, slot) };
    const where = cellName(day, slot);
    if (asCopy) {
      create.mutate(copyOf(entry, day, slot), {
        onSuccess: () => setMessage({ text: t("planner.week.copied", { what, where }) }),
        onError: (error) =>
          setMessage({
            text: t("planner.week.copyFailed", { what, problem: problemOf(error) }),
            error: true,
          }),
      });
    } else {
      change(entry, { date: day, slot }, t("planner.week.moved", { what, where }), (problem) =>
        t("planner.week.moveFailed", { what, problem }),
      );
    }
  };

  const change = (
    entry: PlannerEntry,
    fields: EntryChange,
    done: string,
    failed: (problem: string) => string,
  ) => {
    setMessage({ text: done });
    update.mutate(
      { id: entry.id, change: fields },
      { onError: (error) => setMessage({ text: failed(problemOf(error)), error: true }) },
    );
  };

  const onAction = useLatest((entry: PlannerEntry, action: EntryAction) => {
    if (action === "delete") {
      const what = entryLabel(entry);
      setMessage({
        text: t("planner.week.deleted", { what, where: cellName(entry.date, entry.slot) }),
      });
      // Its menu goes with it: focus moves to its slot's Add.
      document
        .querySelector<HTMLElement>(`[data-cell="${cellId(entry.date, entry.slot)}"] .planner-add`)
        ?.focus();
      remove.mutate(entry, {
        onError: (error) =>
          setMessage({
            text: t("planner.week.deleteFailed", { what, problem: problemOf(error) }),
            error: true,
          }),
      });
    } else setDialog({ kind: action, entry });
  });
  const onAdd = useCallback((day: Day, slot: Slot) => setDialog({ kind: "add", day, slot }), []);

  const onDragStart = ({ active, activatorEvent }: DragStartEvent) => {
    copy.start((activatorEvent as KeyboardEvent | MouseEvent).altKey === true);
    keyboardDrag.current = activatorEvent instanceof KeyboardEvent;
    setDragged(entryOf(active.data.current));
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragged(null);
    const entry = entryOf(active.data.current);
    const asCopy = copy.held.current;
    const target = entry && dropTarget(entry, over?.id, asCopy);
    if (!entry || !target) return;
    moveOrCopy(entry, target.day, target.slot, asCopy, keyboardDrag.current);
  };

  const announcements: Announcements = {
    onDragStart: ({ active }) => t("planner.drag.pickedUp", { what: labelOf(active.data.current) }),
    onDragOver: ({ active, over }) => {
      const target = parseCellId(over?.id);
      const what = labelOf(active.data.current);
      return target
        ? t("planner.drag.over", { what, where: cellName(target.day, target.slot) })
        : t("planner.drag.notOver", { what });
    },
    onDragEnd: ({ active, over }) => {
      const entry = entryOf(active.data.current);
      const target = entry && dropTarget(entry, over?.id, copy.held.current);
      return dropAnnouncement(labelOf(active.data.current), target);
    },
    onDragCancel: ({ active }) => t("planner.drag.putBack", { what: labelOf(active.data.current) }),
  };

  return (
    <div className="planner-board">
      <p
        className={message?.error ? "alert alert-error planner-message" : "planner-message"}
        role="status"
      >
        {message?.text}
      </p>
      {entries.isError && !entries.data && (
        <LoadError
          text={t("planner.week.loadFailed")}
          onRetry={() => void entries.refetch()}
          retrying={entries.isFetching}
        />
      )}
      {/* Drawn once its meals are here: empty days filling up would shift the page. */}
      {entries.isPending || (entries.data && !shown) ? (
        <Loading text={t("planner.week.loading")} />
      ) : dragModule ? (
        <dragModule.DragBoard
          announcements={announcements}
          instructions={t("planner.drag.instructions")}
          onDragStart={onDragStart}
          onDragEnd={onDragEnd}
          onDragCancel={() => setDragged(null)}
          overlay={
            dragged && (
              <div
                className={`planner-entry planner-drag-overlay${dragged.recipe ? "" : " planner-note"}`}
              >
                <EntryContent entry={dragged} table={table?.ids} linked={false} />
                {copy.shown && (
                  <span className="planner-copy-badge">{t("planner.drag.copyBadge")}</span>
                )}
              </div>
            )
          }
        >
          <WeekGrid
            key="drag"
            days={days}
            todayDay={todayDay}
            cells={cells}
            table={table}
            onAdd={onAdd}
            onAction={onAction}
            drag={dragModule.dragHooks}
          />
        </dragModule.DragBoard>
      ) : (
        <WeekGrid
          key="still"
          days={days}
          todayDay={todayDay}
          cells={cells}
          table={table}
          onAdd={onAdd}
          onAction={onAction}
          drag={stillHooks}
        />
      )}
      <Suspense fallback={null}>
        {dialog?.kind === "add" && (
          <AddEntryDialog
            owner={owner}
            day={dialog.day}
            slot={dialog.slot}
            collections={collections}
            onClose={() => setDialog(null)}
            onAdded={(what) => {
              setDialog(null);
              setMessage({
                text: t("planner.week.added", { what, where: cellName(dialog.day, dialog.slot) }),
              });
            }}
          />
        )}
        {dialog?.kind === "move" && (
          <MoveEntryDialog
            entry={dialog.entry}
            weekStart={weekStart}
            onClose={() => setDialog(null)}
            onSubmit={(day, slot, asCopy) => {
              setDialog(null);
              moveOrCopy(dialog.entry, day, slot, asCopy, true);
            }}
          />
        )}
        {dialog?.kind === "edit" && (
          <EditEntryDialog
            entry={dialog.entry}
            onClose={() => setDialog(null)}
            onSubmit={(fields) => {
              setDialog(null);
              const what = entryLabel(dialog.entry);
              change(
                dialog.entry,
                fields,
                fields.guests !== undefined
                  ? t("planner.week.guestsChanged", {
                      what,
                      count: fields.guests,
                      // The number as typed ("1000", not "1,000").
                      guests: String(fields.guests),
                    })
                  : t("planner.week.noteSaved"),
                (problem) => t("planner.week.changeFailed", { what, problem }),
              );
            }}
          />
        )}
        {dialog?.kind === "eaters" && (
          <EatersDialog
            owner={owner}
            entry={dialog.entry}
            onClose={() => setDialog(null)}
            onSubmit={(eaters, total) => {
              setDialog(null);
              const what = entryLabel(dialog.entry);
              change(
                dialog.entry,
                { eaters },
                eaters === null
                  ? t("planner.table.everyoneEats", { what })
                  : t("planner.table.eatersSaved", {
                      what,
                      count: String(eaters.length),
                      total: String(total),
                    }),
                (problem) => t("planner.week.changeFailed", { what, problem }),
              );
            }}
          />
        )}
      </Suspense>
    </div>
  );
}

/** Below this width the days stand one after another (planner.css). */
const DAYS_IN_A_COLUMN = "(max-width: 899px)";

/**
 * On a phone the week is a column of days: opened on a Saturday it showed Monday, and the cook
 * scrolled past five days to reach today. Once the week is drawn, today's day is brought to the
 * top of the window, unless it is already well in view (a first day keeps the week's title and
 * buttons on screen). Once per week shown: later changes never move the page under the cook.
 */
function useTodayInView(weekStart: Day, drawn: boolean) {
  const broughtFor = useRef<Day | null>(null);
  useEffect(() => {
    if (!drawn || broughtFor.current === weekStart) return;
    broughtFor.current = weekStart;
    if (!window.matchMedia(DAYS_IN_A_COLUMN).matches) return;
    const day = document.querySelector<HTMLElement>(".planner-day.is-today");
    if (day && day.getBoundingClientRect().top > window.innerHeight / 2) {
      day.scrollIntoView({ block: "start" });
    }
  }, [drawn, weekStart]);
}

/**
 * `callback` as a function that stays the same from render to render (and calls the latest
 * one), so the week, which is memoized, is not drawn again for every message or dialog.
 */
function useLatest<Args extends unknown[]>(callback: (...args: Args) => void) {
  const latest = useRef(callback);
  useEffect(() => {
    latest.current = callback;
  });
  return useCallback((...args: Args) => latest.current(...args), []);
}

const labelOf = (data: unknown) => {
  const entry = entryOf(data);
  return entry ? entryLabel(entry) : t("planner.drag.theMeal");
};

/**
 * Whether the copy key is held while something is dragged: read from every key press and
 * mouse move of the drag (the keyboard's drop too, as the capture phase hears it before the
 * drag does). `held` is for the drop, `shown` for the dragged card's "+ Copy".
 */
function useCopyKey(dragging: boolean) {
  const held = useRef(false);
  const [shown, setShown] = useState(false);
  const set = (value: boolean) => {
    held.current = value;
    setShown(value);
  };
  useEffect(() => {
    if (!dragging) return;
    const onKey = (event: KeyboardEvent) => {
      held.current = event.altKey;
      setShown(event.altKey);
      // Alt alone would open the browser's menu bar on some systems.
      if (event.key === COPY_KEY) event.preventDefault();
    };
    const onMouse = (event: MouseEvent) => {
      held.current = event.altKey;
      setShown(event.altKey);
    };
    window.addEventListener("keydown", onKey, true);
    window.addEventListener("keyup", onKey, true);
    window.addEventListener("mousemove", onMouse, true);
    return () => {
      window.removeEventListener("keydown", onKey, true);
      window.removeEventListener("keyup", onKey, true);
      window.removeEventListener("mousemove", onMouse, true);
    };
  }, [dragging]);
  return { held, shown: dragging && shown, start: set };
}
