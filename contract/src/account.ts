// A cook's own account: the export of everything they own (`GET /api/users/me/export/`) and
// its deletion (`DELETE /api/users/me/`). The export's two kinds of JSON file are described
// here, so the writer is checked against them and a restore can read them with the same
// schemas: see docs/decisions/0026-account-export-and-deletion.md.
import { z } from "zod";
import { missingOr, text } from "./common.js";
import { LANGUAGES } from "./languages.js";
import { PLANNER_SLOTS, RECIPE_VISIBILITIES } from "./limits.js";
import { recipeJsonLd } from "./recipes.js";
import { UNITS_PREFERENCES } from "./units.js";

// ---------- deleting the account ----------

/** `DELETE /api/users/me/` (JSON): the cook's password, as a last check that it is them. */
export const deleteAccountBody = z.object({
  password: text({ error: missingOr("Not a valid string.") })
    .min(1, "This field may not be blank.")
    .max(1024),
});
export type DeleteAccountBody = z.input<typeof deleteAccountBody>;

/** The 400 `{"password": [...]}` of a wrong password. */
export const WRONG_PASSWORD = "That is not your password.";

// ---------- the export ----------

/** What `potluck.json` says it is; a restore refuses anything else. */
export const EXPORT_FORMAT = "potluck-account-export";
/** Raised when a field changes meaning or goes; a new optional field keeps it. */
export const EXPORT_FORMAT_VERSION = 1;

/**
 * A recipe named by the export (in a collection, a rating, a list, the planner): its id and,
 * when the cook may still read it, its slug, title and author, so that a restore on another
 * Potluck can find it again or say which it was. A recipe the cook may no longer read is its
 * id alone: its title is its author's to show.
 */
export const exportedRecipeRef = z.object({
  id: z.number().int(),
  slug: z.string().optional(),
  title: z.string().optional(),
  author: z.string().optional(),
});
export type ExportedRecipeRef = z.infer<typeof exportedRecipeRef>;

/**
 * An ingredient line as stored, per ONE serving: a catalogue line by its ingredient's and
 * unit's names (ids differ between sites), or a free-text line by its text, with a quantity
 * and unit when it has them.
 */
export const exportedIngredientLine = z.object({
  ingredient: z.string().nullable(),
  text: z.string().nullable(),
  quantity: z.number().nullable(),
  unit: z.string().nullable(),
  /** The row's note, or null (issue 34 §7: absent from older exports, which read as null). */
  note: z.string().nullable(),
  /** Whether the row is optional (absent from older exports: false). */
  optional: z.boolean(),
});

/**
 * Potluck's own fields of an exported recipe, under `"potluck:recipe"` beside the schema.org
 * ones: everything a restore needs to make the same recipe again.
 */
export const exportedRecipeFields = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  visibility: z.enum(RECIPE_VISIBILITIES),
  servings: z.number().int(),
  prep_minutes: z.number().int().nullable(),
  cook_minutes: z.number().int().nullable(),
  source_url: z.string().nullable(),
  /** Who or where it comes from when not an address ("Nonna"), or null (absent from older exports). */
  source_name: z.string().nullable(),
  /** The cook's notes (plain text), or null (absent from older exports, which read as null). */
  notes: z.string().nullable(),
  /** Alphabetical. */
  tags: z.array(z.string()),
  /** The instructions as the site keeps them: cleaned HTML. */
  content: z.string(),
  /** The language it is written in (absent from older exports: the importing cook's). */
  language: z.enum(LANGUAGES).optional(),
  /** In the author's order. */
  ingredients: z.array(exportedIngredientLine),
  created_on: z.string(),
  updated_on: z.string(),
  /** The picture's path inside the archive (`images/<id>-<slug>.webp`), or null. */
  image: z.string().nullable(),
});
export type ExportedRecipeFields = z.infer<typeof exportedRecipeFields>;

/** `recipes/<id>-<slug>.json`: the recipe's schema.org JSON-LD plus Potluck's own fields. */
export const exportedRecipe = recipeJsonLd.extend({ "potluck:recipe": exportedRecipeFields });
export type ExportedRecipe = z.infer<typeof exportedRecipe>;

/** A feed item the cook commented on or liked. */
const exportedFeedItem = z.object({
  id: z.number().int(),
  event_type: z.string(),
  /** Whose news it is. */
  by: z.string(),
  recipe: exportedRecipeRef,
});

