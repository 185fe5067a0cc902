import { BLOCKS_MAX } from "@potluck/contract";
import type { Tx } from "../db/client.js";
import { lockCookPair, lockListsById, lockPlanner } from "../db/locks.js";
import { recordChangeOnLockedLists } from "../groceries/list-events.js";
import { listsSharedBetween, removeMember as removeListMember } from "../groceries/repository.js";
import { badRequest } from "../http/errors.js";
import { recordPlannerChange } from "../planner/events.js";
import { mayUsePlannerRow } from "../planner/policy.js";
import {
  plannersSharedBetween,
  removeMember as removePlannerMember,
} from "../planner/repository.js";
import { block, blockCount, hasBlockedCook } from "../users/blocks-repository.js";

// Blocking a cook (decision 0032) spans three features: the block itself and the follows it
// ends (users), and the grocery lists and planners the two cooks share, either way, which it
// ends too, so that neither reaches the other's followers-only recipes through them.

/**
 * `blocker` blocks the cook `blockedId`, in the caller's transaction: under the pair lock (so
 * a follow or a share at the same moment either lands before and is ended here, or waits and
 * is refused), then the shared planners (lock step 0) and lists (step 2), each announced to
 * its live streams, which close for the cook who left. Idempotent.
 */
export async function blockCook(
  tx: Tx,
  blocker: { id: number; username: string },
  blockedId: number,
): Promise<void> {
  await lockCookPair(tx, blocker.id, blockedId);
  if (
    (await blockCount(tx, blocker.id)) >= BLOCKS_MAX &&
    !(await hasBlockedCook(tx, blocker.id, blockedId))
  ) {
    throw badRequest(`You can block at most ${BLOCKS_MAX} cooks.`);
  }
  const planners = await plannersSharedBetween(tx, blocker.id, blockedId);
  for (const planner of planners)
    await lockPlanner(tx, planner.ownerId, planner.ownerId, mayUsePlannerRow(planner.ownerId));
  const lists = await listsSharedBetween(tx, blocker.id, blockedId);
  const lockedListIds = await lockListsById(
    tx,
    lists.map((list) => list.listId),
  );

  await block(tx, blocker.id, blockedId);
  for (const planner of planners) {
    await removePlannerMember(tx, planner.ownerId, planner.memberId);
    await recordPlannerChange(tx, planner.ownerId, blocker.username, true);
  }
  for (const list of lists) {
    if (lockedListIds.includes(list.listId)) {
      await removeListMember(tx, list.listId, list.memberId);
    }
  }
  await recordChangeOnLockedLists(tx, lockedListIds, "members", blocker.id);
}
