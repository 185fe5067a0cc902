/**
 * Query keys of the users resource. They sit in lib, not in the users feature, because lib's
 * user search and the groceries' staples read users too; a follow invalidates them all (and
 * the units preference, `["users", "me", "preferences"]`, with them).
 */
export const userKeys = {
  all: ["users"] as const,
  search: (query: string, purpose = "follow") =>
    [...userKeys.all, "search", query, purpose] as const,
  following: () => [...userKeys.all, "following"] as const,
  followers: () => [...userKeys.all, "followers"] as const,
  staples: () => [...userKeys.all, "me", "staples"] as const,
  /** The cooks I blocked (`GET /api/users/me/blocked/`). */
  blocked: () => [...userKeys.all, "me", "blocked"] as const,
  /** A cook's profile; names are unique ignoring case. */
  profile: (username: string) => [...userKeys.all, "profile", username.toLowerCase()] as const,
};
