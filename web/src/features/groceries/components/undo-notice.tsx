import { t } from "../../../lib/i18n";
import { tRich } from "../../../lib/i18n/rich";

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
      {t("groceries.undo.removed", { title })}{" "}
      <button
        type="button"
        className="btn btn-outline btn-small"
        onClick={onUndo}
        disabled={undoing}
      >
        {tRich("groceries.undo.button", {
          hidden: (chunks) => <span className="visually-hidden">{chunks}</span>,
          title,
        })}
      </button>
    </p>
  );
}
