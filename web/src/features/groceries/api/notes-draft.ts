// Notes typed just before the page goes away (a reload, a closed tab, a phone putting the tab
// to sleep) are sent with keepalive, but the next page's first read of the list can reach the
// server before that save does. So the leaving page also leaves them here, in this tab's
// sessionStorage, and the next load of the list finishes the save (see groceryListQuery).

export interface NotesDraft {
  /** The notes as typed. */
  notes: string;
  /** The notes the server held as far as the leaving page knew: the draft applies only on top of them. */
  base: string;
}

const keyOf = (listId: number) => `potluck:notes-draft:${listId}`;

export function keepNotesDraft(listId: number, draft: NotesDraft): void {
  try {
    sessionStorage.setItem(keyOf(listId), JSON.stringify(draft));
  } catch {
    // storage full or disabled: the keepalive save is all there is
  }
}

/** Removes the draft once a save of exactly these notes has been confirmed. */
export function dropNotesDraft(listId: number, savedNotes: string): void {
  const draft = readDraft(listId);
  if (draft && draft.notes === savedNotes) sessionStorage.removeItem(keyOf(listId));
}

/** The draft a leaving page left for the list, removed as it is taken. */
export function takeNotesDraft(listId: number): NotesDraft | null {
  const draft = readDraft(listId);
  if (draft) sessionStorage.removeItem(keyOf(listId));
  return draft;
}

function readDraft(listId: number): NotesDraft | null {
  try {
    const raw = sessionStorage.getItem(keyOf(listId));
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (
      parsed &&
      typeof parsed === "object" &&
      typeof (parsed as NotesDraft).notes === "string" &&
      typeof (parsed as NotesDraft).base === "string"
    ) {
      return parsed as NotesDraft;
    }
  } catch {
    // unreadable: treat as none
  }
  return null;
}
