import type { RecipeVisibility } from "@potluck/contract";
import { and, asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Tx } from "./client.js";
import {
  feedComments,
  feedItems,
  groceryLists,
  imports,
  plannedExtras,
  plannedRecipes,
  plannerEntries,
  planners,
  ratings,
  recipes,
  searchGeneration,
  shoppingItems,
} from "./schema.js";

// THE LOCK PROTOCOL. Every write that touches recipes, grocery lists (their plans and
// shopping lines), week planners or the search counter takes its row locks through this
// module, in this order, and only then writes:
//
//  -1. two cooks' pair lock (lockCookPair): a transaction-level advisory lock on each cook,
//      the smaller id first, by a follow, a block and a share between the two, before any
//      other lock, so that a block sees a follow or share committed at the same moment and
//      the other way round (a block ends both, decision 0032);
//   0. a planner row: FOR UPDATE by every change to its entries, members or calendar link
//      (lockPlanner), so that one writer at a time renumbers a slot's positions; then the
//      recipes of the entries the change will write, FOR KEY SHARE, in id order
//      (holdRecipesOfSlots, step 1);
//   1. recipe rows, in id order: FOR UPDATE to edit or delete a recipe (lockRecipe), FOR KEY
//      SHARE to plan one (holdRecipe);
//   2. grocery list rows, in id order: FOR UPDATE to change a list's plans or lines
//      (lockList, lockListOfPlannedRecipe, lockListOfPlannedExtra, lockListsPlanningRecipe),
//      FOR SHARE to tick a line (shareListOfItem), FOR KEY SHARE to add or remove a member
//      (holdList);
//   3. the one search_generation row (lockSearchGeneration), by every transaction that will
//      change recipe_search;
//   4. a grocery list's event lock (lockListEvents): a transaction-level advisory lock taken
//      just before the change's event row is written (groceries/list-events.ts), so that one
//      list's events commit in id order. Last, because nothing is locked after it; one list
//      only, so two of them never wait on each other.
//
// Event order. One list's events must commit in id order (a stream that has sent id N never
// looks below N again). Every transaction that records an event for a list holds a row lock
// on that list from before its event id is drawn until it commits (step 2, or the UPDATE of
// the row itself for notes and name). Weak row locks don't exclude each other (two ticks
// share FOR SHARE; FOR KEY SHARE and FOR NO KEY UPDATE don't conflict), so those changes
// also take step 4. FOR UPDATE excludes every other row lock, so a transaction that holds a
// list FOR UPDATE is alone with that list until it commits: a recipe edit or delete, which
// holds all the lists that plan the recipe FOR UPDATE, records their events in one statement
// without step 4 (recordChangeOnLockedLists): no advisory lock per list, whatever their number.
//
// Why this order. Two transactions deadlock only when each waits for a lock the other holds;
// when everyone takes locks in one order, whoever waits holds only "earlier" locks than the
// one it waits for, so no circle can form. The order itself follows what the writes need:
// - A planner comes first: no recipe or list write ever locks a planner, and sending a week
//   to a list goes planner → its recipes → the list. A recipe delete does reach planner
//   entries without the planner's lock (its ON DELETE CASCADE deletes the recipe's entries,
//   and its plans' ON DELETE SET NULL clears the entries they were sent from): a planner
//   writer that held one of those entries while waiting for another could wait on the delete
//   as the delete waits on it. So a planner writer holds the recipes of every entry it will
//   write FOR KEY SHARE first (holdRecipesOfSlots): a delete of one of them waits for it
//   before it touches any entry, or it waits for the delete before it holds any entry. (A
//   recipe delete leaves a gap in its slot's positions, without the lock: reads number the
//   entries 0, 1, 2…, and the slot's next write closes the gap.)
// - A recipe comes before the lists that plan it: an edit or delete must know which lists
//   plan the recipe, and that set only stops moving once the recipe is locked (planning takes
//   FOR KEY SHARE on it, which FOR UPDATE excludes).
// - search_generation comes last because every recipe write in the whole site needs that one
//   row, and the statement trigger on recipe_search (migration 0006) updates it, so whoever
//   changed a search row holds it until commit. Taken last, it is never held while waiting
//   for a recipe or a list: a transaction that waits for it waits for one that needs nothing
//   more. Taken explicitly, it is locked at this fixed point rather than wherever a statement
//   happens to fire the trigger (the search row write of an edit, the ON DELETE CASCADE of a
//   recipe delete); the edit took it before its lists and the delete after, which deadlocked.
//
// After step 3 a transaction may write only rows that its locks cover or that no one else
// can hold: the recipe's own ingredient lines, search row and feed items; the locked lists'
// plans, extras and lines; new rows. A recipe delete's ON DELETE CASCADE is part of that: it
// removes the recipe's planned_recipes (rows of lists locked in step 2), recipe_search (under
// step 3), ingredient lines, ratings and feed items (and their likes and comments). Rating
// writers therefore take the recipe (step 1) before the rating row, or a rating change and a
// recipe delete would wait on each other.
//
// A single-statement UPDATE or DELETE of one list row (rename, notes, delete a list) takes that
// list's lock by itself and nothing else, so it fits the order as it is.
//
// Deleting an account (actions/delete-account.ts) is every step at once, in the same order:
// the cook's planner, the planners they are a member of or added entries to
// (lockPlannersWhere, step 0, in owner order: other writers lock one planner only), the
// cook's recipes and the recipes they rated (lockRecipesOfCook, step 1, FOR UPDATE), every
// list the deletion changes (lockListsWhere, step 2), the search counter (step 3). Then its
// cascades touch only rows those locks cover, rows no one else can hold, or rows a recipe
// delete's cascade may touch too (others' planner entries of those recipes, as above).
//
// Outside the order, because their transactions take no other lock of it: a cook's settings
// (lockCookSettings: staples, aisle order) and a cook's email digest (lockCookDigest: the
// digest job's check and claim of their notifications). The start (START_LOCK_CLASS) and a
// backup (BACKUP_LOCK_CLASS) hold theirs on a connection of their own, outside any request.
//
// A feed comment's edit or delete locks that comment's row (lockComment) and takes no other
// lock, so it never waits while holding one: a recipe or rating delete whose cascade reaches
// the comment may wait for it, never the other way round.
//
// Who may take a list's lock: the helpers below find a list only under the access rule the
// caller hands them (`mayUse`: mayUseList of groceries/policy.ts, its owner or a member), so a
// list someone may not use is never locked for them, and never found (404). Likewise a planner
// (mayUsePlannerRow, planner/policy.ts), a comment (mayReadItem, feed/policy.ts) and a recipe's
// reader facts (recipes/policy.ts). This module knows the order, never the rules: it imports
// no feature (lint checks it). Bulk seed scripts run alone and need no locks.

