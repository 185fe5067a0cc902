import type { DraggableAttributes, DraggableSyntheticListeners } from "@dnd-kit/core";
import { useEffect, useRef, useState } from "react";

/**
 * How a week's cards and cells take part in drag and drop. Until the drag code has loaded (it is
 * a chunk of its own: drag-board.tsx) they use `stillHooks`, which drag nothing; the week is
 * then drawn again with the real ones (a new `key`, as hooks may not change in a mounted
 * component).
 */
export interface DragHooks {
  useCardDrag: (
    id: number,
    data: Record<string, unknown>,
  ) => {
    attributes: DraggableAttributes | Record<string, never>;
    listeners: DraggableSyntheticListeners;
    setNodeRef: (element: HTMLElement | null) => void;
    setActivatorNodeRef: (element: HTMLElement | null) => void;
    isDragging: boolean;
  };
  useCellDrop: (id: string) => {
    setNodeRef: (element: HTMLElement | null) => void;
    isOver: boolean;
  };
}

const none = () => {};
export const stillHooks: DragHooks = {
  useCardDrag: () => ({
    attributes: {},
    listeners: undefined,
    setNodeRef: none,
    setActivatorNodeRef: none,
    isDragging: false,
  }),
  useCellDrop: () => ({ setNodeRef: none, isOver: false }),
};

type DragModule = typeof import("./drag-board");

/**
 * The drag code, fetched once the week has been drawn (when the browser is idle, or at the
 * latest after a second); null until then. The element that had focus in the week is focused
 * again once the week is drawn anew, so a keyboard user who was quick loses nothing.
 */
export function useDragModule(): DragModule | null {
  const [module, setModule] = useState<DragModule | null>(null);
  const refocus = useRef<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    const load = () => {
      void import("./drag-board").then((loaded) => {
        if (cancelled) return;
        refocus.current = focusedInWeek();
        setModule(loaded);
      });
    };
    const idle = window.requestIdleCallback?.(load, { timeout: 1000 });
    const timer = idle === undefined ? window.setTimeout(load, 200) : undefined;
    return () => {
      cancelled = true;
      if (idle !== undefined) window.cancelIdleCallback(idle);
      if (timer !== undefined) window.clearTimeout(timer);
    };
  }, []);
  useEffect(() => {
    if (!module || !refocus.current) return;
    document.querySelector<HTMLElement>(refocus.current)?.focus();
    refocus.current = null;
  }, [module]);
  return module;
}

/** A selector of the focused element when it is a button of the week, or null. */
function focusedInWeek(): string | null {
  const focused = document.activeElement;
  if (!(focused instanceof HTMLElement) || !focused.closest(".planner-week")) return null;
  const className = focused.classList[0];
  if (!className) return null;
  const card = focused.closest<HTMLElement>("[data-entry-id]");
  const cell = focused.closest<HTMLElement>("[data-cell]");
  const scope = card
    ? `[data-entry-id="${card.dataset.entryId}"]`
    : cell
      ? `[data-cell="${cell.dataset.cell}"]`
      : ".planner-week";
  return `${scope} .${CSS.escape(className)}`;
}
