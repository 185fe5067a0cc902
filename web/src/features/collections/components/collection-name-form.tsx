import { COLLECTION_NAME_MAX } from "@potluck/contract/limits";
import { type FormEvent, useId, useRef, useState } from "react";
import { t } from "../../../lib/i18n";
import { blankName } from "../name-error";

/**
 * A collection's name in one line with its button: creating one (the Collections tab, the Save
 * panel) or renaming one. A blank name is refused here in the server's words; the server's own
 * message for the name (taken, too long) comes back through `onSave`'s `fail`, under the field.
 */
export function CollectionNameForm({
  label,
  submitLabel,
  initialName = "",
  pending,
  autoFocus = false,
  onSave,
  onCancel,
}: {
  label: string;
  submitLabel: string;
  initialName?: string;
  pending: boolean;
  autoFocus?: boolean;
  /** Called with the trimmed name; `done` clears the field, `fail` shows a message under it. */
  onSave: (name: string, outcome: { done: () => void; fail: (message: string) => void }) => void;
  onCancel?: () => void;
}) {
  const [name, setName] = useState(initialName);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const ids = { input: useId(), error: useId() };

  const fail = (message: string) => {
    setError(message);
    input.current?.focus();
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      fail(blankName());
      return;
    }
    setError(null);
    onSave(trimmed, { done: () => setName(""), fail });
  };

  return (
    <form className="collection-name-form" onSubmit={onSubmit} noValidate>
      <div className="field">
        <label htmlFor={ids.input}>{label}</label>
        <input
          ref={input}
          id={ids.input}
          name="name"
          required
          maxLength={COLLECTION_NAME_MAX}
          autoComplete="off"
          // biome-ignore lint/a11y/noAutofocus: the field the cook just asked for (Rename)
          autoFocus={autoFocus}
          value={name}
          aria-invalid={error !== null || undefined}
          aria-describedby={error ? ids.error : undefined}
          onChange={(event) => {
            setName(event.target.value);
            setError(null);
          }}
        />
      </div>
      <div className="collection-name-actions">
        <button type="submit" className="btn btn-primary" disabled={pending}>
          {submitLabel}
        </button>
        {onCancel && (
          <button type="button" className="btn btn-secondary" onClick={onCancel}>
            {t("collections.nameForm.cancel")}
          </button>
        )}
      </div>
      {error && (
        <p id={ids.error} className="field-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
