import { useDeferredValue } from "react";

/**
 * `data` as it is, except that its first appearance is drawn as a transition: the page first
 * draws without it (undefined: its loading state), then React draws it in slices that leave
 * room for the browser's other work, where one long task would hold a phone up (a full planner
 * week, a recipe). Also when the data is already there as the page opens (the server announces
 * it in the HTML). Later changes (a move, a rating, a refetch) are drawn at once, as before: a
 * dropped card must not lag behind the hand.
 */
export function useDeferredFirstDraw<T>(data: T | undefined): T | undefined {
  const drawnOnce = useDeferredValue(data !== undefined, false);
  return drawnOnce ? data : undefined;
}