const COOK_PAIR_LOCK_CLASS = 15;

/**
 * Step -1: the two cooks' pair lock until the transaction ends (class COOK_PAIR_LOCK_CLASS),
 * the smaller id first. A block, a follow and a share between the same two cooks take it
 * before they read or write, so one waits for the other and reads what it committed: no
 * follow, list membership or planner membership slips in beside a block.
 */
export async function lockCookPair(tx: Tx, a: number, b: number): Promise<void> {
  const [first, second] = a < b ? [a, b] : [b, a];
  await tx.execute(sql`select pg_advisory_xact_lock(${COOK_PAIR_LOCK_CLASS}, ${first}),
    pg_advisory_xact_lock(${COOK_PAIR_LOCK_CLASS}, ${second})`);
}

/**
 * Step 0: the planner of `ownerId`, locked FOR UPDATE until the transaction ends, for a change
 * to its entries, members or calendar link; false (404) when the user may not use it (`mayUse`,
 * a condition on the planners row). An owner's planner row is made here on its first write
 * (entries and members hang from it).
 */
export async function lockPlanner(
  tx: Tx,
  ownerId: number,
  userId: number,
  mayUse: SQL,
): Promise<boolean> {
  if (ownerId === userId) await tx.insert(planners).values({ ownerId }).onConflictDoNothing();
  const [row] = await tx
    .select({ ownerId: planners.ownerId })
    .from(planners)
    .where(and(eq(planners.ownerId, ownerId), mayUse))
    .for("update");
  return row !== undefined;
}

/** A date and a slot of a planner: the entries whose positions one change renumbers. */
export interface PlannerSlotKey {
  date: string;
  slot: string;
}

/**
 * Step 1 for a planner write (after lockPlanner): the recipes of the planner's entries in
 * these slots, and `recipeIds`, held FOR KEY SHARE in id order, so that no recipe delete can
 * reach an entry this transaction is about to write (see "Why this order" above).
 */
