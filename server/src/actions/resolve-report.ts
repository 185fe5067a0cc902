import type { ModerationAction } from "@potluck/contract";
import type { Tx } from "../db/client.js";
import { deleteComment } from "../feed/repository.js";
import { badRequest, fieldError, notFound } from "../http/errors.js";
import { canDisableCook } from "../moderation/policy.js";
import {
  disableUser,
  findReport,
  hideComment,
  hideRecipe,
  logAction,
  markResolved,
  openReportsOfSameTarget,
} from "../moderation/repository.js";
import { deleteRecipeEverywhere } from "../recipes/writes.js";

// Resolving a report acts on what it names, which lives in other features: a recipe (hidden,
// or deleted everywhere it is planned), a feed comment, a cook (disabled); the report, the
// other open reports of the same target and the moderation log are moderation's.

const ALREADY_RESOLVED = "This report is already resolved.";
const TARGET_GONE = "The reported content no longer exists.";

/**
 * Moderator `me` resolves report `reportId` with `requested` (a "hide" of a cook disables
 * them), in the caller's transaction: the action, every open report of the same target
 * resolved with it, and the log row. Returns what the caller does after the commit: the image
 * of a deleted recipe to remove, the cook whose sessions to forget.
 */
export async function resolveReport(
  tx: Tx,
  me: { id: number; username: string },
  reportId: number,
  requested: ModerationAction,
): Promise<{ imageKey: string | null; disabledId: number | undefined }> {
  let imageKey: string | null = null;
  let disabledId: number | undefined;
  const report = await findReport(tx, reportId);
  if (!report) throw notFound();
  if (report.status !== "open") throw badRequest(ALREADY_RESOLVED);
  const { targetKind, targetId } = report;
  // A cook can't be hidden but by disabling them.
  const action: ModerationAction =
    targetKind === "user" && requested === "hide" ? "disable_user" : requested;
  // Before the action: a delete's cascade clears the target's id from these reports.
  const others = await openReportsOfSameTarget(tx, report);
  let logged = { kind: targetKind, id: targetId, label: report.excerpt };
  if (action !== "dismiss" && targetId === null) throw badRequest(TARGET_GONE);
  if (action === "hide" && targetId !== null) {
    const hidden =
      targetKind === "recipe" ? await hideRecipe(tx, targetId) : await hideComment(tx, targetId);
    if (!hidden) throw badRequest(TARGET_GONE);
  } else if (action === "delete" && targetId !== null) {
    if (targetKind === "user") {
      throw fieldError("action", "A cook can't be deleted here: disable them instead.");
    }
    if (targetKind === "recipe") imageKey = await deleteRecipeEverywhere(tx, targetId);
    else await deleteComment(tx, targetId);
  } else if (action === "disable_user") {
    const authorId = report.targetAuthorId;
    if (authorId === null) throw badRequest(TARGET_GONE);
    if (!canDisableCook(me, authorId)) throw badRequest("You can't disable yourself.");
    await disableUser(tx, authorId);
    disabledId = authorId;
    logged = { kind: "user", id: authorId, label: report.targetAuthorUsername ?? "" };
  }
  if (!(await markResolved(tx, report.id, others, action, me.id))) {
    throw badRequest(ALREADY_RESOLVED);
  }
  await logAction(tx, {
    moderator: me,
    action,
    targetKind: logged.kind,
    targetId: logged.id,
    targetLabel: logged.label,
    reportId: report.id,
  });
  return { imageKey, disabledId };
}
