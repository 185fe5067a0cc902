import { formatDateTime } from "../../lib/dates";

/** "3 Mar 2025, 14:05": dates on feed cards and comments (lib/dates.ts, as every date). */
export const formatWhen = (iso: string): string => formatDateTime(iso);

/** The rating badge: a 1–10 rating as stars to one decimal ("3.5"). */
export const ratingBadge = (rating: number) => (rating / 2).toFixed(1);

/**
 * How many comments of an item the server lists: the newest ones (FEED_COMMENTS_LIMIT in
 * contract/src/feed.ts, repeated here: a value import of the contract would pull zod into the
 * page chunks).
 */
export const COMMENTS_LIMIT = 100;

/** "1 follower", "0 followers", "12 followers". */
export const followerText = (count: number) => `${count} ${count === 1 ? "follower" : "followers"}`;

/** Card titles by event type; anything else is 'Unknown event type'. */
export const EVENT_TITLES: Record<string, string> = {
  new_recipe: "New Recipe",
  update_recipe: "Updated Recipe",
  new_rating: "New Rating",
  update_rating: "Updated Rating",
};
