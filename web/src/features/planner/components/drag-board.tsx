import {
  type Announcements,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import type { ReactNode } from "react";
import { cellUnderDrag, jumpBetweenCells } from "../drag-drop";
import type { DragHooks } from "./drag-hooks";

// Everything of dnd-kit, in a chunk of its own: the week is drawn (and usable by its buttons
// and menus) before it arrives, so a phone's first paint doesn't wait for the drag code.

/** The real drag and drop hooks, for the cards and cells of a week inside a DragBoard. */
export const dragHooks: DragHooks = {
  useCardDrag: (id, data) => {
    const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useDraggable({
      id,
      data,
    });
    return { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging };
  },
  useCellDrop: (id) => {
    const { setNodeRef, isOver } = useDroppable({ id });
    return { setNodeRef, isOver };
  },
};

/**
 * The week's drag and drop: a mouse drags a card once it has moved a few pixels (a click on its
 * title or menu is not a drag), a finger after touching and holding (so a swipe still scrolls),
 * the keyboard from a card's grip; `overlay` is the card that follows the pointer.
 */
export function DragBoard({
  children,
  overlay,
  announcements,
  instructions,
  onDragStart,
  onDragEnd,
  onDragCancel,
}: {
  children: ReactNode;
  overlay: ReactNode;
  announcements: Announcements;
  instructions: string;
  onDragStart: (event: DragStartEvent) => void;
  onDragEnd: (event: DragEndEvent) => void;
  onDragCancel: () => void;
}) {
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: jumpBetweenCells }),
  );
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={cellUnderDrag}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={onDragCancel}
      accessibility={{ announcements, screenReaderInstructions: { draggable: instructions } }}
    >
      {children}
      <DragOverlay dropAnimation={null}>{overlay}</DragOverlay>
    </DndContext>
  );
}
