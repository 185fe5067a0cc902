import type { ClientRect, CollisionDetection, KeyboardCoordinateGetter } from "@dnd-kit/core";
import { closestCenter, pointerWithin } from "@dnd-kit/core";

type Direction = { x: number; y: number };
const DIRECTIONS: Record<string, Direction> = {
  ArrowUp: { x: 0, y: -1 },
  ArrowDown: { x: 0, y: 1 },
  ArrowLeft: { x: -1, y: 0 },
  ArrowRight: { x: 1, y: 0 },
};

const centerOf = (rect: ClientRect) => ({
  x: rect.left + rect.width / 2,
  y: rect.top + rect.height / 2,
});

/**
 * The cell an arrow key goes to from `from`: the nearest one whose center lies that way,
 * preferring cells straight ahead to cells off to the side (a step right goes to the next day
 * on the same row, not to the day after's breakfast). Null when there is none that way.
 */
export function nextCell<Id>(
  from: ClientRect,
  direction: Direction,
  cells: { id: Id; rect: ClientRect }[],
): { id: Id; rect: ClientRect } | null {
  const start = centerOf(from);
  let best: { id: Id; rect: ClientRect } | null = null;
  let bestScore = Number.POSITIVE_INFINITY;
  for (const cell of cells) {
    const center = centerOf(cell.rect);
    const dx = center.x - start.x;
    const dy = center.y - start.y;
    const ahead = dx * direction.x + dy * direction.y;
    if (ahead < 1) continue;
    const aside = Math.abs(dx * direction.y - dy * direction.x);
    const score = ahead + 3 * aside;
    if (score < bestScore) {
      best = cell;
      bestScore = score;
    }
  }
  return best;
}

/**
 * The keyboard sensor's arrow keys jump from cell to cell (its default moves 25 px at a time):
 * the dragged card is placed over the middle of the next cell that way, so the cell under it is
 * the one the announcements name and a drop puts it in.
 */
export const jumpBetweenCells: KeyboardCoordinateGetter = (event, { context }) => {
  const direction = DIRECTIONS[event.code];
  if (!direction) return undefined;
  event.preventDefault();
  const { collisionRect, droppableRects, droppableContainers, over } = context;
  if (!collisionRect) return undefined;
  const fromRect = (over && droppableRects.get(over.id)) || collisionRect;
  const cells = droppableContainers.getEnabled().flatMap((container) => {
    const rect = droppableRects.get(container.id);
    return rect && container.id !== over?.id ? [{ id: container.id, rect }] : [];
  });
  const target = nextCell(fromRect, direction, cells);
  if (!target) return undefined;
  const center = centerOf(target.rect);
  return {
    x: center.x - collisionRect.width / 2,
    y: center.y - collisionRect.height / 2,
  };
};

/**
 * A mouse or finger drops into the cell under it; the keyboard, which has no pointer, into the
 * cell the card is centred on.
 */
export const cellUnderDrag: CollisionDetection = (args) =>
  args.pointerCoordinates ? pointerWithin(args) : closestCenter(args);
