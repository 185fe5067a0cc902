import { type SQL, sql } from "drizzle-orm";
import { isSelfOrSuperuser, type Viewer } from "../auth/policy.js";

// THE ONE HOME of who may do what with a recipe. Every read of recipes (the list, search, the
// detail page) filters by mayReadRecipe, and every check on a loaded recipe asks canReadRecipe
// or canEditRecipe; nothing else decides. Private recipes and a list member's right to read
// the recipes planned on their list (issue 23) are changes to the two read rules here.

/** The recipe fields the rules look at. */
export interface RecipeForPolicy {
  authorId: number;
}

/**
 * Reading: everyone, signed in or not, may read every recipe. Kept equal to mayReadRecipe,
 * its SQL form.
 */
export function canReadRecipe(_viewer: Viewer, _recipe: RecipeForPolicy): boolean {
  return true;
}

/**
 * canReadRecipe as a condition on the `recipes` row aliased `r`, for the queries that list,
 * search and load recipes. Today a constant `true`, which PostgreSQL folds away: the plans
 * stay those of the queries without it (checked with EXPLAIN on the list query).
 */
export function mayReadRecipe(_viewerId: number | null): SQL {
  return sql`true`;
}

/**
 * Changing and deleting: the author, or a superuser (who looks after everyone's recipes);
 * never someone signed out.
 */
export function canEditRecipe(viewer: Viewer, recipe: RecipeForPolicy): boolean {
  return isSelfOrSuperuser(viewer, recipe.authorId);
}
