import { SHOPPING_TEXT_MAX } from "@potluck/contract/limits";
import { type FormEvent, useId, useState } from "react";
import { ApiError, reasonOf } from "../../../lib/api-client";
import { fieldErrorsOf } from "../../../lib/field-errors";
import { addLine } from "../api/add-queue";
import "./quick-add.css";
import { t } from "../../../lib/i18n";

/** Why the server would not take a typed line, in a few words. */
function refusalText(refusal: unknown): string {
  if (refusal instanceof ApiError && refusal.status === 404) {
    return t("groceries.quickAdd.listGone");
  }
  return fieldErrorsOf(refusal).text ?? reasonOf(refusal);
}

/**
 * "Add an item": one line as the cook would write it ("2 kg potatoes", "paper towels"), added
 * on Enter. The field clears at once and keeps the focus for the next line; the line shows on
 * the list straight away (waiting while offline: see add-queue.ts), and a refusal comes back
 * under the field with the line put back to mend.
 */
export function QuickAdd({ listId }: { listId: number }) {
  const inputId = useId();
  const errorId = useId();
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const line = text.replace(/\s+/g, " ").trim();
    if (line === "") {
      setError(t("groceries.quickAdd.empty"));
      return;
    }
    setText("");
    setError(null);
    addLine(listId, line).catch((refusal: unknown) => {
      setError(t("groceries.quickAdd.refused", { text: line, reason: refusalText(refusal) }));
      setText((current) => (current === "" ? line : current));
    });
  };

  return (
    <form className="quick-add" onSubmit={onSubmit} noValidate>
      <div className="field">
        <label htmlFor={inputId}>{t("groceries.quickAdd.label")}</label>
        <input
          id={inputId}
          name="text"
          placeholder={t("groceries.quickAdd.placeholder")}
          autoComplete="off"
          enterKeyHint="done"
          maxLength={SHOPPING_TEXT_MAX}
          value={text}
          aria-invalid={error !== null || undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            setText(event.target.value);
            setError(null);
          }}
        />
      </div>
      <button type="submit" className="btn btn-primary">
        {t("groceries.quickAdd.submit")}
      </button>
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
