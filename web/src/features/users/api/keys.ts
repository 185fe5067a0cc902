/** Every users query (search, followers, following) lives under this key. */
export const USERS_KEY = ["users"] as const;
