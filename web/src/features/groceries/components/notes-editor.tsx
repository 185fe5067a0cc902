import { EditorContent, useEditor } from "@tiptap/react";
import { useEffect, useState } from "react";
import { EDITOR_EXTENSIONS, FormattingToolbar } from "../../../components/rich-text-editor";
import { t } from "../../../lib/i18n";
import { useSession } from "../../../lib/session";
import type { RemoteNotes } from "../api/list-events";
import { decideIncomingNotes, notesChangedText } from "../incoming-notes";
import { type NotesStatus, useNotesAutosave } from "../use-notes-autosave";

/** What the status line under the editor says. */
function statusText(status: NotesStatus): string {
  switch (status) {
    case "idle":
      return "";
    case "saving":
      return t("groceries.notes.saving");
    case "saved":
      return t("groceries.notes.saved");
    case "error":
      return t("groceries.notes.saveError");
    case "offline":
      return t("groceries.notes.offline");
  }
}

/**
 * Edits the list's notes with TipTap and autosaves them. Heavy: notes-card.tsx loads this
 * module after the page is usable.
 */
export default function NotesEditor({
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
  const { status, autosave, initialText } = useNotesAutosave(listId, initialNotes);
  /** Another shopper's notes, not shown because the editor holds unsaved text. */
  const [theirs, setTheirs] = useState<RemoteNotes | null>(null);

  // The text kept here has now replaced theirs (the last writer wins): nothing to offer.
  useEffect(() => {
    if (status === "saved") setTheirs(null);
  }, [status]);

  const editor = useEditor({
    extensions: EDITOR_EXTENSIONS,
    content: initialText,
    editorProps: {
      attributes: {
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": labelId,
        class: "rich-text rich-text-editable notes-editable",
      },
    },
    onUpdate: ({ editor: changed }) => autosave.edit(changed.getHTML()),
  });

  // Notes changed elsewhere never replace what is typed here and not yet saved.
  useEffect(() => {
    if (!remoteNotes || !editor) return;
    const action = decideIncomingNotes({
      incoming: remoteNotes.notes,
      confirmed: autosave.confirmed(),
      hasUnsavedText: autosave.hasUnsavedText(),
      by: remoteNotes.by,
      me,
    });
    if (action === "ignore") return;
    autosave.setConfirmed(remoteNotes.notes);
    if (action === "load") {
      editor.commands.setContent(remoteNotes.notes, { emitUpdate: false });
    } else if (action === "warn") {
      // Hold the waiting autosave, so their notes are not replaced a moment after the warning
      // shows: typing again (or leaving the page) saves the text kept here, over theirs.
      autosave.pause();
      setTheirs(remoteNotes);
    }
  }, [remoteNotes, editor, autosave, me]);

  /** Drops the text typed here for the notes the other shopper saved; nothing is saved. */
  const loadTheirs = () => {
    if (!theirs || !editor) return;
    autosave.discard(theirs.notes);
    editor.commands.setContent(theirs.notes, { emitUpdate: false });
    setTheirs(null);
  };

  return (
    <div className="notes-editor">
      {theirs && (
        <div className="alert notes-conflict" role="alert">
          <span>{notesChangedText(theirs.by)}</span>
          <button type="button" className="btn btn-small btn-outline" onClick={loadTheirs}>
            {t("groceries.notes.loadTheirs")}
          </button>
        </div>
      )}
      <div className="rich-text-editor">
        <FormattingToolbar editor={editor} label={t("groceries.notes.toolbar")} />
        <EditorContent editor={editor} />
      </div>
      <p className="notes-status" role="status" aria-live="polite">
        {statusText(status)}
      </p>
    </div>
  );
}
