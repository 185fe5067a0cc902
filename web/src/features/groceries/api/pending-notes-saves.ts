// Notes saves still on their way, per list: a reload of the list waits for them, so coming
// back to a list right after leaving it never shows the notes from before the last edit.
const pending = new Map<number, Promise<unknown>>();

export function trackNotesSave<T>(listId: number, save: Promise<T>): Promise<T> {
  const settled = save.catch(() => undefined);
  pending.set(listId, settled);
  void settled.then(() => {
    if (pending.get(listId) === settled) pending.delete(listId);
  });
  return save;
}

/** Settles once every notes save of the list started so far has; undefined when none is on its way. */
export const notesSavesSettled = (listId: number): Promise<unknown> | undefined =>
  pending.get(listId);
