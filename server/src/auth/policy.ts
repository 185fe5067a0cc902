import type { SessionUser } from "./sessions.js";

/** Who is asking: the signed-in cook, or null when signed out. */
export type Viewer = Pick<SessionUser, "id" | "isSuperuser"> | null;

/**
 * THE superuser rule, for what its owner and a superuser (who looks after everyone's content)
 * may change: recipes and feed comments. Never someone signed out.
 */
export function isSelfOrSuperuser(viewer: Viewer, ownerId: number): boolean {
  return viewer !== null && (viewer.isSuperuser || viewer.id === ownerId);
}
