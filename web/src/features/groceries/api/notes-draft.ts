// Notes not yet on the server are kept here, in localStorage, until they are: notes typed
// just before the page goes away (a reload, a closed tab, a phone putting the tab to sleep)
// are sent with keepalive, but the next page's first read of the list can reach the server
// before that save does; and notes typed offline wait here, across reloads and closed tabs,
// for the network. The next load of the list finishes the save (see groceryListQuery and the
// notes editor).

export interface NotesDraft {
  /** The notes as typed. */
  notes: string;
  /** The notes the server held as far as the leaving page knew: the draft applies only on top of them. */
  base: string;
}

const keyOf = (listId: number) => `potluck:notes-draft:${listId}`;

export function keepNotesDraft(listId: number, draft: NotesDraft): void {
  try {
    localStorage.setItem(keyOf(listId), JSON.stringify(draft));
  } catch {
    // storage full or disabled: the keepalive save is all there is
  }
}

/** Removes the draft once a save of exactly these notes has been confirmed. */
export function dropNotesDraft(listId: number, savedNotes: string): void {
  const draft = readNotesDraft(listId);
  if (draft && draft.notes === savedNotes) localStorage.removeItem(keyOf(listId));
}

/** The draft a leaving page left for the list, removed as it is taken. */
export function takeNotesDraft(listId: number): NotesDraft | null {
  const draft = readNotesDraft(listId);
  if (draft) localStorage.removeItem(keyOf(listId));
  return draft;
}

/** Forgets every list's draft (signing out: they belong to the cook who typed them). */
export function clearNotesDrafts(): void {
  for (const key of Object.keys(localStorage)) {
    if (key.startsWith("potluck:notes-draft:")) localStorage.removeItem(key);
  }
}

export function readNotesDraft(listId: number): NotesDraft | null {
  try {
    const raw = localStorage.getItem(keyOf(listId));
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
