import type { Tx } from "../db/client.js";
import { holdList, lockCookPair, lockPlanner } from "../db/locks.js";
import { recordListChange } from "../groceries/list-events.js";
import { mayUseList } from "../groceries/policy.js";
import { addMember as addListMember } from "../groceries/repository.js";
import { fieldError, notFound } from "../http/errors.js";
import { notify } from "../notifications/notify.js";
import { recordPlannerChange } from "../planner/events.js";
import { mayUsePlannerRow } from "../planner/policy.js";
import { addMember as addPlannerMember } from "../planner/repository.js";
import { isBlockedBetween } from "../users/blocks-repository.js";
import { findUserByUsername } from "../users/repository.js";

// Sharing a grocery list or one's planner with a cook spans features: the cook and the blocks
// between the two (users), the shared thing and its live streams (groceries, planner), and the
// cook's notification.

/** What a kind of shared thing (a grocery list, a planner) says when it refuses a cook. */
export interface ShareRefusals {
  /** The owner named themselves. */
  own: string;
  /** The cook is a member already. */
  already: (username: string) => string;
}

/**
 * The one way an owner shares something with a cook by username (a grocery list, their
 * planner): look the cook up, take the pair's lock (db/locks.ts step -1), then `lockShared`
 * (the list or planner, a later step), refuse the cook, else `add` them (false when they are a
 * member already). Every refusal is the 400 `{"username": [...]}`. A cook a block stands
 * between, either way, is answered as an unknown one: the answer doesn't reveal the block
 * (decision 0032); so is a cook a moderator disabled (0033). Under the pair lock a block and a
 * share at the same moment never both go through: the block ends the membership or the share
 * sees the block. Runs in the caller's transaction; the caller records the change and notifies
 * the cook.
 */
export async function addMemberByUsername(
  tx: Tx,
  ownerId: number,
  username: string,
  refusals: ShareRefusals,
  lockShared: () => Promise<void>,
  add: (cookId: number) => Promise<boolean>,
): Promise<{ id: number; username: string }> {
  const cook = await findUserByUsername(tx, username);
  if (cook) await lockCookPair(tx, ownerId, cook.id);
  await lockShared();
  if (!cook || cook.disabledAt || (await isBlockedBetween(tx, ownerId, cook.id))) {
    throw fieldError("username", "No cook has this username.");
  }
  if (cook.id === ownerId) throw fieldError("username", refusals.own);
  if (!(await add(cook.id))) throw fieldError("username", refusals.already(cook.username));
  return cook;
}

/**
 * The list's owner `user` shares list `listId` with the cook named `username`, in the caller's
 * transaction (the caller has found that `user` may manage the list): the list is held until
 * commit, so it cannot be deleted under the new member's row; its screens and the cook are told.
 */
export async function shareListWithCook(
  tx: Tx,
  user: { id: number; username: string },
  listId: number,
  username: string,
): Promise<{ username: string }> {
  const cook = await addMemberByUsername(
    tx,
    user.id,
    username,
    {
      own: "You own this list already.",
      already: (name) => `The list is shared with ${name} already.`,
    },
    async () => {
      if (!(await holdList(tx, listId, mayUseList(user.id)))) throw notFound();
    },
    (cookId) => addListMember(tx, listId, cookId),
  );
  await recordListChange(tx, listId, "members", user.username);
  await notify(tx, {
    kind: "list_shared",
    actorId: user.id,
    recipientId: cook.id,
    groceryListId: listId,
  });
  return { username: cook.username };
}

/**
 * `user` shares their own planner with the cook named `username`, in the caller's transaction,
 * under the planner's lock (db/locks.ts step 0); its pages and the cook are told.
 */
export async function sharePlannerWithCook(
  tx: Tx,
  user: { id: number; username: string },
  username: string,
): Promise<{ username: string }> {
  const cook = await addMemberByUsername(
    tx,
    user.id,
    username,
    {
      own: "This is your own planner.",
      already: (name) => `The planner is shared with ${name} already.`,
    },
    async () => {
      await lockPlanner(tx, user.id, user.id, mayUsePlannerRow(user.id));
    },
    (cookId) => addPlannerMember(tx, user.id, cookId),
  );
  await recordPlannerChange(tx, user.id, user.username, true);
  await notify(tx, { kind: "planner_shared", actorId: user.id, recipientId: cook.id });
  return { username: cook.username };
}
