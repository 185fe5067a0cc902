// One conversation per recipe (issue 34 §17, decision 0034): its reviews and the comments of
// its feed items, seen from the recipe page and from each feed item.
import { z } from "zod";
import { idParams } from "./common.js";

/** How many of a conversation's newest entries `GET …/conversation/` returns. */
export const CONVERSATION_LIMIT = 100;

/**
 * One entry: a review (a rating, with its comment as `text`, maybe empty) or a comment posted
 * under one of the recipe's feed items.
 */
export const conversationEntry = z.object({
  kind: z.enum(["review", "comment"]),
  /** The rating's id for a review, the comment's for a comment. */
  id: z.number(),
  author_username: z.string(),
  text: z.string(),
  created_at: z.string(),
  /** A review's rating, 1–10 (stars × 2); null for a comment. */
  rating: z.number().nullable(),
  /** A comment's feed item, its cook and event type; null for a review. */
  feed_item: z
    .object({ id: z.number(), event_type: z.string(), user_username: z.string() })
    .nullable(),
  /** Whether the caller may change it: a review's author; a comment's author or a superuser. */
  can_edit: z.boolean(),
  /** Whether the caller may report it: anyone signed in but its author. */
  can_report: z.boolean(),
  /** A comment a moderator hid (only its author and superusers get it); absent otherwise. */
  hidden_by_moderator: z.literal(true).optional(),
});
export type ConversationEntry = z.infer<typeof conversationEntry>;

/**
 * `GET /api/recipes/recipes/{id}/conversation/` → `ConversationEntry[]`, oldest first: the
 * newest CONVERSATION_LIMIT of the recipe's reviews and of the comments of its feed items that
 * the caller sees, in one time-ordered thread. 404 for a recipe the caller may not read.
 * Signed out: its reviews only (feed items are for signed-in cooks).
 */
export const conversationParams = idParams;
export const conversationResponse = z.array(conversationEntry);
