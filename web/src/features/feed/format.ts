import { formatDateTime } from "../../lib/dates";
import { currentLanguage, t } from "../../lib/i18n";

/** "3 Mar 2025, 14:05": dates on feed cards and comments (lib/dates.ts, as every date). */
export const formatWhen = (iso: string): string => formatDateTime(iso);

/** The rating badge: a 1–10 rating as stars to one decimal ("3.5", "3,5" in German). */
export const ratingBadge = (rating: number) =>
  new Intl.NumberFormat(currentLanguage(), {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(rating / 2);

/**
 * How many comments of an item the server lists: the newest ones (FEED_COMMENTS_LIMIT in
 * contract/src/feed.ts, repeated here: a value import of the contract would pull zod into the
 * page chunks).
 */
export const COMMENTS_LIMIT = 100;

/** "1 follower", "0 followers", "12 followers". */
export const followerText = (count: number) => t("feed.profile.followers", { count });

/** Card titles by event type; undefined for any other (the card says 'Unknown event type'). */
export function eventTitle(eventType: string): string | undefined {
  switch (eventType) {
    case "new_recipe":
      return t("feed.event.newRecipe");
    case "update_recipe":
      return t("feed.event.updateRecipe");
    case "new_rating":
      return t("feed.event.newRating");
    case "update_rating":
      return t("feed.event.updateRating");
    default:
      return undefined;
  }
}
