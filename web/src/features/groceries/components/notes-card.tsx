import { EditorContent, useEditor } from "@tiptap/react";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { EDITOR_EXTENSIONS, FormattingToolbar } from "../../../components/rich-text-editor";
import { useSession } from "../../../lib/session";
import { useGroceryList } from "../api/get-grocery-list";
import type { RemoteNotes } from "../api/list-events";
import { dropNotesDraft, keepNotesDraft } from "../api/notes-draft";
import { notesSavesSettled } from "../api/pending-notes-saves";
import { saveGroceryListNotes } from "../api/update-grocery-list-notes";
import { decideIncomingNotes, notesChangedText } from "../incoming-notes";

/** Spec §9: autosave 2 s after typing stops, 'Saved!' for 2 s, saving enabled 100 ms after load. */
export const AUTOSAVE_DELAY_MS = 2000;
export const SAVED_VISIBLE_MS = 2000;
export const LOAD_GUARD_MS = 100;

type NotesStatus = "idle" | "saving" | "saved" | "error";
const STATUS_TEXT: Record<NotesStatus, string> = {
  idle: "",
  saving: "Saving...",
  saved: "Saved!",
  error: "Error saving.",
};

/**
 * The Notes card: loads the list's notes on entering the list, then edits and autosaves them.
 * `remoteNotes` are the notes as refetched after they changed elsewhere.
 */
export function NotesCard({
  listId,
  remoteNotes,
}: {
  listId: number;
  remoteNotes: RemoteNotes | null;
}) {
  const list = useGroceryList(listId);
  const headingId = useId();
  return (
    <section className="card grocery-card notes-card" aria-labelledby={headingId}>
      <h2 id={headingId}>Notes</h2>
      {/* Fresh notes only: a copy cached from an earlier visit may be out of date. */}
      {!list.isFetchedAfterMount ? (
        <p className="status-text" role="status">
          Loading notes...
        </p>
      ) : list.data ? (
        <NotesEditor
          listId={listId}
          initialNotes={list.data.notes}
          remoteNotes={remoteNotes}
          labelId={headingId}
        />
      ) : (
        <p className="muted">The notes could not be loaded.</p>
      )}
    </section>
  );
}

