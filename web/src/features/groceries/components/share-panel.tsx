import type { GroceryListSummary } from "@potluck/contract";
import { ShareMembersPanel } from "../../../components/share-members-panel";
import { t } from "../../../lib/i18n";
import { useAddListMember } from "../api/add-list-member";
import { useListMembers } from "../api/get-list-members";
import { useLeaveGroceryList, useRemoveListMember } from "../api/remove-list-member";

const listHooks = {
  useMembers: useListMembers,
  useAdd: useAddListMember,
  useRemove: useRemoveListMember,
  useLeave: useLeaveGroceryList,
};

/**
 * The content of a list's Share dialog (components/share-members-panel.tsx): the owner adds
 * cooks by username and removes them; a member sees who is on the list and may leave it
 * (`onLeft` then takes them elsewhere).
 */
export function SharePanel({
  list,
  myUsername,
  onLeft,
}: {
  list: GroceryListSummary;
  myUsername: string;
  onLeft: () => void;
}) {
  const isOwner = list.can_manage;
  return (
    <ShareMembersPanel
      hooks={listHooks}
      texts={{
        intro: isOwner
          ? t("groceries.share.introOwner")
          : t("groceries.share.introMember", { owner: list.owner_username }),
        membersHeading: t("groceries.share.membersHeading"),
        membersFailed: t("groceries.share.membersFailed"),
        leave: t("groceries.share.leave"),
        leaveQuestion: t("groceries.share.leaveQuestion", {
          name: list.name,
          owner: list.owner_username,
        }),
        leaveFailed: t("groceries.share.leaveFailed"),
      }}
      canManage={isOwner}
      membersSeenByMembers
      subject={list.id}
      leaveAs={myUsername}
      onLeft={onLeft}
    />
  );
}
