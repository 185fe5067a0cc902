import { t } from "../lib/i18n";
import { formattingButtons } from "./formatting-buttons";

/**
 * Stands where a rich-text editor will be while its code loads: the same box, toolbar and
 * height, disabled and saying so. It is deliberately not a textbox: nothing can be typed into
 * it, so nothing typed is lost when the editor replaces it, and the journeys' look-ups by role
 * wait for the real editor.
 */
export function EditorPlaceholder({
  labelId,
  toolbarLabel = t("components.formatting.toolbar"),
  editableClass = "",
}: {
  labelId: string;
  toolbarLabel?: string;
  /** The editable area's own class (e.g. the notes' height), so the placeholder matches it. */
  editableClass?: string;
}) {
  return (
    // A disabled fieldset: its toolbar buttons are disabled with it, and it is named after the field.
    <fieldset
      className="rich-text-editor editor-placeholder"
      aria-labelledby={labelId}
      aria-busy="true"
      disabled
    >
      <div className="rich-text-toolbar" role="toolbar" aria-label={toolbarLabel}>
        {formattingButtons().map((button) => (
          <button
            key={button.id}
            type="button"
            className="toolbar-button"
            aria-label={button.label}
            title={button.label}
          >
            <span aria-hidden="true">{button.text}</span>
          </button>
        ))}
      </div>
      <div className={`rich-text rich-text-editable ${editableClass}`.trim()}>
        <p className="editor-placeholder-text">{t("components.editorPlaceholder.loading")}</p>
      </div>
    </fieldset>
  );
}
