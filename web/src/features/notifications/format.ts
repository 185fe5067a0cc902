import type {
  Notification,
  NotificationKind,
  UpdateNotificationSettingsBody,
} from "@potluck/contract";
import { formatDate, formatDateTime } from "../../lib/dates";
import { t } from "../../lib/i18n";

/**
 * Who did it: "Ana", "Ana and Ben", "Ana and 3 others". `actors` are the newest few usernames,
 * `count` how many in all; "Someone" when none is left (their accounts are gone).
 */
export function actorsText(actors: string[], count: number): string {
  const [first, second] = actors;
  if (!first) return t("notifications.actors.someone");
  const total = Math.max(count, actors.length);
  if (total <= 1) return t("notifications.actors.one", { name: first });
  if (total === 2 && second) return t("notifications.actors.two", { first, second });
  return t("notifications.actors.more", { first, others: total - 1 });
}

/** How many people `actorsText` names (one for "Someone"), for the verb's number. */
const actorCount = (actors: string[], count: number) =>
  actors.length === 0 ? 1 : Math.max(count, actors.length);

/** The sentence a notification reads as, e.g. "Ana and 3 others liked your recipe Lasagne". */
export function notificationText(item: Notification): string {
  const who = actorsText(item.actors, item.actor_count);
  const count = actorCount(item.actors, item.actor_count);
  const title = item.recipe?.title;
  switch (item.kind) {
    case "follow":
      return t("notifications.text.follow", { who, count });
    case "rating":
      return title
        ? t("notifications.text.rating", { who, count, title })
        : t("notifications.text.ratingUnknown", { who, count });
    case "comment":
      return title
        ? t("notifications.text.comment", { who, count, title })
        : t("notifications.text.commentUnknown", { who, count });
    case "like":
      // What was liked: the cook's recipe, or their rating of someone's recipe.
      if (!title) return t("notifications.text.likePost", { who, count });
      if (item.liked === "recipe") return t("notifications.text.likeRecipe", { who, count, title });
      if (item.liked === "rating") return t("notifications.text.likeRating", { who, count, title });
      return t("notifications.text.likePostAbout", { who, count, title });
    case "list_shared":
      return item.grocery_list
        ? t("notifications.text.listShared", { who, count, list: item.grocery_list.name })
        : t("notifications.text.listSharedUnknown", { who, count });
    case "planner_shared":
      return t("notifications.text.plannerShared", { who, count });
    case "import_done":
      return t("notifications.text.importDone");
    case "recipe_unavailable":
      return item.recipe_title
        ? t("notifications.text.recipeUnavailable", { title: item.recipe_title })
        : t("notifications.text.recipeUnavailableUnknown");
  }
}

/** Where a feed item is: the feed, which opens it there (its comments shown). */
export const feedItemPath = (itemId: number) => `/?item=${itemId}`;

/**
 * Where a notification leads: the cook who followed, the recipe rated, the feed item commented
 * on or liked (else its recipe), the list, the planner shared (its owner is the actor), the
 * import's report. Null when what it was about is gone (a recipe the cook may no longer read).
 */
export function notificationHref(item: Notification): string | null {
  const recipe = item.recipe ? `/recipe/${item.recipe.id}/${item.recipe.slug}` : null;
  const [actor] = item.actors;
  switch (item.kind) {
    case "follow":
      return actor ? `/cooks/${encodeURIComponent(actor)}` : null;
    case "rating":
      return recipe;
    case "comment":
    case "like":
      return item.feed_item_id !== null && item.recipe ? feedItemPath(item.feed_item_id) : recipe;
    case "list_shared":
      return item.grocery_list ? `/grocery-list/${item.grocery_list.id}` : "/grocery-lists";
    case "planner_shared":
      return actor ? `/planner?planner=${encodeURIComponent(actor)}` : "/planner";
    case "import_done":
      return item.import_id !== null
        ? `/recipes/import?import=${item.import_id}`
        : "/recipes/import";
    case "recipe_unavailable":
      return "/planner";
  }
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "just now", "5 min ago", "3 h ago", "yesterday", "4 days ago", then the date ("3 Mar 2025"). */
export function timeAgo(iso: string, now: number = Date.now()): string {
  const time = new Date(iso).getTime();
  if (Number.isNaN(time)) return "";
  const elapsed = Math.max(0, now - time);
  if (elapsed < MINUTE) return t("notifications.time.justNow");
  if (elapsed < HOUR) {
    return t("notifications.time.minutesAgo", { count: Math.floor(elapsed / MINUTE) });
  }
  if (elapsed < DAY) return t("notifications.time.hoursAgo", { count: Math.floor(elapsed / HOUR) });
  const days = Math.floor(elapsed / DAY);
  if (days === 1) return t("notifications.time.yesterday");
  if (days < 7) return t("notifications.time.daysAgo", { count: days });
  return formatDate(new Date(time));
}

/** "3 Mar 2025, 14:05": the full time, on hover and for screen readers (lib/dates.ts). */
export const fullTime = (iso: string): string => formatDateTime(iso);

/**
 * What a saved change of the settings did, said plainly: "Saved: New followers won't show in the
 * app." One kind and one channel change at a time (a box ticked).
 */
export function settingSavedText(change: UpdateNotificationSettingsBody): string {
  const [kind] = Object.keys(change) as NotificationKind[];
  const part = kind ? change[kind] : undefined;
  if (!kind || !part) return t("notifications.settings.saved");
  const label = kindLabel(kind);
  if (part.in_app !== undefined) {
    return part.in_app
      ? t("notifications.settings.savedInAppOn", { kind: label })
      : t("notifications.settings.savedInAppOff", { kind: label });
  }
  if (part.email !== undefined) {
    return part.email
      ? t("notifications.settings.savedEmailOn", { kind: label })
      : t("notifications.settings.savedEmailOff", { kind: label });
  }
  return t("notifications.settings.saved");
}

/** A kind of notification as the settings name it: "New followers", "Comments", … */
export function kindLabel(kind: NotificationKind): string {
  switch (kind) {
    case "follow":
      return t("notifications.kinds.follow");
    case "rating":
      return t("notifications.kinds.rating");
    case "comment":
      return t("notifications.kinds.comment");
    case "like":
      return t("notifications.kinds.like");
    case "list_shared":
      return t("notifications.kinds.listShared");
    case "planner_shared":
      return t("notifications.kinds.plannerShared");
    case "import_done":
      return t("notifications.kinds.importDone");
    case "recipe_unavailable":
      return t("notifications.kinds.recipeUnavailable");
  }
}
