import type { UserSummary } from "@potluck/contract";
import type { UserRow } from "./repository.js";

/** A person in the search and follow lists, as the API returns them. */
export const presentUserSummary = (row: UserRow): UserSummary => ({
  id: row.id,
  username: row.username,
  is_following: row.isFollowing,
});
