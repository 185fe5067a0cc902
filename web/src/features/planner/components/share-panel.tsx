import { ShareMembersPanel } from "../../../components/share-members-panel";
import { t } from "../../../lib/i18n";
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
        intro: owner ? t("planner.share.introMember", { owner }) : t("planner.share.introOwner"),
        membersHeading: t("planner.share.membersHeading"),
        membersFailed: t("planner.share.membersFailed"),
        leave: t("planner.share.leave"),
        leaveQuestion: t("planner.share.leaveQuestion", { owner }),
        leaveFailed: t("planner.share.leaveFailed"),
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
