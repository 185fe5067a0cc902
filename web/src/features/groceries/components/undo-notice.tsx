/** 'Removed {title}. Undo', announced politely. */
export function UndoNotice({
  title,
  onUndo,
  undoing,
}: {
  title: string;
  onUndo: () => void;
  undoing: boolean;
}) {
  return (
    <p className="undo-notice" role="status">
      Removed {title}.{" "}
      <button
        type="button"
        className="btn btn-outline btn-small"
        onClick={onUndo}
        disabled={undoing}
      >
        Undo
        <span className="visually-hidden"> removing {title}</span>
      </button>
    </p>
  );
}
