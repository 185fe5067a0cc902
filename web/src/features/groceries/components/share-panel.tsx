import type { GroceryListSummary } from "@potluck/contract";
import { ShareMembersPanel } from "../../../components/share-members-panel";
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
          ? "Cooks you share this list with can tick items, plan recipes and extras and edit the notes. Only you can delete the list."
          : `${list.owner_username} shared this list with you. You can tick items, plan recipes and extras and edit the notes.`,
        membersHeading: "On this list",
        membersFailed: "Could not load who is on this list.",
        leave: "Leave list",
        leaveQuestion: `Leave ${list.name}? It will no longer be in your lists, until ${list.owner_username} shares it with you again.`,
        leaveFailed: "Could not leave the list.",
      }}
      canManage={isOwner}
      membersSeenByMembers
      subject={list.id}
      leaveAs={myUsername}
      onLeft={onLeft}
    />
  );
}
