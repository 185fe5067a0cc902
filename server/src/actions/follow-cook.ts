import { CANNOT_FOLLOW } from "@potluck/contract";
import type { Tx } from "../db/client.js";
import { lockCookPair } from "../db/locks.js";
import { badRequest } from "../http/errors.js";
import { notify } from "../notifications/notify.js";
import { isBlockedBetween } from "../users/blocks-repository.js";
import { follow } from "../users/repository.js";

/**
 * `me` follows the cook `cookId`, in the caller's transaction: under the pair's lock, so a
 * block committed at the same moment is seen and refuses it (decision 0032); the cook is told
 * of a new follow. False when `me` followed them already.
 */
export async function followCook(tx: Tx, me: { id: number }, cookId: number): Promise<boolean> {
  await lockCookPair(tx, me.id, cookId);
  if (await isBlockedBetween(tx, me.id, cookId)) throw badRequest(CANNOT_FOLLOW);
  const created = await follow(tx, me.id, cookId);
  if (created) await notify(tx, { kind: "follow", actorId: me.id, followeeId: cookId });
  return created;
}
