import { sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.js";
import {
  lockListsWhere,
  lockPlannersWhere,
  lockRecipesOfCook,
  lockSearchGeneration,
} from "../db/locks.js";
import {
  groceryListMembers,
  plannedRecipes,
  plannerEntries,
  ratings,
  recipes,
  users,
} from "../db/schema.js";
import { announceListDeleted, recordChangeOnLockedLists } from "../groceries/list-events.js";
import { listsOfCook } from "../groceries/policy.js";
import { recomputeShoppingLists } from "../groceries/recompute.js";
import { keepPlansOfAuthorsRecipes } from "../groceries/repository.js";
import { notify } from "../notifications/notify.js";
import { recordPlannerChange } from "../planner/events.js";
import { plannersOfCook } from "../planner/policy.js";
import { keepEntriesOfAuthorsRecipes } from "../planner/repository.js";

/**
 * Deletes a cook's account and everything that is theirs, in one transaction, and tells
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

export async function deleteAccount(db: Db, userId: number): Promise<{ imageKeys: string[] }> {
  return db.transaction(async (tx) => {
    const planners = await lockPlannersWhere(tx, plannersOfCook(userId));
    const lockedRecipes = await lockRecipesOfCook(tx, userId);
    const lists = await lockListsWhere(tx, listsOfCook(userId));
    await lockSearchGeneration(tx);

    const [me] = await tx
      .select({ username: users.username })
      .from(users)
      .where(sql`${users.id} = ${userId}`);
    if (!me) return { imageKeys: [] };
    const ownRecipes = lockedRecipes.filter((recipe) => recipe.authorId === userId);
    const ownRecipeIds = ownRecipes.map((recipe) => recipe.id);
    // Read before the recipes go: the lists and planners that lose plans and entries with them.
    const ownIds = sql`any(${sql.param(ownRecipeIds)}::int[])`;
    const listsPlanningMine = await tx
      .selectDistinct({ id: plannedRecipes.groceryListId })
      .from(plannedRecipes)
      .where(sql`${plannedRecipes.recipeId} = ${ownIds}`);
    const plannersPlanningMine = await tx
      .selectDistinct({ ownerId: plannerEntries.ownerId })
      .from(plannerEntries)
      .where(sql`${plannerEntries.recipeId} = ${ownIds}`);

    await tx.execute(sql`
      update ${recipes} r
      set rating_sum = r.rating_sum - mine.stars, rating_count = r.rating_count - mine.count
      from (select recipe_id, sum(rating)::int as stars, count(*)::int as count
            from ${ratings} where author_id = ${userId} group by recipe_id) mine
      where r.id = mine.recipe_id and r.author_id <> ${userId}`);
    // What others planned of the cook's recipes stays, as it was, and they are told.
    const keptEntries = await keepEntriesOfAuthorsRecipes(tx, userId);
    const keptPlans = await keepPlansOfAuthorsRecipes(tx, userId);
    await tellWhoPlannedThem(tx, [...keptEntries, ...keptPlans]);
    await tx.delete(recipes).where(sql`${recipes.authorId} = ${userId}`);
    const memberOf = await tx
      .delete(groceryListMembers)
      .where(sql`${groceryListMembers.userId} = ${userId}`)
      .returning({ id: groceryListMembers.groceryListId });

    const owned = new Set(lists.filter((list) => list.ownerId === userId).map((list) => list.id));
    const othersLists = lists.map((list) => list.id).filter((id) => !owned.has(id));
    await recomputeShoppingLists(tx, othersLists);
    // As a recipe delete tells the lists that planned it; and the lists shared with the cook
    // that they are no longer among its people.
    const planning = listsPlanningMine.map((list) => list.id).filter((id) => !owned.has(id));
    await recordChangeOnLockedLists(tx, planning, "planned", userId);
    await recordChangeOnLockedLists(
      tx,
      memberOf.map((list) => list.id),
      "members",
      userId,
    );
    for (const id of owned) await announceListDeleted(tx, id);
    // Members of the cook's planner, and the cook's own streams of planners shared with
    // them, lose it ("members"); the others see their week again without the cook's recipes.
    for (const ownerId of planners) {
      await recordPlannerChange(tx, ownerId, me.username, true);
    }
    for (const { ownerId } of plannersPlanningMine) {
      if (!planners.includes(ownerId)) await recordPlannerChange(tx, ownerId, me.username);
    }

    await tx.delete(users).where(sql`${users.id} = ${userId}`);
    return {
      imageKeys: ownRecipes.flatMap((recipe) => (recipe.imageKey ? [recipe.imageKey] : [])),
    };
  });
}
