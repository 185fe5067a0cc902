import { ShareMembersPanel } from "../../../components/share-members-panel";
import { useAddPlannerMember } from "../api/add-member";
import { usePlannerMembers } from "../api/get-members";
import { useLeavePlanner, useRemovePlannerMember } from "../api/remove-member";
import { problemOf } from "../messages";

const plannerHooks = {
  useMembers: usePlannerMembers,
  useAdd: useAddPlannerMember,
  useRemove: useRemovePlannerMember,
  useLeave: useLeavePlanner,
};

/**
 * The content of the planner's Share dialog, as a shopping list's
 * (components/share-members-panel.tsx): on my own planner (`owner` empty) I add cooks by
 * username and take them off; on a planner shared with me I see whose it is and may leave it
 * (`onLeft` then takes me back to mine).
 */
export function SharePanel({ owner, onLeft }: { owner: string; onLeft: () => void }) {
  return (
    <ShareMembersPanel
      hooks={plannerHooks}
      texts={{
        intro: owner
          ? `${owner} shared their planner with you. You can add, move and delete meals and send them to your shopping lists.`
          : "Cooks you share your planner with can add, move and delete meals and send them to their shopping lists. Only you choose who it is shared with.",
        membersHeading: "Sharing this planner",
        membersFailed: "Could not load who shares this planner.",
        leave: "Leave planner",
        leaveQuestion: `Leave ${owner}'s planner? You will no longer see it, until ${owner} shares it with you again.`,
        leaveFailed: "Could not leave the planner.",
      }}
      canManage={!owner}
      membersSeenByMembers={false}
      subject={owner}
      leaveAs={owner}
      onLeft={onLeft}
      describe={problemOf}
    />
  );
}
