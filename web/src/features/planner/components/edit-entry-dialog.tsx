import type { PlannerEntry } from "@potluck/contract";
import { GUESTS_MAX, PLANNER_NOTE_MAX } from "@potluck/contract/limits";
import { type FormEvent, useId, useRef, useState } from "react";
import { Modal, ModalActions } from "../../../components/modal";
import { t } from "../../../lib/i18n";
import type { EntryChange } from "../api/update-entry";
import { entryLabel } from "../entries";

/** Change guests (a recipe) or edit the text (a note) of a planned meal. */
export function EditEntryDialog({
  entry,
  onSubmit,
  onClose,
}: {
  entry: PlannerEntry;
  onSubmit: (change: EntryChange) => void;
  onClose: () => void;
}) {
  const isRecipe = entry.recipe !== null;
  const [value, setValue] = useState(isRecipe ? String(entry.guests ?? 4) : (entry.note ?? ""));
  const [error, setError] = useState<string | null>(null);
  const fieldId = useId();
  const errorId = useId();
  const field = useRef<HTMLInputElement>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isRecipe) {
      const guests = Number(value);
      if (!Number.isInteger(guests) || guests < 1 || guests > GUESTS_MAX) {
        setError(t("planner.edit.guestsRange", { max: String(GUESTS_MAX) }));
        return;
      }
      onSubmit({ guests });
    } else {
      const note = value.trim();
      if (!note) {
        setError(t("planner.form.typeNote"));
        return;
      }
      onSubmit({ note });
    }
  };

  return (
    <Modal
      title={
        isRecipe
          ? t("planner.edit.guestsTitle", { what: entryLabel(entry) })
          : t("planner.entry.editNote")
      }
      onClose={onClose}
      initialFocus={field}
      className="modal-compact"
    >
      <form className="form" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={fieldId}>
            {isRecipe ? t("planner.form.guests") : t("planner.form.note")}
          </label>
          <input
            ref={field}
            id={fieldId}
            {...(isRecipe
              ? { type: "number", inputMode: "numeric", min: 1, max: GUESTS_MAX, step: 1 }
              : { type: "text", maxLength: PLANNER_NOTE_MAX, autoComplete: "off" })}
            value={value}
            aria-invalid={error !== null || undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => {
              setValue(event.target.value);
              setError(null);
            }}
          />
          {error && (
            <p id={errorId} className="field-error" role="alert">
              {error}
            </p>
          )}
        </div>
        <ModalActions label={t("planner.edit.save")} onCancel={onClose} />
      </form>
    </Modal>
  );
}
