// The recipes API: request and response schemas shared by server and web.
import { z } from "zod";
import { emptyToUndefined, idParams, MAX_ID, paginated, text } from "./common.js";
import { IMPORT_URL_MAX, RECIPE_VISIBILITIES } from "./limits.js";

/**
 * Quantities are per ONE serving. A recipe that does not say how many it serves serves this
 * many; an import draft's quantities and the JSON-LD export's default yield are for this many.
 */
export const FORM_SERVINGS = 4;
export const recipeIdParams = idParams;

/** A recipe as cards and planning options show it. */
export const recipeListItem = z.object({
  id: z.number(),
  title: z.string(),
  slug: z.string(),
  /** Full-size image URL, or null when the recipe has none. */
  image: z.string().nullable(),
  /** Card-sized (about 640 px wide) image URL, or null when the recipe has none. */
  image_card: z.string().nullable(),
  author_username: z.string(),
  created_on: z.string(),
  updated_on: z.string(),
  /** 0–5 star scale: mean rating / 2, rounded to 2 decimals; 0 when unrated. */
  average_rating: z.number(),
  rating_count: z.number(),
  /**
   * How many the recipe serves as written (1–100, 4 unless the author said otherwise): the
   * recipe page's Guests starts here and the form shows quantities for this many.
   */
  servings: z.number().int(),
  /** Who may read it (RECIPE_VISIBILITIES); a cook only ever gets recipes they may read. */
  visibility: z.enum(RECIPE_VISIBILITIES),
  /** Whether the caller may edit and delete it (its author or a superuser; false signed out). */
  can_edit: z.boolean(),
});
export type RecipeListItem = z.infer<typeof recipeListItem>;

export const recipeIngredient = z.object({
  id: z.number(),
  ingredient: z.object({ id: z.number(), name: z.string() }),
  /** Per ONE serving. */
  quantity: z.number(),
  unit: z.object({ id: z.number(), name: z.string() }),
});
export type RecipeIngredient = z.infer<typeof recipeIngredient>;

export const recipeDetail = recipeListItem.extend({
  /** Cleaned HTML of the instructions. */
  content: z.string(),
  /** In the author's order. */
  recipe_ingredients: z.array(recipeIngredient),
});
export type RecipeDetail = z.infer<typeof recipeDetail>;

export const recipeListResponse = paginated(recipeListItem);
export type RecipeListResponse = z.infer<typeof recipeListResponse>;

/** `GET /api/recipes/recipes/`: newest first, or best matches first with `search`. */
export const recipeListQuery = z.object({
  cursor: text().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  /** Only the caller's own recipes (signed in only). */
  mine: z.preprocess(emptyToUndefined, z.enum(["true", "false"]).optional()),
  /** Words of the title and ingredient names; blank means no search. */
  search: text().max(200).optional(),
});
export type RecipeListQuery = z.input<typeof recipeListQuery>;

/** One row of the `recipe_ingredients` JSON string of a submission. */
export const recipeIngredientInput = z.object({
  ingredient_id: z.number().int().positive().max(MAX_ID),
  /** Per ONE serving: the web form shows × the recipe's servings and submits ÷ them. */
  quantity: z
    .number()
    .gt(0, "Ensure this value is greater than 0.")
    .max(1_000_000, "Ensure this value is less than or equal to 1000000."),
  unit_id: z.number().int().positive().max(MAX_ID),
});
export type RecipeIngredientInput = z.infer<typeof recipeIngredientInput>;

/**
 * The text fields of the multipart recipe submission (POST and PUT). The `image` part is a
 * file (JPEG, PNG or WebP; at most 10 MB and 40 megapixels); `remove_image` = "true" drops
 * the current image; `recipe_ingredients` is a JSON string of `RecipeIngredientInput[]`.
 * Field errors come back as `{"field": ["message"]}`.
 */
