import type { SessionUser } from "../auth/sessions.js";

/**
 * The one rule for changing a recipe: its author, or a superuser (who looks after everyone's
 * recipes). Reading is open to everyone, signed in or not.
 */
export function canEditRecipe(
  user: Pick<SessionUser, "id" | "isSuperuser"> | null,
  recipe: { authorId: number },
): boolean {
  return user !== null && (user.isSuperuser || user.id === recipe.authorId);
}