export async function holdRecipesOfSlots(
  tx: Tx,
  ownerId: number,
  slots: PlannerSlotKey[],
  recipeIds: number[] = [],
): Promise<void> {
  const inSlots = tx
    .select({ id: plannerEntries.recipeId })
    .from(plannerEntries)
    .where(
      and(
        eq(plannerEntries.ownerId, ownerId),
        sql`(${plannerEntries.date}, ${plannerEntries.slot}) in (select * from unnest(
          ${sql.param(slots.map((s) => s.date))}::date[], ${sql.param(slots.map((s) => s.slot))}::text[]))`,
      ),
    );
  // One list of ids, so the recipes are probed by primary key: `id in (…) or id = any(…)` made
  // PostgreSQL read every recipe (240 ms a planner move at 100k recipes, 2 s at 1m).
  await tx
    .select({ id: recipes.id })
    .from(recipes)
    .where(
      sql`${recipes.id} in (${inSlots} union all select unnest(${sql.param(recipeIds)}::int[]))`,
    )
    .orderBy(asc(recipes.id))
    .for("key share");
}

/**
 * The recipe row, locked FOR UPDATE until the transaction ends, for an edit or a delete:
 * planning it waits, and two edits can't both drop its image. Undefined when it does not exist.
 */
export async function lockRecipe(
  tx: Tx,
  id: number,
): Promise<{ authorId: number; title: string; imageKey: string | null } | undefined> {
  const [row] = await tx
    .select({ authorId: recipes.authorId, title: recipes.title, imageKey: recipes.imageKey })
    .from(recipes)
    .where(eq(recipes.id, id))
    .for("update");
  return row;
}

/**
 * The recipe (what the recipe policy's canActOnRecipe looks at), held FOR KEY SHARE so that it
 * can be neither deleted nor edited until the transaction ends: for planning it onto a list.
 * `facts` are the policy's conditions on the recipes row for this viewer (recipes/policy.ts
 * planningFacts). Undefined when it does not exist.
 */
export async function holdRecipe(
  tx: Tx,
  id: number,
  facts: { withheld: SQL<boolean>; followsAuthor: SQL<boolean> },
): Promise<
  | { authorId: number; visibility: RecipeVisibility; withheld: boolean; followsAuthor: boolean }
  | undefined
> {
  const [row] = await tx
    .select({
      authorId: recipes.authorId,
      visibility: sql<RecipeVisibility>`${recipes.visibility}`,
      withheld: facts.withheld,
      followsAuthor: facts.followsAuthor,
    })
    .from(recipes)
    .where(eq(recipes.id, id))
    .for("key share");
  return row;
}

/**
 * The lists that plan this recipe, locked in id order; their ids. Call with the recipe locked
 * (lockRecipe) and BEFORE deleting it (after, its plans are gone).
 */
export async function lockListsPlanningRecipe(tx: Tx, recipeId: number): Promise<number[]> {
  const rows = await tx
    .select({ id: groceryLists.id })
    .from(groceryLists)
    .where(
      inArray(
        groceryLists.id,
        tx
          .select({ id: plannedRecipes.groceryListId })
          .from(plannedRecipes)
          .where(eq(plannedRecipes.recipeId, recipeId)),
      ),
    )
    .orderBy(asc(groceryLists.id))
    .for("update");
  return rows.map((row) => row.id);
}

/**
 * Step 0 of deleting an account: the planners `which` names (planner/policy.ts plannersOfCook:
 * the cook's own, those they are a member of and those holding entries they added), FOR UPDATE
 * in owner order; their owners' ids.
 */
export async function lockPlannersWhere(tx: Tx, which: SQL): Promise<number[]> {
  const rows = await tx
    .select({ ownerId: planners.ownerId })
    .from(planners)
    .where(which)
    .orderBy(asc(planners.ownerId))
    .for("update");
  return rows.map((row) => row.ownerId);
}

/**
 * Step 1 of deleting an account: the cook's recipes (to delete) and the recipes they rated (whose
 * rating totals drop), FOR UPDATE in id order.
 */
export async function lockRecipesOfCook(
  tx: Tx,
  userId: number,
): Promise<{ id: number; authorId: number; imageKey: string | null }[]> {
  return tx
    .select({ id: recipes.id, authorId: recipes.authorId, imageKey: recipes.imageKey })
    .from(recipes)
    .where(
      sql`${recipes.authorId} = ${userId} or ${recipes.id} in (
        select recipe_id from ratings where author_id = ${userId})`,
    )
    .orderBy(asc(recipes.id))
    .for("update");
}

/**
 * Step 2 of deleting an account (after lockRecipesOfCook): the lists `which` names
 * (groceries/policy.ts listsOfCook: the lists the cook owns, is a member of, or that plan their
 * recipes), FOR UPDATE in id order; with each list's owner.
 */
