/** Query keys of the moderators' pages; every action refreshes them all (moderationKeys.all). */
export const moderationKeys = {
  all: ["moderation"] as const,
  reports: (status: "open" | "resolved") => [...moderationKeys.all, "reports", status] as const,
  users: (search: string) => [...moderationKeys.all, "users", search] as const,
  audit: () => [...moderationKeys.all, "audit"] as const,
  context: (reportId: number) => [...moderationKeys.all, "context", reportId] as const,
};
