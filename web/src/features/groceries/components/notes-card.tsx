import { useEffect, useId } from "react";
import { deferred } from "../../../components/deferred";
import { EditorPlaceholder } from "../../../components/editor-placeholder";
import { useGroceryList } from "../api/get-grocery-list";
import type { RemoteNotes } from "../api/list-events";

/**
 * The notes editor brings TipTap, heavier than the rest of the list page together (issue 15
 * §5): it is fetched when the card mounts, alongside the notes, and shown once both are here.
 */
const NotesEditor = deferred(
  async () => (await import("./notes-editor")).default,
  ({ labelId }) => <NotesPlaceholder labelId={labelId} />,
);

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
  // Downloads the editor alongside the notes, not after them.
  useEffect(() => {
    void NotesEditor.preload();
  }, []);
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

/** The editor's box and its status line, as NotesEditor lays them out. */
function NotesPlaceholder({ labelId }: { labelId: string }) {
  return (
    <div className="notes-editor">
      <EditorPlaceholder
        labelId={labelId}
        toolbarLabel="Notes formatting"
        editableClass="notes-editable"
      />
      <p className="notes-status" />
    </div>
  );
}
