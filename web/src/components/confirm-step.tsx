import { type ReactNode, type RefObject, useId, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { t } from "../lib/i18n";

/**
 * An in-page "are you sure?" for a button whose action can't be undone: the button gives way
 * to a question with a confirm and a Cancel button, and back. `subject` is what is being asked
 * about (a list's id): once it changes, the question is dropped.
 */
export function useConfirmStep(subject: unknown) {
  const [askedAbout, setAskedAbout] = useState<unknown>(undefined);
  const trigger = useRef<HTMLButtonElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  // The button that had focus goes away: focus the one that replaces it, once it is there.
  const ask = (yes: boolean) => {
    flushSync(() => setAskedAbout(yes ? subject : undefined));
    (yes ? cancel : trigger).current?.focus();
  };
  return { asking: askedAbout !== undefined && askedAbout === subject, ask, trigger, cancel };
}

/** The question of a confirm step, with its confirm and Cancel buttons. */
export function ConfirmStep({
  question,
  confirmLabel,
  pending,
  onConfirm,
  onCancel,
  cancelRef,
  children,
}: {
  question: ReactNode;
  confirmLabel: string;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  cancelRef: RefObject<HTMLButtonElement | null>;
  /** Shown under the buttons, e.g. why the action failed. */
  children?: ReactNode;
}) {
  const questionId = useId();
  return (
    <div className="confirm-step">
      <p id={questionId}>{question}</p>
      <div className="confirm-step-actions">
        <button
          type="button"
          className="btn btn-danger"
          aria-describedby={questionId}
          disabled={pending}
          onClick={onConfirm}
        >
          {confirmLabel}
        </button>
        <button ref={cancelRef} type="button" className="btn btn-secondary" onClick={onCancel}>
          {t("components.common.cancel")}
        </button>
      </div>
      {children}
    </div>
  );
}
