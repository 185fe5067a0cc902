import type { RecipeVisibility } from "@potluck/contract";
import { type SQL, sql } from "drizzle-orm";
import { isSelfOrSuperuser, type Viewer } from "../auth/policy.js";
import { recipes } from "../db/schema.js";

// THE ONE HOME of who may do what with a recipe. Every read of recipes (the list, search, the
// detail page, ratings, the feed, images, planning) filters by mayReadRecipe or
// mayActOnRecipe, and every check on a loaded recipe asks canReadRecipe, canActOnRecipe or
// canEditRecipe; nothing else decides. A cook who may not read a recipe is answered as if it
// did not exist (404, or the field error of an unknown id).
//
// Who may read (issue 23):
// - a public recipe: everyone, signed out too;
// - a followers recipe: its author and the signed-in cooks who follow the author;
// - a private recipe: its author only;
// - superusers: everything;
// - and, read only, the owner and members of a grocery list or of a week planner that plans
//   it, whatever its visibility (the partner opening tonight's dinner from the shared list or
//   planner). Read only: that grant lets them open it (detail, export, its ratings, its
//   picture), not rate it or plan it onto other lists or planners, which need a right of their
//   own (canActOnRecipe).
// - Moderation (issue 27, decision 0033) comes before all of these: a recipe a moderator hid
//   (hidden_at) or whose author is disabled (users.disabled_at) is "withheld": its author and
//   superusers still read it, nobody else does, whatever its visibility or the lists that plan
//   it.

/** The recipe fields the rules look at. */
export interface RecipeForPolicy {
  authorId: number;
  visibility: RecipeVisibility;
  /** A moderator hid it or its author is disabled (withheldColumn): its author's and superusers' only. */
  withheld: boolean;
}

/**
 * What the rules need to know about the viewer and the recipe besides its fields; the SQL
 * form answers them with the same subqueries (followsAuthor, plannedForViewer), and
 * readerFacts loads them for the row form.
 */
export interface ReaderFacts {
  /** The viewer follows the recipe's author. */
  followsAuthor: boolean;
  /** A grocery list or a week planner the viewer owns or is a member of plans the recipe. */
  plannedForViewer: boolean;
}

/** A right of one's own: public, or the author, a superuser, a follower of a followers recipe. */
export function canActOnRecipe(
  viewer: Viewer,
  recipe: RecipeForPolicy,
  facts: Pick<ReaderFacts, "followsAuthor">,
): boolean {
  if (isSelfOrSuperuser(viewer, recipe.authorId)) return true;
  if (recipe.withheld) return false;
  if (recipe.visibility === "public") return true;
  if (viewer === null) return false;
  return recipe.visibility === "followers" && facts.followsAuthor;
}

/** Reading: a right of one's own, or the grant of a grocery list or planner that plans it. */
export function canReadRecipe(viewer: Viewer, recipe: RecipeForPolicy, facts: ReaderFacts) {
  return (
    canActOnRecipe(viewer, recipe, facts) ||
    (viewer !== null && !recipe.withheld && facts.plannedForViewer)
  );
}

/**
 * Withheld by moderation, as SQL on a recipe's hidden_at and author_disabled (by default of
 * the `recipes` row aliased `r`): hidden by a moderator, or by a disabled cook (author_disabled
 * is kept equal to the author's users.disabled_at by triggers, migration 0027).
 */
export const withheldColumn = (
  hiddenAt: SQL = sql`r.hidden_at`,
  authorDisabled: SQL = sql`r.author_disabled`,
): SQL => sql`(${hiddenAt} is not null or ${authorDisabled})`;

/** Not withheld (withheldColumn), for the cooks who are neither its author nor superusers. */
const notWithheld = sql`(r.hidden_at is null and not r.author_disabled)`;

/** The viewer follows the author (by default the author of the `recipes` row aliased `r`). */
export const followsAuthor = (viewerId: number, authorId: SQL = sql`r.author_id`): SQL =>
  sql`exists (select 1 from follows f where f.follower_id = ${viewerId} and f.followee_id = ${authorId})`;

/**
 * On the `recipes` row aliased `r`: a grocery list or a week planner the viewer owns or is a
 * member of plans it. The lists are those of groceries' mayUseList (its owner index and its
 * members index), then planned_recipes_recipe_idx for the recipe; the planners those of
 * planner's mayUsePlanner (the viewer's own and planner_members_user_idx), then
 * planner_entries_recipe_idx.
 */
