// The limits of the API's inputs, without zod: the web imports them from
// "@potluck/contract/limits" for its forms (the schemas' module would pull zod into the page
// chunks), and the schemas enforce the same numbers.

// ---------- recipes ----------
export const RECIPE_TITLE_MAX = 200;
/** Cleaned HTML of the instructions, in bytes (UTF-8). */
export const RECIPE_CONTENT_MAX_BYTES = 100 * 1024;
export const RECIPE_INGREDIENTS_MAX = 100;
/**
 * An ingredient row kept as written ("a handful of fresh herbs"): its words, trimmed, 1 to
 * this many characters: a free shopping line's limit (SHOPPING_TEXT_MAX), which it becomes.
 */
export const RECIPE_INGREDIENT_TEXT_MAX = 200;
/** How many a recipe serves: a whole number in this range; 4 when a recipe does not say. */
export const RECIPE_SERVINGS_MIN = 1;
export const RECIPE_SERVINGS_MAX = 100;
export const RECIPE_SERVINGS_DEFAULT = 4;
/**
 * Who may read a recipe: "public" everyone (signed out too), "followers" its author and the
 * cooks who follow them, "private" its author only (and, read only, the cooks of a grocery
 * list that plans it; superusers read everything).
 */
export const RECIPE_VISIBILITIES = ["public", "followers", "private"] as const;
export type RecipeVisibility = (typeof RECIPE_VISIBILITIES)[number];
/** Tags: trimmed and lower-cased, each 1–30 characters, at most 20 per recipe. */
export const RECIPE_TAG_MAX_LENGTH = 30;
export const RECIPE_TAGS_MAX = 20;
/** Preparation and cooking minutes: whole numbers from 0 to a week. */
export const RECIPE_MINUTES_MAX = 10080;
/** A recipe's source address (http or https). */
export const RECIPE_SOURCE_URL_MAX = 2000;
/** Who or where a recipe comes from when that is not a web address ("Nonna"), in characters. */
export const RECIPE_SOURCE_NAME_MAX = 200;
/** A recipe's notes (plain text with line breaks), in characters. */
export const RECIPE_NOTES_MAX = 5000;
/** `GET /api/recipes/tags/?limit=`: default and most tags. */
export const TAG_LIST_DEFAULT = 20;
export const TAG_LIST_MAX = 50;
/** `GET /api/recipes/recipes/`: at most this many values of a repeatable filter. */
export const RECIPE_FILTER_VALUES_MAX = 20;
export const RECIPE_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const RECIPE_IMAGE_MAX_PIXELS = 40_000_000;
/** `POST /api/recipes/import/`: the longest page address. */
export const IMPORT_URL_MAX = 2000;

// ---------- ratings and comments ----------
export const RATING_COMMENT_MAX = 2000;
export const MAX_COMMENT_LENGTH = 2000;

// ---------- ingredients ----------
/** The fewest characters an ingredient search takes. */
export const INGREDIENT_SEARCH_MIN = 2;
/** `POST /api/ingredients/parse/`: at most this many lines, each at most this long. */
export const PARSE_LINES_MAX = 100;
export const PARSE_LINE_MAX_LENGTH = 500;

// ---------- groceries ----------
export const GROCERY_LIST_NAME_MAX = 100;
/** Cleaned HTML of a list's notes, in bytes (UTF-8): the same limit as recipe instructions. */
export const GROCERY_NOTES_MAX_BYTES = 100 * 1024;
export const GUESTS_MIN = 1;
export const GUESTS_MAX = 1000;
export const STAPLES_MAX = 2000;

// ---------- collections ----------
/** A collection's name, trimmed: 1 to this many characters, unique per cook (any case). */
export const COLLECTION_NAME_MAX = 100;

// ---------- the week planner ----------
export const PLANNER_NOTE_MAX = 200;
/** The longest range of one planner read, send-to-list or suggestion, in days (inclusive). */
export const PLANNER_RANGE_MAX_DAYS = 62;
export const PLANNER_SLOTS = ["breakfast", "lunch", "dinner", "snack"] as const;
/** A free-text line of a shopping list ("paper towels"). */
export const SHOPPING_TEXT_MAX = 200;

// ---------- usernames ----------

/**
 * Names no cook may take: the paths beside `/api/users/{username}/` (me/, search/, followers/,
 * following/, cooks-to-follow/) would answer instead of their profile, and a browser reads
 * "." and ".." in a URL as the folder itself or its parent. Compared ignoring case.
 */
export const RESERVED_USERNAMES = [
  ".",
  "..",
  "me",
  "search",
  "followers",
  "following",
  "cooks-to-follow",
] as const;

export const isReservedUsername = (username: string) =>
  (RESERVED_USERNAMES as readonly string[]).includes(username.toLowerCase());

// Bulk import (imports.ts): here, so the Import page reads them without the schemas.
/** The largest file an import takes. */
export const IMPORT_FILE_MAX_BYTES = 200 * 1024 * 1024;
/** The most recipes one import brings in; the rest of a larger file is left out, and said so. */
export const IMPORT_RECIPES_MAX = 5000;
/** A list of addresses: 1 to this many. */
export const IMPORT_URLS_MAX = 500;

/** The formats an import recognises; the web names each in the reader's language. */
export const IMPORT_FORMATS = [
  "paprika",
  "jsonld",
  "potluck",
  "nextcloud",
  "mealie",
  "tandoor",
  "urls",
] as const;

// ---------- reports and moderation (decision 0033) ----------
export const REPORT_REASONS = ["spam", "abuse", "inappropriate", "other"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
/** What a report is about. */
export const REPORT_TARGET_KINDS = ["recipe", "comment", "user"] as const;
export type ReportTargetKind = (typeof REPORT_TARGET_KINDS)[number];
/** What a moderator does with a report. */
export const MODERATION_ACTIONS = ["dismiss", "hide", "delete", "disable_user"] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];
/** A report's optional note, in characters after trimming. */
export const MAX_REPORT_TEXT_LENGTH = 1000;

// ---------- notifications (issue 27 §1) ----------

export const NOTIFICATION_KINDS = [
  "follow",
  "rating",
  "comment",
  "like",
  "list_shared",
  "planner_shared",
  "import_done",
  "recipe_unavailable",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
