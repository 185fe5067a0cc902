import { useEffect, useState } from "react";
import { dropNotesDraft, keepNotesDraft, type NotesDraft, takeNotesDraft } from "./api/notes-draft";
import { saveGroceryListNotes } from "./api/update-grocery-list-notes";

/** Spec §9: autosave 2 s after typing stops, 'Saved!' for 2 s, saving enabled 100 ms after load. */
export const AUTOSAVE_DELAY_MS = 2000;
export const SAVED_VISIBLE_MS = 2000;
export const LOAD_GUARD_MS = 100;
/** A failed save is tried again after 1 s, then 2 s, 4 s... up to every 30 s. */
export const RETRY_FIRST_MS = 1000;
export const RETRY_MAX_MS = 30_000;

export type NotesStatus = "idle" | "saving" | "saved" | "error";

export interface NotesAutosaveOptions {
  initialNotes: string;
  /** Sends the notes; resolves with the notes the server then holds. */
  save: (notes: string, leavingPage: boolean) => Promise<string>;
  keepDraft: (draft: NotesDraft) => void;
  /** Drops the draft if it holds exactly these (now confirmed) notes. */
  dropDraft: (notes: string) => void;
  /** Drops whatever draft there is (the user gave up the text). */
  clearDraft: () => void;
  onStatus: (status: NotesStatus) => void;
}

export type NotesAutosave = ReturnType<typeof createNotesAutosave>;

/**
 * The notes autosave of one editor, apart from React so that its timing can be tested:
 * - a save goes out once typing has paused for 2 s (and not before the load guard);
 * - one save at a time: text typed meanwhile goes once it is done, and only the latest text,
 *   so an older text never lands after a newer one;
 * - a failed save keeps its text (unless newer text replaces it), leaves a draft that the next
 *   load of the list sends again, and is retried with a growing wait until the server has it.
 */
export function createNotesAutosave(options: NotesAutosaveOptions) {
  /** The notes the server last confirmed holding: the base a draft applies to. */
  let confirmed = options.initialNotes;
  /** Typed and not sent yet, or sent and failed. */
  let unsaved: string | null = null;
  /** The text of the save in flight. */
  let sending: string | null = null;
  /** A save was due while another was in flight: it goes when that one is done. */
  let due = false;
  let enabled = false;
  /** The warning about notes changed elsewhere shows: nothing is sent until the user acts. */
  let paused = false;
  /** The page may be going away: saves go out with keepalive. */
  let leaving = false;
  let stopped = true;
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let savedTimer: ReturnType<typeof setTimeout> | undefined;
  let guardTimer: ReturnType<typeof setTimeout> | undefined;

  const setStatus = (status: NotesStatus) => {
    if (!stopped) options.onStatus(status);
  };
  const cancelWait = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  const sendAfter = (ms: number) => {
    cancelWait();
    timer = setTimeout(() => {
      timer = undefined;
      send();
    }, ms);
  };

  function send() {
    cancelWait();
    if (unsaved === null) return;
    if (sending !== null) {
      due = true;
      return;
    }
    due = false;
    const notes = unsaved;
    unsaved = null;
    sending = notes;
    clearTimeout(savedTimer);
    // While retrying, 'Error saving.' stays until a save gets through: no flicker.
    if (failures === 0) setStatus("saving");
    options.save(notes, leaving).then(
      (held) => {
        sending = null;
        failures = 0;
        confirmed = held;
        options.dropDraft(notes);
        setStatus("saved");
        savedTimer = setTimeout(() => setStatus("idle"), SAVED_VISIBLE_MS);
        if (due) send();
      },
      (error: unknown) => {
        console.error("Failed to save notes", error);
        sending = null;
        unsaved ??= notes;
        options.keepDraft({ notes: unsaved, base: confirmed });
        setStatus("error");
        failures += 1;
        // Once stopped, the draft sends it on the next load of the list.
        if (stopped || paused) return;
        if (due) send();
        else if (timer === undefined) {
          sendAfter(Math.min(RETRY_FIRST_MS * 2 ** (failures - 1), RETRY_MAX_MS));
        }
      },
    );
  }

  /** Saves what is not yet saved, now, in a request that outlives the page. */
  function leave() {
    const pending = unsaved ?? sending;
    // In case the page goes away before the request arrives (or before it is even sent,
    // behind a save in flight): the next load of the list sends the draft.
    if (pending !== null) options.keepDraft({ notes: pending, base: confirmed });
    leaving = true;
    paused = false;
    send();
  }

  return {
    /** Mounted: typing saves from a moment after the notes are in place (loading is not typing). */
    start() {
      stopped = false;
      guardTimer = setTimeout(() => {
        enabled = true;
        if (unsaved !== null && !paused) sendAfter(AUTOSAVE_DELAY_MS);
      }, LOAD_GUARD_MS);
    },
    /** Unmounted: what is not yet saved goes at once; no more status. */
    stop() {
      clearTimeout(guardTimer);
      clearTimeout(savedTimer);
      stopped = true;
      leave();
    },
    leave,
    /** Typed: every keystroke starts the 2 s wait again. */
    edit(notes: string) {
      unsaved = notes;
      paused = false;
      leaving = false;
      if (enabled) sendAfter(AUTOSAVE_DELAY_MS);
    },
    /** Holds the waiting save until the next edit (or leaving the page). */
    pause() {
      paused = true;
      due = false;
      cancelWait();
    },
    /** Gives up the text not yet saved for `notes`, which the server holds. */
    discard(notes: string) {
      cancelWait();
      unsaved = null;
      due = false;
      paused = false;
      confirmed = notes;
      options.clearDraft();
    },
    /** The server was seen holding other notes (changed elsewhere). */
    setConfirmed(notes: string) {
      confirmed = notes;
    },
    confirmed: () => confirmed,
    /** Something typed here is not yet saved, or its save is still on its way. */
    hasUnsavedText: () => unsaved !== null || sending !== null,
  };
}

/** The notes autosave of a list's editor, wired to the server, the draft and the page's life. */
export function useNotesAutosave(listId: number, initialNotes: string) {
  const [status, setStatus] = useState<NotesStatus>("idle");
  const [autosave] = useState(() =>
    createNotesAutosave({
      initialNotes,
      save: (notes, leavingPage) =>
        saveGroceryListNotes(listId, notes, { leavingPage }).then((saved) => saved.notes),
      keepDraft: (draft) => keepNotesDraft(listId, draft),
      dropDraft: (notes) => dropNotesDraft(listId, notes),
      clearDraft: () => takeNotesDraft(listId),
      onStatus: setStatus,
    }),
  );

  useEffect(() => {
    autosave.start();
    // Closing the tab, reloading, or a phone hiding it must not lose the last words.
    const onHidden = () => document.visibilityState === "hidden" && autosave.leave();
    window.addEventListener("pagehide", autosave.leave);
    document.addEventListener("visibilitychange", onHidden);
    return () => {
      window.removeEventListener("pagehide", autosave.leave);
      document.removeEventListener("visibilitychange", onHidden);
      autosave.stop(); // navigating elsewhere in the app
    };
  }, [autosave]);

  return { status, autosave };
}
