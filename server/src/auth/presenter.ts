import type { SignedInSession } from "@potluck/contract";
import type { SessionListRow } from "./sessions.js";

/** One of the cook's signed-in devices; `current` when it is the session of the request. */
export const presentSession = (
  row: SessionListRow,
  currentTokenHash: Buffer | undefined,
): SignedInSession => ({
  id: row.publicId,
  created_on: row.createdAt.toISOString(),
  last_seen_on: row.lastSeenAt.toISOString(),
  user_agent: row.userAgent,
  current: currentTokenHash !== undefined && row.tokenHash.equals(currentTokenHash),
});
