import {
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type RefObject,
  useEffect,
  useId,
  useRef,
} from "react";
import { t } from "../lib/i18n";

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function keepTabInside(event: KeyboardEvent, container: HTMLElement | null): void {
  if (!container) return;
  const focusable = [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => element.getClientRects().length > 0,
  );
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * A modal dialog titled `title`. A native <dialog> opened with showModal(): the page behind is
 * inert, Tab cycles inside, Escape closes it, and so does a click on the backdrop. Focus goes
 * back to whatever opened it.
 */
export function Modal({
  title,
  onClose,
  children,
  className = "",
  closeLabel = t("components.modal.close"),
  initialFocus,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Added to "modal", e.g. for a full-screen dialog. */
  className?: string;
  closeLabel?: string;
  /** Focused on opening instead of the first button (the Close button). */
  initialFocus?: RefObject<HTMLElement | null>;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const pressedOnBackdrop = useRef(false);

  // Opened once, focusing the element given at first; later changes of the prop don't matter.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    const element = dialog.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (element && !element.open) element.showModal();
    initialFocus?.current?.focus();
    return () => {
      if (element?.open) element.close();
      opener?.focus();
    };
  }, []);

  // The backdrop belongs to the <dialog> itself; its content sits in the inner box. A drag
  // that starts inside and ends outside is not a backdrop click.
  const onMouseDown = (event: MouseEvent) => {
    pressedOnBackdrop.current = event.target === event.currentTarget;
  };
  const onClick = (event: MouseEvent) => {
    if (pressedOnBackdrop.current && event.target === event.currentTarget) onClose();
  };

  // A picker swallows Escape (react-select prevents its default, so the dialog never hears
  // it): Escape closes the dialog unless it is closing an open menu.
  // Tab wraps around inside the dialog rather than leaving the page for the browser's own UI.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Tab") {
      keepTabInside(event, dialog.current);
      return;
    }
    if (event.key !== "Escape") return;
    const target = event.target as HTMLElement;
    if (target.getAttribute("aria-expanded") === "true") return;
    event.preventDefault();
    onClose();
  };

  return (
    <dialog
      ref={dialog}
      className={`modal ${className}`.trim()}
      aria-modal="true"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onKeyDown={onKeyDown}
      onMouseDown={onMouseDown}
      onClick={onClick}
    >
      <div className="modal-box">
        <div className="modal-header">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="icon-button modal-close" onClick={onClose}>
            <span aria-hidden="true">✕</span>
            <span className="visually-hidden">{closeLabel}</span>
          </button>
        </div>
        {children}
      </div>
    </dialog>
  );
}

/**
 * A dialog form's last row: its submit button (`label`; while `busy`, `busyLabel` and
 * disabled) and Cancel. `danger` for an action that destroys something.
 */
export function ModalActions({
  label,
  busy = false,
  busyLabel = label,
  disabled = false,
  danger = false,
  className = "row",
  onCancel,
}: {
  label: string;
  busy?: boolean;
  busyLabel?: string;
  /** Not possible yet (nothing chosen), apart from busy. */
  disabled?: boolean;
  danger?: boolean;
  className?: string;
  onCancel: () => void;
}) {
  return (
    <div className={className}>
      <button
        type="submit"
        className={`btn ${danger ? "btn-danger" : "btn-primary"}`}
        disabled={busy || disabled}
      >
        {busy ? busyLabel : label}
      </button>
      <button type="button" className="btn btn-secondary" onClick={onCancel}>
        {t("components.common.cancel")}
      </button>
    </div>
  );
}
