// The list a cook used last, so that My Shopping Lists opens it again (as shopping apps do).
// Kept per cook on this device in localStorage; signing out forgets it (forget-device-data.ts).

const PREFIX = "potluck:last-grocery-list:";

export function rememberLastList(username: string, listId: number): void {
  try {
    localStorage.setItem(PREFIX + username, String(listId));
  } catch {
    // Storage blocked or full: the lists page just opens on the picker.
  }
}

/** The id of the list `username` used last on this device, or null. */
export function lastListOf(username: string): number | null {
  try {
    const id = Number(localStorage.getItem(PREFIX + username));
    return Number.isInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}

/** Forgets `listId` (deleted, left, gone) as the list to reopen; another list stays. */
export function forgetLastList(username: string, listId: number): void {
  if (lastListOf(username) !== listId) return;
  try {
    localStorage.removeItem(PREFIX + username);
  } catch {
    // As above.
  }
}

/** Every cook's last list on this device (signing out). */
export function clearLastLists(): void {
  try {
    for (const key of Object.keys(localStorage)) {
      if (key.startsWith(PREFIX)) localStorage.removeItem(key);
    }
  } catch {
    // As above.
  }
}
