import type { Tx } from "../db/client.js";
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
 * planner): look the cook up, refuse them, else `add` them (false when they are a member
 * already). Every refusal is the 400 `{"username": [...]}`. A cook a block stands between,
 * either way, is answered as an unknown one: the answer doesn't reveal the block (decision
 * 0032); so is a cook a moderator disabled (0033). Runs in the caller's transaction, after it has locked what is shared; the caller
 * records the change and notifies the cook.
 */
export async function addMemberByUsername(
  tx: Tx,
  ownerId: number,
  username: string,
  refusals: ShareRefusals,
  add: (cookId: number) => Promise<boolean>,
): Promise<{ id: number; username: string }> {
  const cook = await findUserByUsername(tx, username);
  if (!cook || cook.disabledAt || (await isBlockedBetween(tx, ownerId, cook.id))) {
    throw fieldError("username", "No cook has this username.");
  }
  if (cook.id === ownerId) throw fieldError("username", refusals.own);
  if (!(await add(cook.id))) throw fieldError("username", refusals.already(cook.username));
  return cook;
}
