import { lazy, Suspense } from "react";
import { Modal } from "../../../components/modal";
import { Loading } from "../../../components/status";
import { t } from "../../../lib/i18n";

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
    <Modal title={t("users.manageFollowing.title")} onClose={onClose}>
      <Suspense fallback={<Loading />}>
        <FollowUsers onFollowChange={onFollowChange} />
      </Suspense>
    </Modal>
  );
}
