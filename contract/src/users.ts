// The users API (follows and user search): schemas shared by server and web.
import { z } from "zod";
import { paginated, text } from "./common.js";

/** One person in the user search, the followers list and the following list. */
export const userSummary = z.object({
  id: z.number(),
  username: z.string(),
  /** Whether the signed-in user follows this person. */
  is_following: z.boolean(),
});
export type UserSummary = z.infer<typeof userSummary>;

export const userPage = paginated(userSummary);

/** `?query=`: a case-insensitive part of a username; empty or absent suggests people. */
export const userSearchQuery = z.object({
  query: text().trim().max(150).default(""),
  cursor: text().max(300).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type UserSearchQuery = z.input<typeof userSearchQuery>;