export async function lockListsWhere(
  tx: Tx,
  which: SQL,
): Promise<{ id: number; ownerId: number }[]> {
  return tx
    .select({ id: groceryLists.id, ownerId: groceryLists.ownerId })
    .from(groceryLists)
    .where(which)
    .orderBy(asc(groceryLists.id))
    .for("update");
}

/**
 * Step 2 for a change the caller has found its lists for (a block ending the memberships
 * between two cooks): these lists FOR UPDATE in id order; the ids of those that still exist.
 */
export async function lockListsById(tx: Tx, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .select({ id: groceryLists.id })
    .from(groceryLists)
    .where(inArray(groceryLists.id, ids))
    .orderBy(asc(groceryLists.id))
    .for("update");
  return rows.map((row) => row.id);
}

/** The list, locked for a change to its plans; undefined (404) when the user may not use it. */
export async function lockList(
  tx: Tx,
  groceryListId: number,
  mayUse: SQL,
): Promise<{ id: number } | undefined> {
  const [list] = await tx
    .select({ id: groceryLists.id })
    .from(groceryLists)
    .where(and(eq(groceryLists.id, groceryListId), mayUse))
    .for("update");
  return list;
}

/**
 * The list's owner, holding the list FOR KEY SHARE so that it cannot be deleted before the
 * transaction ends (for adding a member, whose row must find its list, and for the event of
 * adding or removing one); undefined (404) when the user may not use it.
 */
export async function holdList(
  tx: Tx,
  groceryListId: number,
  mayUse: SQL,
): Promise<{ ownerId: number } | undefined> {
  const [list] = await tx
    .select({ ownerId: groceryLists.ownerId })
    .from(groceryLists)
    .where(and(eq(groceryLists.id, groceryListId), mayUse))
    .for("key share");
  return list;
}

/** The list that holds this planned recipe, locked for its removal; its id. */
export async function lockListOfPlannedRecipe(
  tx: Tx,
  planId: number,
  mayUse: SQL,
): Promise<number | undefined> {
  const [row] = await tx
    .select({ listId: groceryLists.id })
    .from(plannedRecipes)
    .innerJoin(groceryLists, eq(groceryLists.id, plannedRecipes.groceryListId))
    .where(and(eq(plannedRecipes.id, planId), mayUse))
    .for("update", { of: groceryLists });
  return row?.listId;
}

/** The list that holds this planned extra, locked for its removal; its id. */
export async function lockListOfPlannedExtra(
  tx: Tx,
  extraId: number,
  mayUse: SQL,
): Promise<number | undefined> {
  const [row] = await tx
    .select({ listId: groceryLists.id })
    .from(plannedExtras)
    .innerJoin(groceryLists, eq(groceryLists.id, plannedExtras.groceryListId))
    .where(and(eq(plannedExtras.id, extraId), mayUse))
    .for("update", { of: groceryLists });
  return row?.listId;
}

/**
 * The list that holds this shopping line, held FOR SHARE for a tick: a recompute (which
 * holds the list FOR UPDATE and rewrites is_checked) cannot run in between and undo it, while
 * ticks of one list don't wait for each other. Its id; undefined when the user may not use it.
 */
export async function shareListOfItem(
  tx: Tx,
  itemId: number,
  mayUse: SQL,
): Promise<number | undefined> {
  const [row] = await tx
    .select({ listId: groceryLists.id })
    .from(shoppingItems)
    .innerJoin(groceryLists, eq(groceryLists.id, shoppingItems.groceryListId))
    .where(and(eq(shoppingItems.id, itemId), mayUse))
    .for("share", { of: groceryLists });
  return row?.listId;
}

/**
 * The search_generation row, locked as the trigger's UPDATE would (FOR NO KEY UPDATE: searches
 * still read it): the last lock of every transaction that changes recipe_search.
 */
export async function lockSearchGeneration(tx: Tx): Promise<void> {
  await tx.select({ id: searchGeneration.id }).from(searchGeneration).for("no key update");
}

const LIST_EVENTS_LOCK_CLASS = 11;

/**
 * Step 4: the list's event lock, until the transaction ends. Without it two ticks on one list
 * (which share the list's row lock) could commit their events out of id order, and a stream
 * that had sent the newer one would skip the older one for ever. The key's first half names
 * this use, so no other advisory lock can collide with it. An expression, for the statement
 * that draws the event's id (groceries/list-events.ts): the lock is held for that statement and
 * the commit only, as every change of the list waits for it.
 */
