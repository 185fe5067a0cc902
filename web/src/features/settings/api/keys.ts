/** Query keys of the cook's own account: profile and signed-in devices. */
export const accountKeys = {
  all: ["users", "me", "account"] as const,
  profile: () => [...accountKeys.all, "profile"] as const,
  sessions: () => [...accountKeys.all, "sessions"] as const,
};
