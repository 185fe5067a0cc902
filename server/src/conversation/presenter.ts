import type { ConversationEntry } from "@potluck/contract";
import type { Viewer } from "../auth/policy.js";
import { canEditComment } from "../feed/policy.js";
import { canReport } from "../moderation/policy.js";
import { canEditRating } from "../ratings/policy.js";
import type { ConversationRow } from "./repository.js";

/** An entry of a recipe's conversation, with whether the caller may change it. */
export const presentConversationEntry = (
  row: ConversationRow,
  viewer: Viewer,
): ConversationEntry => ({
  kind: row.kind,
  id: row.id,
  author_username: row.authorUsername,
  text: row.text,
  created_at: new Date(row.createdAt).toISOString(),
  rating: row.rating,
  feed_item:
    row.itemId === null
      ? null
      : {
          id: row.itemId,
          event_type: row.itemEventType ?? "",
          user_username: row.itemUsername ?? "",
        },
  can_edit:
    row.kind === "review"
      ? canEditRating(viewer, { authorId: row.userId })
      : canEditComment(viewer, { userId: row.userId }),
  can_report: canReport(viewer, row.userId),
  ...(row.hidden ? { hidden_by_moderator: true as const } : {}),
});