export const listEventsLock = (listId: number): SQL =>
  sql`pg_advisory_xact_lock(${LIST_EVENTS_LOCK_CLASS}, ${listId})`;

/**
 * The recipe of the author's rating, locked as changing its rating totals would (FOR NO KEY
 * UPDATE): step 1, before the rating row itself, which a recipe delete's cascade removes.
 */
export async function lockRecipeOfOwnRating(
  tx: Tx,
  ratingId: number,
  authorId: number,
): Promise<void> {
  await tx
    .select({ id: recipes.id })
    .from(recipes)
    .where(
      inArray(
        recipes.id,
        tx
          .select({ id: ratings.recipeId })
          .from(ratings)
          .where(and(eq(ratings.id, ratingId), eq(ratings.authorId, authorId))),
      ),
    )
    .for("no key update");
}

/**
 * The author's rating, locked for a change or delete until the transaction ends; undefined when
 * it is gone or not theirs. Its recipe is locked first (lockRecipeOfOwnRating), as step 1 says.
 */
export async function lockOwnRating(
  tx: Tx,
  ratingId: number,
  authorId: number,
): Promise<{ rating: number; comment: string; recipeId: number } | undefined> {
  await lockRecipeOfOwnRating(tx, ratingId, authorId);
  const [row] = await tx
    .select({ rating: ratings.rating, comment: ratings.comment, recipeId: ratings.recipeId })
    .from(ratings)
    .where(and(eq(ratings.id, ratingId), eq(ratings.authorId, authorId)))
    .for("update");
  return row;
}

/**
 * A feed comment, locked FOR UPDATE for its edit or delete, with what the comment policy needs:
 * its author, and whether the viewer sees its item (`itemVisible`: feed/policy.ts mayReadItem,
 * a condition on the feed_items row). Undefined when there is none.
 */
export async function lockComment(
  tx: Tx,
  commentId: number,
  itemVisible: SQL<boolean>,
): Promise<{ userId: number; itemVisible: boolean } | undefined> {
  const [row] = await tx
    .select({ userId: feedComments.userId, itemVisible })
    .from(feedComments)
    .innerJoin(feedItems, eq(feedItems.id, feedComments.feedItemId))
    .where(eq(feedComments.id, commentId))
    .for("update", { of: feedComments });
  return row;
}

/**
 * A bulk import's row, FOR NO KEY UPDATE until the transaction ends, while one of its items is
 * written (imports/save.ts): a cancel (which sets the status) waits for the item, or the item
 * sees the import is no longer running (false) and writes nothing. Taken first in an item's
 * transaction, before the recipe's steps; the import's other writers lock only this row, so
 * it never waits while holding another lock.
 */
export async function lockRunningImport(tx: Tx, importId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: imports.id })
    .from(imports)
    .where(and(eq(imports.id, importId), eq(imports.status, "running")))
    .for("no key update");
  return row !== undefined;
}

const COOK_SETTINGS_LOCK_CLASS = 12;

/**
 * A cook's own settings (staples, aisle order), replaced as a set: one writer per cook at a
 * time until the transaction ends, so that two replacements at once give one of the two sets,
 * not a mix. Outside the protocol above: these transactions take no other lock and touch no
 * recipe or list, so they can neither wait on nor hold up anything of it.
 */
export async function lockCookSettings(tx: Tx, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${COOK_SETTINGS_LOCK_CLASS}, ${userId})`);
}

const COOK_DIGEST_LOCK_CLASS = 16;

/**
 * A cook's email digest (notifications/digest.ts), until the transaction ends: one process at
 * a time checks the cook's last digest and claims their notifications, so that two processes
 * running the digest job at once never mail the same notifications twice. Outside the protocol
 * above, as lockCookSettings: the digest's transaction takes no other lock and touches no
 * recipe, list or planner.
 */
export async function lockCookDigest(tx: Tx, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${COOK_DIGEST_LOCK_CLASS}, ${userId})`);
}

/**
 * Advisory lock class of the start (db/open.ts): a process holds it, on a connection of its
 * own, while it migrates the database and loads the reference data, so that app processes
 * started at the same moment on one database do it one after the other. Only at start, never
 * inside a request's transaction, so it takes no part in the order above.
 */
export const START_LOCK_CLASS = 13;

/**
 * Advisory lock class of a backup (backup/backup.ts): held on the backup's own connection
 * while it runs, so that two backups (the automatic one and `npm run backup`, or two servers'
 * timers on one database) never run at once. Outside any request's transaction.
 */
export const BACKUP_LOCK_CLASS = 14;
