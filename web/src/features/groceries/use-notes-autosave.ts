import { useEffect, useRef, useState } from "react";
import { isNetworkFailure, useOnline } from "../../lib/offline/online";
import { reportPendingChanges } from "../../lib/offline/pending-changes";
import {
  dropNotesDraft,
  keepNotesDraft,
  type NotesDraft,
  readNotesDraft,
  takeNotesDraft,
} from "./api/notes-draft";
import { saveGroceryListNotes } from "./api/update-grocery-list-notes";

/** Spec §9: autosave 2 s after typing stops, 'Saved!' for 2 s, saving enabled 100 ms after load. */
export const AUTOSAVE_DELAY_MS = 2000;
export const SAVED_VISIBLE_MS = 2000;
export const LOAD_GUARD_MS = 100;
/** A failed save is tried again after 1 s, then 2 s, 4 s... up to every 30 s. */
export const RETRY_FIRST_MS = 1000;
export const RETRY_MAX_MS = 30_000;

/** "offline": the save could not be sent for want of a network; it is kept and goes when it is back. */
export type NotesStatus = "idle" | "saving" | "saved" | "error" | "offline";

export interface NotesAutosaveOptions {
  initialNotes: string;
  /** Text an earlier page left unsaved (typed offline, say): sent as soon as the editor is up. */
  unsavedDraft?: string;
  /** Sends the notes; resolves with the notes the server then holds. */
  save: (notes: string, leavingPage: boolean) => Promise<string>;
  keepDraft: (draft: NotesDraft) => void;
  /** Drops the draft if it holds exactly these (now confirmed) notes. */
  dropDraft: (notes: string) => void;
  /** Drops whatever draft there is (the user gave up the text). */
  clearDraft: () => void;
  onStatus: (status: NotesStatus) => void;
  /** Whether there is text the server does not have yet (typed, or sent and not confirmed). */
  onUnsaved?: (hasUnsaved: boolean) => void;
  /** The save failed because there is no network (rather than a refusal or a server fault). */
  isOffline: (error: unknown) => boolean;
}

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
  let unsaved: string | null = options.unsavedDraft ?? null;
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
  let reportedUnsaved = unsaved !== null;
  const reportUnsaved = () => {
    const hasUnsaved = unsaved !== null || sending !== null;
    if (hasUnsaved !== reportedUnsaved) options.onUnsaved?.(hasUnsaved);
    reportedUnsaved = hasUnsaved;
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
        reportUnsaved();
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
        setStatus(options.isOffline(error) ? "offline" : "error");
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
        // An earlier page's draft was not being typed: no pause to wait for.
        const typedHere = unsaved !== null && unsaved !== options.unsavedDraft;
        if (unsaved === null || paused) return;
        if (typedHere) sendAfter(AUTOSAVE_DELAY_MS);
        else send();
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
    /** The network is back: a failed save goes now rather than at its next retry. */
    retryNow() {
      if (unsaved !== null && sending === null && !paused && enabled) send();
    },
    /** Typed: every keystroke starts the 2 s wait again. */
    edit(notes: string) {
      unsaved = notes;
      reportUnsaved();
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
      reportUnsaved();
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

/**
 * The notes autosave of a list's editor, wired to the server, the draft and the page's life.
 * `initialText` is what the editor starts with: the server's notes, or the draft of them that
 * has not reached the server yet (typed offline, say), which is then saved.
 */
export function useNotesAutosave(listId: number, initialNotes: string) {
  const [status, setStatus] = useState<NotesStatus>("idle");
  // The autosave is made before the state it reports to: this forwards to it.
  const reportUnsaved = useRef<(hasUnsaved: boolean) => void>(() => {});
  const [{ autosave, initialText }] = useState(() => {
    const draft = readNotesDraft(listId);
    const unsavedDraft =
      draft && draft.base === initialNotes && draft.notes !== initialNotes
        ? draft.notes
        : undefined;
    const created = createNotesAutosave({
      initialNotes,
      unsavedDraft,
      save: (notes, leavingPage) =>
        saveGroceryListNotes(listId, notes, { leavingPage }).then((saved) => saved.notes),
      keepDraft: (draft) => keepNotesDraft(listId, draft),
      dropDraft: (notes) => dropNotesDraft(listId, notes),
      clearDraft: () => takeNotesDraft(listId),
      onStatus: setStatus,
      onUnsaved: (hasUnsaved) => reportUnsaved.current(hasUnsaved),
      isOffline: (error) => isNetworkFailure(error) && !navigator.onLine,
    });
    return { autosave: created, initialText: unsavedDraft ?? initialNotes };
  });

  const [hasUnsaved, setHasUnsaved] = useState(autosave.hasUnsavedText);
  reportUnsaved.current = setHasUnsaved;
  // For the sync bar, text typed here is a change waiting when it cannot go (offline, or its
  // save failed) or is on its way; not while typing online, where it goes 2 s after a pause.
  const online = useOnline();
  const waiting =
    hasUnsaved && (!online || status === "saving" || status === "error" || status === "offline");
  useEffect(() => {
    reportPendingChanges(`notes:${listId}`, waiting ? 1 : 0);
    return () => reportPendingChanges(`notes:${listId}`, 0);
  }, [listId, waiting]);

  useEffect(() => {
    autosave.start();
    // Closing the tab, reloading, or a phone hiding it must not lose the last words.
    const onHidden = () => document.visibilityState === "hidden" && autosave.leave();
    window.addEventListener("pagehide", autosave.leave);
    window.addEventListener("online", autosave.retryNow);
    document.addEventListener("visibilitychange", onHidden);
    return () => {
      window.removeEventListener("pagehide", autosave.leave);
      window.removeEventListener("online", autosave.retryNow);
      document.removeEventListener("visibilitychange", onHidden);
      autosave.stop(); // navigating elsewhere in the app
    };
  }, [autosave]);

  return { status, autosave, initialText };
}
