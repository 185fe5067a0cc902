import { useEffect, useId, useRef, useState } from "react";
import { deferred } from "../../../components/deferred";
import { EditorPlaceholder } from "../../../components/editor-placeholder";
import { t } from "../../../lib/i18n";
import { useSeenOnScreen } from "../../../lib/use-seen-on-screen";
import { useGroceryList } from "../api/get-grocery-list";
import { useShoppingLinesSettled } from "../api/get-shopping-items";
import type { RemoteNotes } from "../api/list-events";
import { readNotesDraft } from "../api/notes-draft";

/**
 * The notes editor brings TipTap, heavier than the rest of the list page together (issue 15
 * §5): it is fetched once the card is near the screen (on a phone it is below a long list), or at
 * once when the device holds unsent notes for this list, which the editor sends as it opens.
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
  const card = useRef<HTMLElement>(null);
  const [hasDraft] = useState(() => readNotesDraft(listId) !== null);
  const wanted = useSeenOnScreen(card, useShoppingLinesSettled(listId)) || hasDraft;
  // Downloads the editor alongside the notes, not after them.
  useEffect(() => {
    if (wanted) void NotesEditor.preload();
  }, [wanted]);
  return (
    <section ref={card} className="card grocery-card notes-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t("groceries.notes.heading")}</h2>
      {/* Fresh notes only: a copy cached from an earlier visit may be out of date. */}
      {!list.isFetchedAfterMount ? (
        <p className="status-text" role="status">
          {t("groceries.notes.loading")}
        </p>
      ) : list.data ? (
        <NotesEditor
          load={wanted}
          listId={listId}
          initialNotes={list.data.notes}
          remoteNotes={remoteNotes}
          labelId={headingId}
        />
      ) : (
        <p className="muted">{t("groceries.notes.loadFailed")}</p>
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
        toolbarLabel={t("groceries.notes.toolbar")}
        editableClass="notes-editable"
      />
      <p className="notes-status" />
    </div>
  );
}