function NotesEditor({
  listId,
  initialNotes,
  remoteNotes,
  labelId,
}: {
  listId: number;
  initialNotes: string;
  remoteNotes: RemoteNotes | null;
  labelId: string;
}) {
  const me = useSession().user?.username ?? null;
  const [status, setStatus] = useState<NotesStatus>("idle");
  /** Another shopper's notes, not shown because the editor holds unsaved text. */
  const [theirs, setTheirs] = useState<RemoteNotes | null>(null);
  const mounted = useRef(true);
  const savingEnabled = useRef(false);
  const unsaved = useRef<string | null>(null);
  const autosaveTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const savedTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  /** The notes the server last confirmed holding: the base a leaving page's draft applies to. */
  const confirmedNotes = useRef(initialNotes);

  const save = useCallback(
    async (html: string, leavingPage: boolean) => {
      if (mounted.current) {
        clearTimeout(savedTimer.current);
        setStatus("saving");
      }
      try {
        const saved = await saveGroceryListNotes(listId, html, { leavingPage });
        confirmedNotes.current = saved.notes;
        dropNotesDraft(listId, html);
        if (!mounted.current) return;
        // The text kept here has now replaced theirs (the last writer wins): nothing to offer.
        setTheirs(null);
        setStatus("saved");
        savedTimer.current = setTimeout(() => setStatus("idle"), SAVED_VISIBLE_MS);
      } catch (error) {
        console.error("Failed to save notes", error);
        if (mounted.current) setStatus("error");
      }
    },
    [listId],
  );

  /** Saves what is typed but not yet saved, now. */
  const flush = useCallback(
    (leavingPage: boolean) => {
      clearTimeout(autosaveTimer.current);
      const html = unsaved.current;
      if (html === null) return;
      unsaved.current = null;
      void save(html, leavingPage);
    },
    [save],
  );

  /** Autosave once typing has paused for 2 s; every keystroke starts the wait again. */
  const restartAutosaveWait = useCallback(() => {
    clearTimeout(autosaveTimer.current);
    autosaveTimer.current = setTimeout(() => flush(false), AUTOSAVE_DELAY_MS);
  }, [flush]);

  const editor = useEditor({
    extensions: EDITOR_EXTENSIONS,
    content: initialNotes,
    editorProps: {
      attributes: {
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": labelId,
        class: "rich-text rich-text-editable notes-editable",
      },
    },
    onUpdate: ({ editor: changed }) => {
      unsaved.current = changed.getHTML();
      if (savingEnabled.current) restartAutosaveWait();
    },
  });

  useEffect(() => {
    mounted.current = true;
    // Loading is not typing: the autosave wait starts only a moment after the notes are in
    // place. Typed within that moment (a fast typist, or a test) is kept and saved from then
    // on, or at once if the page is left first.
    const guard = setTimeout(() => {
      savingEnabled.current = true;
      if (unsaved.current !== null) restartAutosaveWait();
    }, LOAD_GUARD_MS);
    // Leaving within the 2 s must not lose the last words: save at once, in a request that
    // outlives the page (tab closed, reloaded, or hidden on a phone), and leave a draft that
    // the next load of the list sends again in case that request has not arrived by then.
    const saveOnLeave = () => {
      if (unsaved.current !== null) {
        keepNotesDraft(listId, { notes: unsaved.current, base: confirmedNotes.current });
      }
      flush(true);
    };
    const onHidden = () => document.visibilityState === "hidden" && saveOnLeave();
    window.addEventListener("pagehide", saveOnLeave);
    document.addEventListener("visibilitychange", onHidden);
    return () => {
      clearTimeout(guard);
      window.removeEventListener("pagehide", saveOnLeave);
      document.removeEventListener("visibilitychange", onHidden);
      mounted.current = false;
      clearTimeout(savedTimer.current);
      flush(true); // navigating elsewhere in the app
    };
  }, [flush, restartAutosaveWait, listId]);

  // Notes changed elsewhere never replace what is typed here and not yet saved.
  useEffect(() => {
    if (!remoteNotes || !editor) return;
    const action = decideIncomingNotes({
      incoming: remoteNotes.notes,
      confirmed: confirmedNotes.current,
      hasUnsavedText: unsaved.current !== null || notesSavesSettled(listId) !== undefined,
      by: remoteNotes.by,
      me,
    });
    if (action === "ignore") return;
    confirmedNotes.current = remoteNotes.notes;
    if (action === "load") {
      editor.commands.setContent(remoteNotes.notes, { emitUpdate: false });
    } else if (action === "warn") {
      // Hold the waiting autosave, so their notes are not replaced a moment after the warning
      // shows: typing again (or leaving the page) saves the text kept here, over theirs.
      clearTimeout(autosaveTimer.current);
      setTheirs(remoteNotes);
    }
  }, [remoteNotes, editor, listId, me]);

  /** Drops the text typed here for the notes the other shopper saved; nothing is saved. */
  const loadTheirs = () => {
    if (!theirs || !editor) return;
    clearTimeout(autosaveTimer.current);
    unsaved.current = null;
    editor.commands.setContent(theirs.notes, { emitUpdate: false });
    setTheirs(null);
  };

  return (
    <div className="notes-editor">
      {theirs && (
        <div className="alert notes-conflict" role="alert">
          <span>{notesChangedText(theirs.by)}</span>
          <button type="button" className="btn btn-small btn-outline" onClick={loadTheirs}>
            Load their notes
          </button>
        </div>
      )}
      <div className="rich-text-editor">
        <FormattingToolbar editor={editor} label="Notes formatting" />
        <EditorContent editor={editor} />
      </div>
      <p className="notes-status" role="status" aria-live="polite">
        {STATUS_TEXT[status]}
      </p>
    </div>
  );
}