/** `potluck.json`: everything else the cook owns or wrote. */
export const accountExport = z.object({
  format: z.literal(EXPORT_FORMAT),
  version: z.literal(EXPORT_FORMAT_VERSION),
  exported_on: z.string(),
  /** The site it came from (`https://potluck.example`): recipe ids are that site's. */
  origin: z.string(),
  account: z.object({
    id: z.number().int(),
    username: z.string(),
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    joined_on: z.string(),
  }),
  preferences: z.object({
    units: z.enum(UNITS_PREFERENCES),
    default_visibility: z.enum(RECIPE_VISIBILITIES),
    /** The language the cook chose, or null (absent from exports made before issue 37). */
    language: z.enum(LANGUAGES).nullable().optional(),
  }),
  /** Ingredient names the cook always has at home. */
  staples: z.array(z.string()),
  aisles: z.object({
    /** The cook's order of the aisles by name; empty: the site's order. */
    order: z.array(z.string()),
    /** The cook's own aisle for an ingredient. */
    ingredients: z.array(z.object({ ingredient: z.string(), aisle: z.string() })),
    /** The cook's aisle for a free-text shopping line, by its lower-cased text. */
    texts: z.array(z.object({ text: z.string(), aisle: z.string() })),
  }),
  /** Usernames the cook follows. */
  following: z.array(z.string()),
  /**
   * The cooks the cook blocked, by username, with when (an export made before this field
   * existed has none: optional, so it still reads).
   */
  blocked: z.array(z.object({ username: z.string(), blocked_on: z.string() })).optional(),
  collections: z.array(
    z.object({
      name: z.string(),
      created_on: z.string(),
      recipes: z.array(exportedRecipeRef.extend({ added_on: z.string() })),
    }),
  ),
  ratings: z.array(
    z.object({
      recipe: exportedRecipeRef,
      /** Half stars, 1–10, as the API's ratings: 10 is five stars, 9 is four and a half. */
      rating: z.number().int(),
      /**
       * The same rating as the cook gave it, in stars: 0.5–5 in halves (rating / 2). Written
       * since issue 34 §19 (a `"rating": 10` read as ten stars); a new field, so version 1.
       */
      stars: z.number().min(0.5).max(5).multipleOf(0.5).optional(),
      comment: z.string(),
      created_on: z.string(),
      updated_on: z.string(),
    }),
  ),
  comments: z.array(
    z.object({ feed_item: exportedFeedItem, text: z.string(), created_on: z.string() }),
  ),
  likes: z.array(z.object({ feed_item: exportedFeedItem, created_on: z.string() })),
  /** The lists the cook owns (a list shared with them is its owner's). */
  grocery_lists: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      notes: z.string(),
      created_on: z.string(),
      updated_on: z.string(),
      shared_with: z.array(z.string()),
      planned_recipes: z.array(
        z.object({
          recipe: exportedRecipeRef,
          guests: z.number().int(),
          planned_on: z.string().nullable(),
        }),
      ),
      /** A catalogue ingredient (with unit and quantity) or a free-text line. */
      planned_extras: z.array(
        z.object({
          ingredient: z.string().nullable(),
          text: z.string().nullable(),
          quantity: z.number().nullable(),
          unit: z.string().nullable(),
          planned_on: z.string().nullable(),
        }),
      ),
      /** The shopping lines with their ticks (derived from the plans, kept for the ticks). */
      lines: z.array(
        z.object({
          ingredient: z.string().nullable(),
          text: z.string().nullable(),
          quantity: z.number().nullable(),
          unit: z.string().nullable(),
          from_recipes: z.string(),
          ticked: z.boolean(),
        }),
      ),
    }),
  ),
  /** The cook's own week planner. */
  planner: z.object({
    shared_with: z.array(z.string()),
    entries: z.array(
      z.object({
        date: z.string(),
        slot: z.enum(PLANNER_SLOTS),
        position: z.number().int(),
        recipe: exportedRecipeRef.nullable(),
        guests: z.number().int().nullable(),
        note: z.string().nullable(),
        /** Who put it there (the cook or a member); null once that account is gone. */
        added_by: z.string().nullable(),
      }),
    ),
  }),
});
export type AccountExport = z.infer<typeof accountExport>;
