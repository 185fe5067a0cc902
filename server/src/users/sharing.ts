import type { Tx } from "../db/client.js";
import { lockCookPair } from "../db/locks.js";
import { fieldError } from "../http/errors.js";
import { isBlockedBetween } from "./blocks.js";
import { findUserByUsername } from "./repository.js";

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
