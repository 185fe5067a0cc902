import type { DraggableAttributes, DraggableSyntheticListeners } from "@dnd-kit/core";
import { startTransition, useEffect, useLayoutEffect, useRef, useState } from "react";

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
 * latest after a second); null until then. The week is then drawn again with it as a
 * transition: React does that in small slices between the browser's other work (a tap or a
 * scroll is answered meanwhile) rather than in one long task, as it is as much work as drawing
 * the week the first time. The element that had focus in the week until the new one replaced
 * it is focused again, so a keyboard user who was quick loses nothing.
 */
export function useDragModule(): DragModule | null {
  const [module, setModule] = useState<DragModule | null>(null);
  // Where focus is in the week while the new week is being drawn (it may move meanwhile).
  const refocus = useRef<string | null>(null);
  const remember = useRef(() => {
    refocus.current = focusedInWeek();
  }).current;
  useEffect(() => {
    let cancelled = false;
    const load = () => {
      void import("./drag-board").then((loaded) => {
        if (cancelled) return;
        remember();
        document.addEventListener("focusin", remember);
        startTransition(() => setModule(loaded));
      });
    };
    const idle = window.requestIdleCallback?.(load, { timeout: 1000 });
    const timer = idle === undefined ? window.setTimeout(load, 200) : undefined;
    return () => {
      cancelled = true;
      document.removeEventListener("focusin", remember);
      if (idle !== undefined) window.cancelIdleCallback(idle);
      if (timer !== undefined) window.clearTimeout(timer);
    };
  }, [remember]);
  // Right after the new week replaced the old one, before the browser paints it.
  useLayoutEffect(() => {
    if (!module) return;
    document.removeEventListener("focusin", remember);
    const wanted = refocus.current;
    refocus.current = null;
    if (wanted) document.querySelector<HTMLElement>(wanted)?.focus();
  }, [module, remember]);
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
