// The users API (follows, user search, a cook's preferences and staples): schemas shared by
// server and web.
import { z } from "zod";
import { idListField, paginated, text } from "./common.js";
import { ingredientOption } from "./ingredients.js";
import { LANGUAGES } from "./languages.js";
import { RECIPE_VISIBILITIES, STAPLES_MAX } from "./limits.js";

import { UNITS_PREFERENCES } from "./units.js";

/** One person in the user search, the followers list and the following list. */
export const userSummary = z.object({
  id: z.number(),
  username: z.string(),
  /** As the cook wrote it; "" when they gave none. */
  first_name: z.string(),
  /** Whether the signed-in user follows this person. */
  is_following: z.boolean(),
  /** Whether the signed-in user blocked this person (decision 0032). */
  is_blocked: z.boolean(),
});
export type UserSummary = z.infer<typeof userSummary>;

export const userPage = paginated(userSummary);

/**
 * `?query=`: a case-insensitive part of a username or a first name; empty or absent suggests
 * people. `?purpose=share` asks for cooks to share a list or a planner with: the cooks the
 * caller follows or already shares with come first (before anything is typed, only they),
 * never a disabled cook nor one a block stands between, and a superuser only when typed.
 */
export const USER_SEARCH_PURPOSES = ["follow", "share"] as const;
export type UserSearchPurpose = (typeof USER_SEARCH_PURPOSES)[number];
export const userSearchQuery = z.object({
  query: text().trim().max(150).default(""),
  purpose: z.enum(USER_SEARCH_PURPOSES).default("follow"),
  cursor: text().max(300).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type UserSearchQuery = z.input<typeof userSearchQuery>;

// ---------- cooks to follow (the empty feed) ----------

/** `GET /api/users/cooks-to-follow/?limit=`: how many cooks (1–20, default 5). */
export const cooksToFollowQuery = z.object({
  limit: z.coerce.number().int().min(1).max(20).default(5),
});
export type CooksToFollowQuery = z.input<typeof cooksToFollowQuery>;

/**
 * A cook the signed-in user does not follow yet, with their latest recipe: the most followed
 * first, then cooks nobody follows yet by how recently they published. Only cooks with a
 * recipe; never the user themselves.
 */
export const cookToFollow = z.object({
  id: z.number(),
  username: z.string(),
  follower_count: z.number(),
  latest_recipe: z.object({
    id: z.number(),
    slug: z.string(),
    title: z.string(),
    /** URL of the recipe's card image, or null when it has none. */
    image: z.string().nullable(),
  }),
});
export type CookToFollow = z.infer<typeof cookToFollow>;

export const cooksToFollow = z.array(cookToFollow);

// ---------- the signed-in cook's preferences ----------

/** `GET` and `PATCH /api/users/me/preferences/`. */
export const preferences = z.object({
  units: z.enum(UNITS_PREFERENCES),
  /** The visibility of a new recipe whose submission names none ("public" until chosen). */
  default_visibility: z.enum(RECIPE_VISIBILITIES),
  /**
   * The language the cook chose (issue 37), or null until they choose one: the server answers
   * them and writes their mails in it; the web shows itself in it.
   */
  language: z.enum(LANGUAGES).nullable(),
});
export type Preferences = z.infer<typeof preferences>;

/** `PATCH /api/users/me/preferences/` (JSON): what is given changes; `{}` changes nothing. */
export const updatePreferencesBody = z.object({
  units: z
    .enum(UNITS_PREFERENCES, {
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? "This field may not be null."
          : `"${String(issue.input)}" is not a valid choice.`,
    })
    .optional(),
  default_visibility: z
    .enum(RECIPE_VISIBILITIES, {
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? "This field may not be null."
          : `"${String(issue.input)}" is not a valid choice.`,
    })
    .optional(),
  language: z
    .enum(LANGUAGES, {
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? "This field may not be null."
          : `"${String(issue.input)}" is not a valid choice.`,
    })
    .optional(),
});
export type UpdatePreferencesBody = z.input<typeof updatePreferencesBody>;

// ---------- staples: what a cook always has at home ----------

/** `GET /api/users/me/staples/` (and the answer of `PUT`): by name. */
export const staplesResponse = z.array(ingredientOption);

/**
 * `PUT /api/users/me/staples/` (JSON): replaces the set. An id given twice counts once; an id
 * of no ingredient is a 400 on `ingredient_ids`, and nothing changes.
 */
export const replaceStaplesBody = z.object({ ingredient_ids: idListField(STAPLES_MAX) });
export type ReplaceStaplesBody = z.input<typeof replaceStaplesBody>;

// ---------- a cook's profile ----------

/** `GET /api/users/{username}/`: the username ignoring case, as the account was named. */
export const usernameParams = z.object({ username: text().min(1).max(150) });

/**
 * `GET /api/users/{username}/` (signed in) → a cook's profile; 404 for an unknown cook. The
 * counts are of what the caller may see: `recipe_count` counts the recipes the caller may read.
 * `id` is what the follow calls (`/api/users/{id}/follow/`) take.
 */
export const cookProfile = z.object({
  id: z.number(),
  username: z.string(),
  first_name: z.string(),
  follower_count: z.number(),
  following_count: z.number(),
  recipe_count: z.number(),
  /** Whether the caller follows this cook. */
  is_followed: z.boolean(),
  /** Whether the caller blocked this cook (decision 0032). */
  is_blocked: z.boolean(),
  /** Whether the caller may block (and report) this cook: anyone but themselves. */
  can_block: z.boolean(),
});
export type CookProfile = z.infer<typeof cookProfile>;

// ---------- blocking (decision 0032) ----------

/** A cook the caller blocked, in `GET /api/users/me/blocked/`. */
export const blockedCook = z.object({ username: z.string() });
export type BlockedCook = z.infer<typeof blockedCook>;

/**
 * `GET /api/users/me/blocked/` → the cooks the caller blocked, by name. A small per-cook
 * collection, so a plain array (server-behaviour: lists that grow are paginated; nobody blocks
 * thousands): at most BLOCKS_MAX.
 */
export const blockedCooks = z.array(blockedCook);

/** A cook may block at most this many cooks (the list above stays one page). */
export const BLOCKS_MAX = 1000;

/**
 * The 400 of `POST /api/users/{id}/follow/` while a block stands between the two cooks, either
 * way: it doesn't say who blocked whom.
 */
export const CANNOT_FOLLOW = "You can't follow this cook.";
