import type { SessionUser } from "../auth/sessions.js";
import type { Tx } from "../db/client.js";
import { holdRecipe, lockList, lockListsById } from "../db/locks.js";
import { mayUseList } from "../groceries/policy.js";
import { plansChanged } from "../groceries/recompute.js";
import {
  insertPlannedRecipe,
  listOfPlannedRecipe,
  setPlannedRecipeDate,
} from "../groceries/repository.js";
import { notFound } from "../http/errors.js";
import { recordPlannerChange } from "../planner/events.js";
import { markSent, recipeEntriesBetween } from "../planner/repository.js";
import { canActOnRecipe, planningFacts } from "../recipes/policy.js";

// A planner's meals on a grocery list: the planner's entries become the list's planned recipes
// (send a week), and an entry that was sent takes its planned recipe along when it moves.

/**
 * Sends the recipe entries of `ownerId`'s planner from `start` to `end` to list `listId`, in
 * the caller's transaction, which holds the planner's lock (db/locks.ts step 0, taken by the
 * route that found the planner). An entry sent before is counted, not sent again.
 */
export async function sendWeekToList(
  tx: Tx,
  user: SessionUser,
  ownerId: number,
  week: { start: string; end: string; listId: number },
): Promise<{ sent: number; already_sent: number }> {
  const entries = await recipeEntriesBetween(tx, ownerId, week.start, week.end);
  const unsent = entries.filter((entry) => entry.sentPlannedRecipeId === null);
  // Step 1, in id order: the recipes to plan, each checked as planning one onto a list
  // is (groceries' POST planned-recipes): a right of one's own, not the planner's
  // read-only grant, which would carry a recipe to the list's cooks. An entry whose
  // recipe the caller has no such right to stays on the planner, unsent and uncounted.
  const mayPlan = new Map<number, boolean>();
  for (const recipeId of [...new Set(unsent.map((entry) => entry.recipeId))].sort(
    (a, b) => a - b,
  )) {
    const recipe = await holdRecipe(tx, recipeId, planningFacts(user));
    mayPlan.set(recipeId, recipe !== undefined && canActOnRecipe(user, recipe, recipe));
  }
  if (!(await lockList(tx, week.listId, mayUseList(user.id)))) throw notFound();
  let sent = 0;
  for (const entry of unsent) {
    if (!mayPlan.get(entry.recipeId)) continue;
    const planned = await insertPlannedRecipe(tx, {
      groceryListId: week.listId,
      recipeId: entry.recipeId,
      guests: entry.guests,
      plannedOn: entry.date,
    });
    await markSent(tx, entry.id, planned.id);
    sent += 1;
  }
  if (sent > 0) {
    await plansChanged(tx, week.listId, user.username);
    await recordPlannerChange(tx, ownerId, user.username);
  }
  return { sent, already_sent: entries.length - unsent.length };
}

/**
 * An entry sent to a list was moved to another date: its planned recipe there takes the same
 * date, so the list says when it is cooked. The link (`sent_planned_recipe_id`) is the
 * entry's, so the plan follows whoever moves it, even a planner member who cannot open that
 * list: moving a meal is the planner's change. The list is locked after the planner and its
 * recipes (lock protocol step 2); a plan removed meanwhile is left alone (its ON DELETE SET
 * NULL has cleared the link).
 */
export async function movePlanWithEntry(
  tx: Tx,
  planId: number,
  date: string,
  byUsername: string,
): Promise<void> {
  const listId = await listOfPlannedRecipe(tx, planId);
  if (listId === undefined) return;
  const [locked] = await lockListsById(tx, [listId]);
  if (locked === undefined) return;
  if (await setPlannedRecipeDate(tx, planId, date)) await plansChanged(tx, locked, byUsername);
}
