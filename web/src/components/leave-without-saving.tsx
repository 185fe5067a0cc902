import { useRef } from "react";
import { t } from "../lib/i18n";
import { ConfirmStep } from "./confirm-step";
import { Modal } from "./modal";

/** Asked when the cook moves away from a form with unsaved changes. Focus starts on staying. */
export function LeaveWithoutSaving({
  what,
  question,
  onStay,
  onLeave,
}: {
  /** What would be lost, e.g. "this recipe" (put in the default question). */
  what: string;
  /** The whole question in the reader's language, where `what` alone would not fit. */
  question?: string;
  onStay: () => void;
  onLeave: () => void;
}) {
  const stay = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      title={t("components.leaveWithoutSaving.title")}
      onClose={onStay}
      initialFocus={stay}
      className="modal-compact"
    >
      <ConfirmStep
        question={question ?? t("components.leaveWithoutSaving.question", { what })}
        confirmLabel={t("components.leaveWithoutSaving.confirm")}
        pending={false}
        onConfirm={onLeave}
        onCancel={onStay}
        cancelRef={stay}
      />
    </Modal>
  );
}
