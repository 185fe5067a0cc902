import { DEFAULT_LANGUAGE, isLanguage, type Language } from "@potluck/contract/languages";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client.js";
import { lockCookDigest } from "../db/locks.js";
import { formatMessage } from "../i18n/catalogue.js";
import type { JobKind, JobQueue } from "../jobs/queue.js";
import { MAIL_JOB } from "../mail/jobs.js";
import { notificationDigestMail } from "../mail/messages.js";
import { likedOf } from "./presenter.js";
import {
  claimForDigest,
  cooksDueADigest,
  type DigestCook,
  mailedADigestLately,
  type NotificationRow,
  notificationsByIds,
  unclaimForDigest,
} from "./repository.js";

// The email digest (issue 27 §1, decision 0031): every few minutes a job looks for cooks who
// asked to be mailed about some kinds, have unread notifications of those kinds not mailed
// yet, and were last mailed a digest more than an hour ago (the newest emailed_at of their
// notifications: no table of its own). Each gets one mail listing them, through the mail job
// queue (mail/jobs.ts), and the notifications listed get emailed_at, so none is mailed twice.

/** The periodic job; its data is empty. */
export const NOTIFICATION_DIGEST_JOB: JobKind<Record<string, never>> = {
  name: "notification-digest",
  retries: 2,
  maxRunSeconds: 600,
  concurrency: 1,
};

/** How often the digest job runs (cron, UTC). A cook still gets at most one mail an hour. */
export const NOTIFICATION_DIGEST_CRON = "*/5 * * * *";

/** The most notifications one digest lists; the rest wait for the next hour. */
export const DIGEST_MAX_ITEMS = 50;
/** Cooks mailed per run; the others are found by the next run. */
const COOKS_PER_RUN = 500;

interface DigestDeps {
  db: Db;
  jobs: Pick<JobQueue, "send">;
  publicUrl: string;
  log: Pick<FastifyBaseLogger, "error">;
}

/**
 * Sends the digests due now; returns how many were queued. Runs safely in several processes
 * at once: a cook's digest is made under the cook's digest lock (db/locks.ts lockCookDigest), which
 * checks the hour again and claims the notifications (emailed_at) before the mail is queued.
 */
export async function sendDigests(deps: DigestDeps): Promise<number> {
  const { db } = deps;
  const due = await cooksDueADigest(db, COOKS_PER_RUN);
  let sent = 0;
  for (const cook of due) {
    if (await sendDigest(deps, cook)) sent++;
  }
  return sent;
}

async function sendDigest(deps: DigestDeps, cook: DigestCook): Promise<boolean> {
  const me = { id: cook.id, isSuperuser: cook.isSuperuser };
  const rows = await deps.db.transaction(async (tx) => {
    await lockCookDigest(tx, cook.id);
    if (await mailedADigestLately(tx, cook.id)) return [];
    const ids = await claimForDigest(tx, cook.id, DIGEST_MAX_ITEMS);
    if (ids.length === 0) return [];
    // Those about a recipe the cook may no longer read are claimed but not listed.
    return notificationsByIds(tx, me, ids);
  });
  if (rows.length === 0) return false;
  const base = deps.publicUrl;
  const language = isLanguage(cook.language) ? cook.language : DEFAULT_LANGUAGE;
  const mail = notificationDigestMail(
    cook.email,
    language,
    cook.username,
    rows.map((row) => ({ text: digestLine(row, language), link: `${base}${linkPath(row)}` })),
    `${base}/settings`,
  );
  try {
    await deps.jobs.send(MAIL_JOB, mail);
  } catch (error) {
    // Not queued: the notifications go in a later digest.
    deps.log.error({ err: error }, "could not queue a notification digest");
    await unclaimForDigest(
      deps.db,
      cook.id,
      rows.map((row) => row.id),
    );
    return false;
  }
  return true;
}

/** "ana", "ana and bo", "ana and 3 others", in the reader's language. */
function whoDid(language: Language, row: NotificationRow): string {
  const [first, second] = row.actors;
  if (first === undefined) return formatMessage(language, "notifications.who.someone");
  if (row.actorCount === 1)
    return formatMessage(language, "notifications.who.one", { name: first });
  if (row.actorCount === 2 && second !== undefined) {
    return formatMessage(language, "notifications.who.two", { first, second });
  }
  return formatMessage(language, "notifications.who.many", {
    first,
    others: row.actorCount - 1,
  });
}

const quoted = (language: Language, title: string | null) =>
  title === null
    ? formatMessage(language, "notifications.recipe.unnamed")
    : formatMessage(language, "notifications.recipe.quoted", { title });

/** One notification in words, in the reader's language, as the digest lists it. */
export function digestLine(row: NotificationRow, language: Language = DEFAULT_LANGUAGE): string {
  // Whether one cook or several did it: the verb agrees (in German, French, …).
  const by = {
    who: whoDid(language, row),
    actors: row.actorCount > 1 ? "other" : "one",
  };
  const recipe = quoted(language, row.recipeTitle);
  switch (row.kind) {
    case "follow":
      return formatMessage(language, "notifications.line.follow", by);
    case "rating":
      return formatMessage(language, "notifications.line.rating", { ...by, recipe });
    case "comment":
      return formatMessage(language, "notifications.line.comment", { ...by, recipe });
    case "like":
      // What was liked: the cook's recipe, or their rating of a recipe.
      switch (likedOf(row.likedEventType)) {
        case "recipe":
          return formatMessage(language, "notifications.line.likeRecipe", { ...by, recipe });
        case "rating":
          return formatMessage(language, "notifications.line.likeRating", { ...by, recipe });
        default:
          return formatMessage(language, "notifications.line.likePost", { ...by, recipe });
      }
    case "list_shared":
      return row.groceryListName === null
        ? formatMessage(language, "notifications.line.listShared", by)
        : formatMessage(language, "notifications.line.listSharedNamed", {
            ...by,
            list: row.groceryListName,
          });
    case "planner_shared":
      return formatMessage(language, "notifications.line.plannerShared", by);
    case "import_done":
      return formatMessage(language, "notifications.line.importDone");
    case "recipe_unavailable":
      return formatMessage(language, "notifications.line.recipeUnavailable", {
        recipe: quoted(language, row.unavailableTitle),
      });
  }
}

/** Where a notification leads in the web app. */
function linkPath(row: NotificationRow): string {
  switch (row.kind) {
    case "follow":
      return row.actors[0] ? `/cooks/${encodeURIComponent(row.actors[0])}` : "/";
    case "list_shared":
      return row.groceryListId === null ? "/grocery-lists" : `/grocery-list/${row.groceryListId}`;
    case "planner_shared":
      return "/planner";
    case "import_done":
      return "/recipes/import";
    case "recipe_unavailable":
      return "/planner";
    default:
      return row.recipeId === null ? "/" : `/recipe/${row.recipeId}/${row.recipeSlug ?? ""}`;
  }
}
