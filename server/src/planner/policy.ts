import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import type { Viewer } from "../auth/policy.js";
import { planners } from "../db/schema.js";
import { canActOnRecipe, mayActOnRecipe, type RecipeForPolicy } from "../recipes/policy.js";

// THE ONE HOME of who may do what with a week planner. Each cook has one, named by its owner
// (planners.owner_id). Using it (reading its entries, adding, moving, changing and deleting
// them, sending them to a list, its suggestions and live events): its owner and the cooks it is
// shared with (planner_members). Every query and lock of a planner or its entries goes through
// mayUsePlanner, so anyone else finds nothing (404). Managing it (its members and its calendar
// link): its owner only, which the routes say by taking no planner name: they act on the
// caller's own planner. Which recipes its cooks may read because they are planned on it is the
// recipe policy's (recipes/policy.ts, plannedForViewer).

/**
 * A condition on an owner id column: the planner is the user's own or shared with them. The
 * `in (… union all …)` form of groceries' mayUseList: a constant and a probe of
 * planner_members_user_idx.
 */
export const mayUsePlanner = (userId: number, ownerId: AnyColumn | SQL): SQL =>
  sql`${ownerId} in (select ${userId}::int
    union all
    select owner_id from planner_members where user_id = ${userId})`;

/** mayUsePlanner on the planners row itself: for db/locks.ts lockPlanner. */
export const mayUsePlannerRow = (userId: number): SQL => mayUsePlanner(userId, planners.ownerId);

/**
 * The planners deleting the cook's account changes, as a condition on the planners row: their
 * own, those they are a member of and those holding entries they added (whose created_by_id
 * the deletion clears). For db/locks.ts lockPlannersWhere.
 */
export const plannersOfCook = (userId: number): SQL =>
  sql`${planners.ownerId} = ${userId}
    or ${planners.ownerId} in (select owner_id from planner_members where user_id = ${userId})
    or ${planners.ownerId} in (select owner_id from planner_entries where created_by_id = ${userId})`;

/**
 * Planning a recipe onto a planner (a new entry, a suggestion to accept): a right of one's own
 * to the recipe (canActOnRecipe), as planning onto a list needs, or the recipe is on this
 * planner already (copying an entry within it). Not the read-only grant of a list or of another
 * planner: that would carry a recipe to cooks its author never chose.
 */
export function canPlanRecipe(
  viewer: NonNullable<Viewer>,
  recipe: RecipeForPolicy & { followsAuthor: boolean },
  onThisPlanner: boolean,
): boolean {
  return canActOnRecipe(viewer, recipe, recipe) || onThisPlanner;
}

/** canPlanRecipe as a condition on the `recipes` row aliased `r`, for the planner of `ownerId`. */
export function mayPlanRecipe(viewer: NonNullable<Viewer>, ownerId: number): SQL {
  return sql`(${mayActOnRecipe(viewer)} or ${plannedOnPlanner(ownerId)})`;
}

/** On the `recipes` row aliased `r`: an entry of the planner of `ownerId` plans it. */
export const plannedOnPlanner = (ownerId: number): SQL =>
  sql`exists (select 1 from planner_entries pe where pe.recipe_id = r.id and pe.owner_id = ${ownerId})`;