const plannedForViewer = (viewerId: number): SQL =>
  sql`(exists (select 1 from planned_recipes pr
    where pr.recipe_id = r.id and pr.grocery_list_id in (${listsOf(viewerId)}))
  or exists (select 1 from planner_entries pe
    where pe.recipe_id = r.id and pe.owner_id in (${plannersOf(viewerId)})))`;

/** The grocery lists a cook owns or is a member of, as a subquery of ids. */
const listsOf = (viewerId: number): SQL =>
  sql`select id from grocery_lists where owner_id = ${viewerId}
      union all
      select grocery_list_id from grocery_list_members where user_id = ${viewerId}`;

/** The week planners a cook uses (their own and those shared with them), by owner id. */
const plannersOf = (viewerId: number): SQL =>
  sql`select ${viewerId}::int
      union all
      select owner_id from planner_members where user_id = ${viewerId}`;

/**
 * canActOnRecipe as a condition on the `recipes` row aliased `r`. Signed out it is
 * `r.visibility = 'public'` (recipes_public_created_idx serves explore); for a superuser a
 * constant true, which PostgreSQL folds away. Public is tested first, so a public row costs
 * no subquery.
 */
export function mayActOnRecipe(viewer: Viewer): SQL {
  if (viewer === null) return sql`r.visibility = 'public' and ${notWithheld}`;
  if (viewer.isSuperuser) return sql`true`;
  return sql`(r.author_id = ${viewer.id} or (${notWithheld} and (r.visibility = 'public'
    or (r.visibility = 'followers' and ${followsAuthor(viewer.id)}))))`;
}

/** canReadRecipe as a condition on the `recipes` row aliased `r`, for lists and look-ups. */
export function mayReadRecipe(viewer: Viewer): SQL {
  if (viewer === null || viewer.isSuperuser) return mayActOnRecipe(viewer);
  return sql`(r.author_id = ${viewer.id} or (${notWithheld} and (r.visibility = 'public'
    or (r.visibility = 'followers' and ${followsAuthor(viewer.id)})
    or ${plannedForViewer(viewer.id)})))`;
}

/**
 * The ids of the recipes a signed-in cook may read beyond those everyone may read (mayReadRecipe
 * less public, unwithheld recipes): their own that aren't public or are hidden, followers-only
 * recipes of the cooks they follow, and other recipes their lists and planners plan. Each
 * branch starts from the cook's own rows (recipes_author_created_idx, follows' primary key,
 * their lists and planners), so its cost follows the cook, not the site. For counts kept for
 * everyone (tag_counts) plus the cook's share.
 */
export function readableBeyondPublic(viewerId: number): SQL {
  return sql`select r.id from recipes r
      where r.author_id = ${viewerId} and not (r.visibility = 'public' and ${notWithheld})
    union
    select r.id from follows f join recipes r on r.author_id = f.followee_id
      where f.follower_id = ${viewerId} and r.visibility = 'followers' and ${notWithheld}
    union
    select r.id from recipes r
      where r.id in (
          select pr.recipe_id from planned_recipes pr
            where pr.grocery_list_id in (${listsOf(viewerId)})
          union all
          select pe.recipe_id from planner_entries pe
            where pe.owner_id in (${plannersOf(viewerId)}))
        and r.visibility <> 'public' and ${notWithheld}`;
}

/** Columns `followsAuthor`, `plannedForViewer` (ReaderFacts) and `withheld` (RecipeForPolicy) of the row aliased `r`. */
export function readerFacts(viewer: Viewer): SQL {
  if (viewer === null) {
    return sql`false as "followsAuthor", false as "plannedForViewer", ${withheldColumn()} as withheld`;
  }
  return sql`${followsAuthor(viewer.id)} as "followsAuthor",
    ${plannedForViewer(viewer.id)} as "plannedForViewer", ${withheldColumn()} as withheld`;
}

/**
 * Changing and deleting: the author, or a superuser (who looks after everyone's recipes);
 * never someone signed out.
 */
export function canEditRecipe(viewer: Viewer, recipe: Pick<RecipeForPolicy, "authorId">): boolean {
  return isSelfOrSuperuser(viewer, recipe.authorId);
}

/**
 * What planning a recipe needs to know of it for this viewer, as conditions on the recipes row:
 * for db/locks.ts holdRecipe, which holds the row while it reads them.
 */
export const planningFacts = (
  viewer: Viewer,
): { withheld: SQL<boolean>; followsAuthor: SQL<boolean> } => ({
  withheld: sql<boolean>`${withheldColumn(sql`${recipes.hiddenAt}`, sql`${recipes.authorDisabled}`)}`,
  followsAuthor: viewer
    ? sql<boolean>`${followsAuthor(viewer.id, sql`${recipes.authorId}`)}`
    : sql<boolean>`false`,
});
