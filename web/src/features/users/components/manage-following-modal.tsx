import { lazy, Suspense } from "react";
import { Modal } from "../../../components/modal";
import { Loading } from "../../../components/status";

// The follow-users picker and lists load only when someone opens the modal.
const FollowUsers = lazy(() => import("./follow-users"));

/** 'Manage Following' as a modal dialog. */
export function ManageFollowingModal({
  onClose,
  onFollowChange,
}: {
  onClose: () => void;
  onFollowChange: () => void;
}) {
  return (
    <Modal title="Manage Following" onClose={onClose}>
      <Suspense fallback={<Loading />}>
        <FollowUsers onFollowChange={onFollowChange} />
      </Suspense>
    </Modal>
  );
}