export const recipeSubmissionFields = z.object({
  title: text(),
  content: text(),
  remove_image: z.enum(["true", "false"]).optional(),
  recipe_ingredients: text().optional(),
  /**
   * How many the recipe serves: a whole number from 1 to 100. On create 4 when absent; on
   * update absent keeps it. Quantities in `recipe_ingredients` stay per ONE serving.
   * Errors: `{"servings": ["..."]}`.
   */
  servings: text().optional(),
  /**
   * Who may read it: "public", "followers" or "private". On create the author's
   * `default_visibility` preference when absent; on update absent keeps it.
   * Errors: `{"visibility": ["..."]}`.
   */
  visibility: text().optional(),
  /**
   * A picture's http(s) address (an import's `image_url`), used when no `image` file is sent:
   * the server fetches it (public addresses only, at most 10 MB) and checks and re-encodes it
   * like an upload. Errors: `{"image_url": ["..."]}`.
   */
  image_url: text().optional(),
});
export type RecipeSubmissionFields = z.infer<typeof recipeSubmissionFields>;

/**
 * The whole multipart/form-data body of recipe create and update as the API reference shows
 * it: the fields above and the `image` file (JPEG, PNG, WebP or GIF, at most 10 MB).
 */
export const recipeSubmissionForm = recipeSubmissionFields.extend({
  image: z.file().optional(),
});
export type RecipeSubmissionField = keyof RecipeSubmissionFields | "image";

/** `POST /api/recipes/import/`: a page's address, or the page itself (with its address). */
export const importRecipeBody = z
  .object({
    url: text().trim().max(IMPORT_URL_MAX).optional(),
    html: text().optional(),
  })
  .refine((body) => Boolean(body.url) || body.html !== undefined, {
    message: 'Send "url", or "html" with the page.',
    path: ["url"],
  });
export type ImportRecipeBody = z.infer<typeof importRecipeBody>;

/** One ingredient line of an imported recipe: quantity on the form's 4-serving base. */
export const draftIngredient = z.object({
  original: z.string(),
  quantity: z.number().nullable(),
  unit: z.object({ id: z.number(), name: z.string() }).nullable(),
  ingredient: z.object({ id: z.number(), name: z.string() }).nullable(),
});
export type DraftIngredient = z.infer<typeof draftIngredient>;

/** What import returns to pre-fill the recipe form; nothing is saved until Create Recipe. */
export const recipeDraft = z.object({
  title: z.string(),
  /** Cleaned HTML: steps as an ordered list, sections as H2. */
  content: z.string(),
  /** The first number of the page's yield, or null. */
  servings: z.number().nullable(),
  /** The page's picture (absolute http(s) URL): send it back as `image_url` on create. */
  image_url: z.string().nullable(),
  source_url: z.string().nullable(),
  recipe_ingredients: z.array(draftIngredient),
});
export type RecipeDraft = z.infer<typeof recipeDraft>;

/** A step of an exported recipe; a section groups steps under a heading. */
const howToStep = z.object({ "@type": z.literal("HowToStep"), text: z.string() });
const howToSection = z.object({
  "@type": z.literal("HowToSection"),
  name: z.string(),
  itemListElement: z.array(howToStep),
});

/**
 * `GET /api/recipes/recipes/{id}/jsonld/`: the recipe as schema.org `Recipe` JSON-LD
 * (`application/ld+json`), for the recipe's servings (4 unless it says). Importing it back gives the same title, steps and
 * ingredient lines.
 */
export const recipeJsonLd = z.object({
  "@context": z.literal("https://schema.org"),
  "@type": z.literal("Recipe"),
  name: z.string(),
  /** The recipe's page in the web app. */
  url: z.string(),
  author: z.object({ "@type": z.literal("Person"), name: z.string() }),
  datePublished: z.string(),
  dateModified: z.string(),
  /** Absolute URL of the full-size picture; absent without one. */
  image: z.string().optional(),
  recipeYield: z.string(),
  /** "500 g All-purpose flour", "2 eggs" (a count), "Salt to taste": for `recipeYield`. */
  recipeIngredient: z.array(z.string()),
  recipeInstructions: z.array(z.union([howToStep, howToSection])),
});
export type RecipeJsonLd = z.infer<typeof recipeJsonLd>;
