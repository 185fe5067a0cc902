import type { Tx } from "../db/client.js";
import {
  lockListsWhere,
  lockPlannersWhere,
  lockRecipesOfCook,
  lockSearchGeneration,
} from "../db/locks.js";
import { announceListDeleted, recordChangeOnLockedLists } from "../groceries/list-events.js";
import { listsOfCook } from "../groceries/policy.js";
import { recomputeShoppingLists } from "../groceries/recompute.js";
import {
  keepPlansOfAuthorsRecipes,
  leaveEveryList,
  listsPlanningRecipes,
} from "../groceries/repository.js";
import { notify } from "../notifications/notify.js";
import { recordPlannerChange } from "../planner/events.js";
import { plannersOfCook } from "../planner/policy.js";
import { keepEntriesOfAuthorsRecipes, plannersPlanningRecipes } from "../planner/repository.js";
import { withdrawRatingsOf } from "../ratings/repository.js";
import { deleteRecipesOfAuthor, deleteUser } from "../users/account-repository.js";
import { findUsername } from "../users/repository.js";

/** One notification per recipe and cook who had it on their planner or a list they own. */
async function tellWhoPlannedThem(
  tx: Tx,
  kept: { ownerId: number; recipeId: number; title: string }[],
): Promise<void> {
  const byRecipe = new Map<number, { title: string; owners: Set<number> }>();
  for (const { ownerId, recipeId, title } of kept) {
    const recipe = byRecipe.get(recipeId) ?? { title, owners: new Set<number>() };
    recipe.owners.add(ownerId);
    byRecipe.set(recipeId, recipe);
  }
  for (const [recipeId, { title, owners }] of byRecipe) {
    await notify(tx, {
      kind: "recipe_unavailable",
      recipientIds: [...owners],
      recipeId,
      recipeTitle: title,
    });
  }
}

/**
 * Deletes a cook's account and everything that is theirs, in the caller's transaction, and tells
 * whoever shared something with them. Returns the image keys of their recipes, to remove
 * from storage after the commit (as a recipe delete does: a rollback must find its files).
 *
 * Most of it goes by ON DELETE CASCADE from the users row: sessions (whose trigger tells every
 * process to forget them), terms acceptances, collections, follows both ways, feed items,
 * likes, comments, ratings, staples, aisles, the lists they own (with their plans, lines and
 * events), their planner (with its entries and members) and their memberships of others'
 * lists and planners. Their recipes go with them, and with the recipes what others wrote
 * about them or did with them (ratings, feed items, comments, likes, collection entries).
 * Others' plans of their recipes are kept (issue 34 §3): an entry on another cook's planner
 * stays as "a recipe that is no longer available", with its title; a plan on another cook's
 * list becomes the list's extras, so its lines stay; and those cooks are told. Ingredients they added to the
 * catalogue stay (created_by becomes null), and so do entries they added to a planner they
 * shared (created_by_id becomes null): those are the planner owner's meals.
 *
 * What the cascade cannot do is done here first, in the lock order of db/locks.ts:
 * - recipes they rated lose their rating from their totals;
 * - others' lists that planned their recipes or had them as a member are recomputed, and
 *   their open screens told; the lists they own announce their deletion;
 * - planners they shared, were a member of or whose entries held their recipes are told.
 */
export async function deleteAccount(tx: Tx, userId: number): Promise<{ imageKeys: string[] }> {
  const planners = await lockPlannersWhere(tx, plannersOfCook(userId));
  const lockedRecipes = await lockRecipesOfCook(tx, userId);
  const lists = await lockListsWhere(tx, listsOfCook(userId));
  await lockSearchGeneration(tx);

  const username = await findUsername(tx, userId);
  if (username === undefined) return { imageKeys: [] };
  const ownRecipes = lockedRecipes.filter((recipe) => recipe.authorId === userId);
  const ownRecipeIds = ownRecipes.map((recipe) => recipe.id);
  // Read before the recipes go: the lists and planners that lose plans and entries with them.
  const listsPlanningMine = await listsPlanningRecipes(tx, ownRecipeIds);
  const plannersPlanningMine = await plannersPlanningRecipes(tx, ownRecipeIds);

  await withdrawRatingsOf(tx, userId);
  // What others planned of the cook's recipes stays, as it was, and they are told.
  const keptEntries = await keepEntriesOfAuthorsRecipes(tx, userId);
  const keptPlans = await keepPlansOfAuthorsRecipes(tx, userId);
  await tellWhoPlannedThem(tx, [...keptEntries, ...keptPlans]);
  await deleteRecipesOfAuthor(tx, userId);
  const memberOf = await leaveEveryList(tx, userId);

  const owned = new Set(lists.filter((list) => list.ownerId === userId).map((list) => list.id));
  const othersLists = lists.map((list) => list.id).filter((id) => !owned.has(id));
  await recomputeShoppingLists(tx, othersLists);
  // As a recipe delete tells the lists that planned it; and the lists shared with the cook
  // that they are no longer among its people.
  const planning = listsPlanningMine.filter((id) => !owned.has(id));
  await recordChangeOnLockedLists(tx, planning, "planned", userId);
  await recordChangeOnLockedLists(tx, memberOf, "members", userId);
  for (const id of owned) await announceListDeleted(tx, id);
  // Members of the cook's planner, and the cook's own streams of planners shared with
  // them, lose it ("members"); the others see their week again without the cook's recipes.
  for (const ownerId of planners) {
    await recordPlannerChange(tx, ownerId, username, true);
  }
  for (const ownerId of plannersPlanningMine) {
    if (!planners.includes(ownerId)) await recordPlannerChange(tx, ownerId, username);
  }

  await deleteUser(tx, userId);
  return {
    imageKeys: ownRecipes.flatMap((recipe) => (recipe.imageKey ? [recipe.imageKey] : [])),
  };
}
