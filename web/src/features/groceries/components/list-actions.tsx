import { useState } from "react";
import { useNavigate } from "react-router";
import { ConfirmStep, useConfirmStep } from "../../../components/confirm-step";
import { Modal } from "../../../components/modal";
import { t } from "../../../lib/i18n";
import { useSession } from "../../../lib/session";
import { useDeleteGroceryList } from "../api/delete-grocery-list";
import { useGroceryLists } from "../api/get-grocery-lists";
import { forgetLastList } from "../last-list";
import { SharePanel } from "./share-panel";

/**
 * What a cook does with the open list as a whole: share it or see who it is shared with, and
 * delete it (its owner only). Under the list's name at the top of its page: below the list
 * they were a phone's 10,000 px away.
 */
export function ListActions({ listId }: { listId: number }) {
  const navigate = useNavigate();
  const myUsername = useSession().user?.username;
  const lists = useGroceryLists();
  const deleteList = useDeleteGroceryList();
  const [sharing, setSharing] = useState(false);
  const selected = lists.data?.find((list) => list.id === listId) ?? null;
  // Only the owner may delete a list or manage its members (a member gets 403).
  const isOwner = selected?.can_manage === true;
  // Asked about this list: opening another list drops the question.
  const confirmDelete = useConfirmStep(selected?.id);
  if (!selected) return null;

  const onDelete = () => {
    deleteList.mutate(selected.id, {
      onSuccess: () => {
        if (myUsername) forgetLastList(myUsername, selected.id);
        navigate("/grocery-lists");
      },
    });
  };

  return (
    <div className="grocery-list-actions">
      <div className="row">
        <button type="button" className="btn btn-secondary" onClick={() => setSharing(true)}>
          {isOwner ? t("groceries.listActions.share") : t("groceries.listActions.members")}
        </button>
        {isOwner && !confirmDelete.asking && (
          <button
            ref={confirmDelete.trigger}
            type="button"
            className="btn btn-danger"
            onClick={() => confirmDelete.ask(true)}
          >
            {t("groceries.listActions.delete", { name: selected.name })}
          </button>
        )}
      </div>
      {/* A list goes with its plans and notes, and there is no undo: ask first. */}
      {isOwner && confirmDelete.asking && (
        <ConfirmStep
          question={t("groceries.listActions.deleteQuestion", { name: selected.name })}
          confirmLabel={t("groceries.listActions.deleteConfirm")}
          pending={deleteList.isPending}
          onConfirm={onDelete}
          onCancel={() => confirmDelete.ask(false)}
          cancelRef={confirmDelete.cancel}
        />
      )}
      {sharing && myUsername && (
        <Modal
          title={
            isOwner
              ? t("groceries.listActions.shareTitle", { name: selected.name })
              : t("groceries.listActions.membersTitle", { name: selected.name })
          }
          onClose={() => setSharing(false)}
        >
          <SharePanel
            list={selected}
            myUsername={myUsername}
            onLeft={() => {
              setSharing(false);
              forgetLastList(myUsername, selected.id);
              navigate("/grocery-lists");
            }}
          />
        </Modal>
      )}
    </div>
  );
}
