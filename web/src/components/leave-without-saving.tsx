import { useRef } from "react";
import { ConfirmStep } from "./confirm-step";
import { Modal } from "./modal";

/** Asked when the cook moves away from a form with unsaved changes. Focus starts on staying. */
export function LeaveWithoutSaving({
  what,
  onStay,
  onLeave,
}: {
  /** What would be lost, e.g. "this recipe". */
  what: string;
  onStay: () => void;
  onLeave: () => void;
}) {
  const stay = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      title="Leave without saving?"
      onClose={onStay}
      initialFocus={stay}
      className="modal-compact"
    >
      <ConfirmStep
        question={`Your changes to ${what} have not been saved. They will be lost if you leave.`}
        confirmLabel="Leave without saving"
        pending={false}
        onConfirm={onLeave}
        onCancel={onStay}
        cancelRef={stay}
      />
    </Modal>
  );
}
