import type { ListRole } from "@potluck/contract";
import { and, eq, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import { groceryListMembers, groceryLists } from "../db/schema.js";

// THE ONE HOME of who may do what with a grocery list. Using it (reading and changing its
// plans, items, notes and name): its owner and the cooks it is shared with. Every query of a
// list, its plans, extras, items and members goes through mayUseList (directly or through
// roleOn and the lock helpers of db/locks.ts), so anyone else finds nothing (404). Managing
// it (deleting it, sharing it, taking members off): its owner only (mayManageList, 403).

/**
 * A condition on `grocery_lists.id`: the list is the user's own or shared with them. Written
 * as `id in (mine union all shared with me)` rather than `owner = me or exists (...)` so that
 * both halves use an index: for one list the planner pushes `id = $1` into each half (a
 * primary-key probe each), and for the list index it reads just the user's rows of
 * grocery_lists_owner_idx and grocery_list_members_user_idx instead of every list.
 */
export const mayUseList = (userId: number | Placeholder): SQL =>
  sql`${groceryLists.id} in (
    select id from ${groceryLists} where owner_id = ${userId}
    union all
    select grocery_list_id from ${groceryListMembers} where user_id = ${userId})`;

/**
 * The lists deleting the cook's account changes, as a condition on the grocery_lists row: the
 * lists they own, those they are a member of and those that plan their recipes. For db/locks.ts
 * lockListsWhere.
 */
export const listsOfCook = (userId: number): SQL =>
  sql`${groceryLists.ownerId} = ${userId}
    or ${groceryLists.id} in (
      select grocery_list_id from ${groceryListMembers} where user_id = ${userId})
    or ${groceryLists.id} in (
      select pr.grocery_list_id from planned_recipes pr
      join recipes r on r.id = pr.recipe_id where r.author_id = ${userId})`;

/** The user's role on a list they may use (found through mayUseList). */
export const listRole = (list: { ownerId: number }, userId: number): ListRole =>
  list.ownerId === userId ? "owner" : "member";

/** Deleting the list, sharing it and taking others off it: the owner only. */
export const mayManageList = (role: ListRole): boolean => role === "owner";

/** Taking a cook off a list: the owner may take anyone; a member only themselves (leaving). */
export const mayRemoveMember = (role: ListRole, userId: number, memberId: number): boolean =>
  mayManageList(role) || memberId === userId;

/** Nobody may take the owner off their list (they delete it instead); a member may go. */
export const mayBeRemoved = (memberRole: ListRole): boolean => memberRole !== "owner";

/** The user's role on a list; undefined when they may not use it (answer 404). */
export async function roleOn(
  tx: Tx,
  listId: number,
  userId: number,
): Promise<ListRole | undefined> {
  const [list] = await tx
    .select({ ownerId: groceryLists.ownerId })
    .from(groceryLists)
    .where(and(eq(groceryLists.id, listId), mayUseList(userId)));
  return list && listRole(list, userId);
}
