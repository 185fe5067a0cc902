import type {
  Notification,
  NotificationKind,
  UpdateNotificationSettingsBody,
} from "@potluck/contract";
import { NOTIFICATION_KIND_LABELS } from "@potluck/contract/limits";
import { formatDate, formatDateTime } from "../../lib/dates";

/**
 * Who did it: "Ana", "Ana and Ben", "Ana and 3 others". `actors` are the newest few usernames,
 * `count` how many in all; "Someone" when none is left (their accounts are gone).
 */
export function actorsText(actors: string[], count: number): string {
  const [first, second] = actors;
  if (!first) return "Someone";
  const total = Math.max(count, actors.length);
  if (total <= 1) return first;
  if (total === 2 && second) return `${first} and ${second}`;
  const others = total - 1;
  return `${first} and ${others} ${others === 1 ? "other" : "others"}`;
}

/** The sentence a notification reads as, e.g. "Ana and 3 others liked your recipe Lasagne". */
export function notificationText(item: Notification): string {
  const who = actorsText(item.actors, item.actor_count);
  const title = item.recipe?.title;
  switch (item.kind) {
    case "follow":
      return `${who} followed you`;
    case "rating":
      return title ? `${who} rated ${title}` : `${who} rated one of your recipes`;
    case "comment":
      return title ? `${who} commented on ${title}` : `${who} commented in your feed`;
    case "like":
      // What was liked: the cook's recipe, or their rating of someone's recipe.
      if (!title) return `${who} liked your post`;
      if (item.liked === "recipe") return `${who} liked your recipe ${title}`;
      if (item.liked === "rating") return `${who} liked your rating of ${title}`;
      return `${who} liked your post about ${title}`;
    case "list_shared":
      return item.grocery_list
        ? `${who} shared the list ${item.grocery_list.name} with you`
        : `${who} shared a shopping list with you`;
    case "planner_shared":
      return `${who} shared their planner with you`;
    case "import_done":
      return "Your import finished";
    case "recipe_unavailable":
      return `${item.recipe_title ?? "A planned recipe"} is no longer available: its cook deleted their account`;
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
  if (elapsed < MINUTE) return "just now";
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)} min ago`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)} h ago`;
  const days = Math.floor(elapsed / DAY);
  if (days === 1) return "yesterday";
  if (days < 7) return `${days} days ago`;
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
  if (!kind || !part) return "Saved.";
  const label = NOTIFICATION_KIND_LABELS[kind];
  if (part.in_app !== undefined) {
    return `Saved: ${label} ${part.in_app ? "will" : "won't"} show in the app.`;
  }
  if (part.email !== undefined) {
    return `Saved: ${label} ${part.email ? "will" : "won't"} come by email.`;
  }
  return "Saved.";
}
