import { useEffect, useState } from "react";

/** How long 'Removed {title}. Undo' stays after a planned entry is removed. */
export const UNDO_VISIBLE_MS = 8000;

/**
 * The entry just removed, offered back for a few seconds: a plan deleted by a slip of the
 * finger is put back with one tap instead of being planned again from scratch.
 */
export function useUndoNotice<T>() {
  const [removed, setRemoved] = useState<T | null>(null);
  useEffect(() => {
    if (removed === null) return;
    const timer = setTimeout(() => setRemoved(null), UNDO_VISIBLE_MS);
    return () => clearTimeout(timer);
  }, [removed]);
  return { removed, offer: setRemoved, dismiss: () => setRemoved(null) };
}
