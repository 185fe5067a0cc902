// The recipes API: request and response schemas shared by server and web.
import { z } from "zod";
import {
  emptyToUndefined,
  idParams,
  MAX_ID,
  missingOr,
  paginated,
  REQUIRED,
  text,
} from "./common.js";
import {
  ALLERGENS,
  DIETS,
  lineAsWritten,
  recipeNutrition,
  sourceNutrition,
} from "./ingredients.js";
import { LANGUAGES } from "./languages.js";
import {
  IMPORT_URL_MAX,
  RECIPE_FILTER_VALUES_MAX,
  RECIPE_INGREDIENT_TEXT_MAX,
  RECIPE_MINUTES_MAX,
  RECIPE_TAG_MAX_LENGTH,
  RECIPE_VISIBILITIES,
  TAG_LIST_DEFAULT,
  TAG_LIST_MAX,
} from "./limits.js";
import { namedIngredient, namedUnit } from "./names.js";

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
  /** Trimmed, lower-cased, 1–30 characters each, at most 20, in alphabetical order. */
  tags: z.array(z.string()),
  /** Minutes of preparation and of cooking (0–10080), or null when the author didn't say. */
  prep_minutes: z.number().int().nullable(),
  cook_minutes: z.number().int().nullable(),
  /** prep_minutes + cook_minutes (a missing one counts 0); null when both are null. */
  total_minutes: z.number().int().nullable(),
  /** Where the recipe came from (an http(s) address), or null. */
  source_url: z.string().nullable(),
  /**
   * The language it is written in (one of LANGUAGES): its title and steps are shown marked
   * with it, and search stems its words in it. Its catalogue ingredients are named in the
   * reader's language whatever this is.
   */
  language: z.enum(LANGUAGES),
  /** Whether the caller may edit and delete it (its author or a superuser; false signed out). */
  can_edit: z.boolean(),
  /**
   * Per serving, from its rows and the food data (issue 38 §2), as its last write left it;
   * null for a moment after a release with new food data, until the server has recomputed it.
   */
  nutrition: recipeNutrition.nullable(),
  /** Every allergen of its rows (optional ones too), in ALLERGENS' order. */
  allergens: z.array(z.enum(ALLERGENS)),
  /** false when a row kept as written or a cook's own ingredient could hide an allergen. */
  allergens_complete: z.boolean(),
  /** The diets it keeps to; none is claimed while a row is unknown. */
  diets: z.array(z.enum(DIETS)),
  /**
   * true: a moderator hid it, and only its author and superusers get it ("Hidden by a
   * moderator"); absent otherwise.
   */
  hidden_by_moderator: z.literal(true).optional(),
});
export type RecipeListItem = z.infer<typeof recipeListItem>;

/**
 * A row of a recipe's ingredients: a catalogue ingredient with its quantity and unit (`text`
 * null), or a row kept as written (`ingredient` null): its words in `text` ("a handful of
 * fresh herbs"), with a quantity when it has an amount and a unit when that amount has one
 * (a quantity without a unit is a count: "2 lemons, zested"). Read them with
 * `recipeLineText` (units.ts).
 */
export const recipeIngredient = z.object({
  id: z.number(),
  /** Named in the reader's language (names.ts: `forms` outside English). */
  ingredient: namedIngredient.nullable(),
  /** Per ONE serving; null only for a row kept as written without an amount. */
  quantity: z.number().nullable(),
  /** Null only for a row kept as written without a unit. In the reader's language (names.ts). */
  unit: namedUnit.nullable(),
  /** A row kept as written: its words, as the cook (or the imported page) wrote them. */
  text: z.string().nullable(),
  /**
   * How it is prepared or what else to know ("diced", "28 ounce can", "melted"): 1–200
   * characters, or null. Shown after the line ("2 onions, diced": rowNoteSuffix).
   */
  note: z.string().nullable(),
  /** Not needed to make the recipe: shown "(optional)", and left off the shopping list. */
  optional: z.boolean(),
  /**
   * For a catalogue row measured by volume (a cup, a tbsp) of a food that is spooned rather
   * than poured, when its food data weighs it: the grams in ONE of its unit (a cup of flour:
   * 125), so a page can show "1 cup (125 g)". Null otherwise (absent on older clients' rows).
   */
  grams_per_unit: z.number().nullable().optional(),
});
export type RecipeIngredient = z.infer<typeof recipeIngredient>;

export const recipeDetail = recipeListItem.extend({
  /** Cleaned HTML of the instructions. */
  content: z.string(),
  /**
   * The cook's notes: plain text, line breaks kept (at most 5,000 characters), or null. Read
   * after the steps, never as one (cook mode leaves them out).
   */
  notes: z.string().nullable(),
  /**
   * Who or where the recipe comes from when that is not a web address ("Nonna", "The Silver
   * Spoon p. 212"; at most 200 characters), or null. Beside `source_url`, not instead of it.
   */
  source_name: z.string().nullable(),
  /** In the author's order. */
  recipe_ingredients: z.array(recipeIngredient),
  /** The caller's collections that hold it, by id ([] signed out). */
  in_collections: z.array(z.number()),
  /**
   * Whether the caller may rate it (or change their rating): a right of their own to read it
   * (a shopping list's or planner's grant is read only) and no block between them and its
   * author. False signed out.
   */
  can_rate: z.boolean(),
  /** Whether the caller may report it: signed in and not its author (moderation/policy.ts). */
  can_report: z.boolean(),
  /** Per serving, from its rows and the food data (issue 38 §2), always computed afresh. */
  nutrition: recipeNutrition,
  /** What its source page published per serving (imported or pasted), as the source's; or null. */
  source_nutrition: sourceNutrition.nullable(),
});
export type RecipeDetail = z.infer<typeof recipeDetail>;

/**
 * `POST /api/recipes/recipes/` → 201 and `PUT /api/recipes/recipes/{id}/` → 200: the recipe
 * saved, and `image_warning` when an `image_url` was given whose picture could not be fetched
 * or used: the recipe is saved without it (issue 34 §8), and this says why in plain words.
 */
export const recipeSaved = recipeDetail.extend({ image_warning: z.string().optional() });
export type RecipeSaved = z.infer<typeof recipeSaved>;

/**
 * `did_you_mean`: on the first page of a search whose words found nothing as typed, when the
 * results are those of their typo corrections, the corrected words ("tomato soup" for
 * "tomatoe soup"); absent otherwise (issue 34 §9).
 */
export const recipeListResponse = paginated(recipeListItem).extend({
  did_you_mean: z.string().optional(),
});
export type RecipeListResponse = z.infer<typeof recipeListResponse>;

/**
 * A repeatable query parameter: `?tag=a&tag=b` arrives as a list and `?tag=a` as one string;
 * both are taken, and blank values are left out. At most RECIPE_FILTER_VALUES_MAX values.
 */
const repeatable = <T extends z.ZodType>(item: T) =>
  z.preprocess((value) => {
    if (value === undefined) return undefined;
    const values = (Array.isArray(value) ? value : [value]).filter((one) => one !== "");
    return values.length > 0 ? values : undefined;
  }, z
    .array(item)
    .max(
      RECIPE_FILTER_VALUES_MAX,
      `Ensure this field has no more than ${RECIPE_FILTER_VALUES_MAX} elements.`,
    )
    .optional());

/** A tag as stored: trimmed and lower-cased, 1–30 characters. */
export const tagName = () =>
  text()
    .trim()
    .toLowerCase()
    .min(1, "This field may not be blank.")
    .max(
      RECIPE_TAG_MAX_LENGTH,
      `Ensure each tag has no more than ${RECIPE_TAG_MAX_LENGTH} characters.`,
    );

const queryId = () => z.coerce.number().int().positive().max(MAX_ID);

/**
 * `GET /api/recipes/recipes/`: newest first, or best matches first with `search`. The filters
 * combine with each other, with `search` and with `mine` (all must hold), and the list only
 * ever holds recipes the caller may read.
 */
export const recipeListQuery = z.object({
  cursor: text().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  /** Only the caller's own recipes (signed in only). */
  mine: z.preprocess(emptyToUndefined, z.enum(["true", "false"]).optional()),
  /** Words of the title and ingredient names; blank means no search. */
  search: text().max(200).optional(),
  /** Repeatable: recipes with every one of these tags (compared lower-cased). */
  tag: repeatable(tagName()),
  /** Recipes whose total_minutes is at most this; recipes without times are left out. */
  max_minutes: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number()
      .int()
      .min(0)
      .max(2 * RECIPE_MINUTES_MAX)
      .optional(),
  ),
  /** Repeatable: ingredient catalogue ids the recipe uses, all of them. */
  ingredient: repeatable(queryId()),
  /** Repeatable: ingredient catalogue ids the recipe uses none of. */
  exclude_ingredient: repeatable(queryId()),
  /** Recipes whose mean rating is at least this many stars (0–5); above 0 unrated ones are out. */
  min_rating: z.preprocess(emptyToUndefined, z.coerce.number().min(0).max(5).optional()),
  /** Recipes by this cook (username, any case); an unknown cook gives an empty list. */
  author: z.preprocess(emptyToUndefined, text().trim().min(1).max(150).optional()),
  /** "true": recipes by the cooks the caller follows (signed in only: 401 otherwise). */
  following: z.preprocess(emptyToUndefined, z.enum(["true", "false"]).optional()),
  /** Recipes in this collection of the caller's (404 when it is not one of theirs). */
  collection: z.preprocess(emptyToUndefined, queryId().optional()),
  /** With `mine=true` only (400 otherwise): the caller's recipes of this visibility. */
  visibility: z.preprocess(emptyToUndefined, z.enum(RECIPE_VISIBILITIES).optional()),
  /** Recipes written in this language (one of LANGUAGES). */
  language: z.preprocess(emptyToUndefined, z.enum(LANGUAGES).optional()),
  /** Repeatable: recipes that keep to every one of these diets (DIETS). */
  diet: repeatable(z.enum(DIETS)),
  /**
   * Repeatable: recipes known to hold none of these allergens (ALLERGENS); a recipe whose
   * allergens are not complete (a row kept as written) is left out.
   */
  without_allergen: repeatable(z.enum(ALLERGENS)),
  /**
   * "true": recipes safe for everyone at the caller's own planner's table (its people's
   * allergens, diets and dislikes: issue 38 §4), with the other filters. Signed in only (401).
   */
  safe_for_table: z.preprocess(emptyToUndefined, z.enum(["true", "false"]).optional()),
  /** Recipes of at most this many kcal per serving, every row counted (others are left out). */
  max_kcal: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(20000).optional()),
});
export type RecipeListQuery = z.input<typeof recipeListQuery>;

/** null in a row means the same as leaving the field out (a detail's row sent back). */
const nullAbsent = (value: unknown) => (value === null ? undefined : value);
const rowId = () =>
  z.preprocess(
    nullAbsent,
    z
      .number({ error: missingOr("A valid integer is required.") })
      .int("A valid integer is required.")
      .positive("A valid integer is required.")
      .max(MAX_ID, "A valid integer is required.")
      .optional(),
  );

export const RECIPE_ROW_TEXT_OR_INGREDIENT = "Give either text or an ingredient, not both.";
export const RECIPE_ROW_UNIT_WITHOUT_QUANTITY = "A unit needs a quantity.";

/**
 * One row of the `recipe_ingredients` JSON string of a submission: a catalogue row
 * `{ingredient_id, quantity, unit_id}` (all three required, but the quantity only when the
 * unit is not "to taste": the server, which knows the units, refuses a row without one, and
 * stores a "to taste" row without one whatever it was sent), or a row kept as written
 * `{text, quantity?, unit_id?}`: `text` trimmed, 1–200 characters; a `unit_id` only with a
 * `quantity`; a quantity without a unit is a count. Both `ingredient_id` and `text`: the
 * row's error "Give either text or an ingredient, not both.". Quantities per ONE serving.
 * Either kind may carry `note` (trimmed, at most 200 characters; blank is none) and
 * `optional` (a boolean, false when absent).
 */
export const recipeIngredientInput = z
  .object({
    ingredient_id: rowId(),
    text: z.preprocess(
      nullAbsent,
      text({ error: missingOr("Not a valid string.") })
        .trim()
        .min(1, "This field may not be blank.")
        .max(
          RECIPE_INGREDIENT_TEXT_MAX,
          `Ensure this field has no more than ${RECIPE_INGREDIENT_TEXT_MAX} characters.`,
        )
        .optional(),
    ),
    /** Per ONE serving: the web form shows × the recipe's servings and submits ÷ them. */
    quantity: z.preprocess(
      nullAbsent,
      z
        .number({ error: missingOr("A valid number is required.") })
        .gt(0, "Ensure this value is greater than 0.")
        .max(1_000_000, "Ensure this value is less than or equal to 1000000.")
        .optional(),
    ),
    unit_id: rowId(),
    note: z.preprocess(
      nullAbsent,
      text({ error: missingOr("Not a valid string.") })
        .trim()
        .max(
          RECIPE_INGREDIENT_TEXT_MAX,
          `Ensure this field has no more than ${RECIPE_INGREDIENT_TEXT_MAX} characters.`,
        )
        .transform((note) => (note === "" ? undefined : note))
        .optional(),
    ),
    optional: z.preprocess(
      nullAbsent,
      z.boolean({ error: missingOr("Must be a valid boolean.") }).optional(),
    ),
  })
  .superRefine(
    (row, ctx) => {
      // Not a row at all: the object's own message says so.
      if (typeof row !== "object" || row === null || Array.isArray(row)) return;
      const given = (field: string) =>
        (row as Record<string, unknown>)[field] !== undefined ||
        ctx.issues.some((issue) => issue.path?.[0] === field);
      if (given("text")) {
        if (given("ingredient_id")) {
          ctx.addIssue({ code: "custom", message: RECIPE_ROW_TEXT_OR_INGREDIENT, path: [] });
        } else if (given("unit_id") && !given("quantity")) {
          ctx.addIssue({
            code: "custom",
            message: RECIPE_ROW_UNIT_WITHOUT_QUANTITY,
            path: ["quantity"],
          });
        }
        return;
      }
      // The quantity is checked against the unit by the server: "to taste" takes none.
      for (const field of ["ingredient_id", "unit_id"]) {
        if (!given(field)) ctx.addIssue({ code: "custom", message: REQUIRED, path: [field] });
      }
    },
    // Also when a field failed, so that every problem of the row is said at once.
    { when: () => true },
  )
  .transform((row) => row as RecipeIngredientInput);

/** A submitted row's note and mark, of either kind. */
interface RowExtras {
  note?: string;
  optional?: boolean;
}

/**
 * A submitted row: from the catalogue (without a quantity only for "to taste"), or kept as
 * written.
 */
export type RecipeIngredientInput =
  | ({ ingredient_id: number; quantity?: number; unit_id: number; text?: undefined } & RowExtras)
  | ({ text: string; quantity?: number; unit_id?: number; ingredient_id?: undefined } & RowExtras);

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
   * A JSON list of strings, e.g. `["dinner", "vegan"]`: each trimmed and lower-cased, 1–30
   * characters, at most 20 (duplicates dropped). On create none when absent; on update absent
   * keeps them, `[]` removes them all. Errors: `{"tags": ["..."]}`.
   */
  tags: text().optional(),
  /**
   * Minutes of preparation and of cooking: whole numbers from 0 to 10080, or empty for none.
   * On update absent keeps the value. Errors: `{"prep_minutes": ["..."]}`.
   */
  prep_minutes: text().optional(),
  cook_minutes: text().optional(),
  /**
   * Where the recipe came from: an http(s) address of at most 2000 characters, or empty for
   * none. On update absent keeps it. Errors: `{"source_url": ["..."]}`.
   */
  source_url: text().optional(),
  /**
   * Who or where the recipe comes from when that is not a web address ("Nonna"): at most 200
   * characters, or empty for none. On create none when absent; on update absent keeps it.
   * Errors: `{"source_name": ["..."]}`.
   */
  source_name: text().optional(),
  /**
   * The cook's notes: plain text, line breaks kept, at most 5,000 characters, or empty for
   * none. On create none when absent; on update absent keeps them. Errors: `{"notes": ["..."]}`.
   */
  notes: text().optional(),
  /**
   * A picture's http(s) address (an import's `image_url`), used when no `image` file is sent:
   * the server fetches it (public addresses only, at most 10 MB) and checks and re-encodes it
   * like an upload. Errors: `{"image_url": ["..."]}`.
   */
  image_url: text().optional(),
  /**
   * The language it is written in: one of LANGUAGES ("de", "pt-BR", …). On create the
   * author's language (the one Potluck speaks to them) when absent; on update absent keeps it.
   * Errors: `{"language": ["..."]}`.
   */
  language: text().optional(),
  /**
   * The nutrition its source page published (an import draft's `source_nutrition`) as JSON, or
   * "" / "null" for none. On create none when absent; on update absent keeps it.
   * Errors: `{"source_nutrition": ["Not valid nutrition information."]}`.
   */
  source_nutrition: text().optional(),
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

/**
 * One ingredient line of an imported recipe, its quantity as the page wrote it: for the
 * draft's `servings`. A line no catalogue ingredient matched is kept as written: `as_written`
 * (its quantity likewise; see LineAsWritten), for the form to submit as a row kept as written.
 */
export const draftIngredient = z.object({
  original: z.string(),
  quantity: z.number().nullable(),
  unit: z.object({ id: z.number(), name: z.string() }).nullable(),
  ingredient: z.object({ id: z.number(), name: z.string() }).nullable(),
  as_written: lineAsWritten.nullable(),
  /**
   * What the line says beyond its ingredient, unit and quantity ("diced", "28 ounce"), for
   * the row's note; null when nothing. A line kept as written has its own (`as_written`).
   */
  note: z.string().nullable(),
  /** The line said "(optional)". */
  optional: z.boolean(),
});
export type DraftIngredient = z.infer<typeof draftIngredient>;

/** What import returns to pre-fill the recipe form; nothing is saved until Create Recipe. */
export const recipeDraft = z.object({
  title: z.string(),
  /** Cleaned HTML: steps as an ordered list, sections as H2. */
  content: z.string(),
  /**
   * How many servings the quantities of `recipe_ingredients` are for: the first number of the
   * page's yield, or null when the page does not say.
   */
  servings: z.number().nullable(),
  /** The page's picture (absolute http(s) URL): send it back as `image_url` on create. */
  image_url: z.string().nullable(),
  /** The page's address (send it back as `source_url`), or null for a pasted page without one. */
  source_url: z.string().nullable(),
  /** The page's `keywords` and `recipeCategory`, as tags are stored (at most 20). */
  tags: z.array(z.string()),
  /**
   * The page's `prepTime` and `cookTime` in minutes, or null. A page with only `totalTime`
   * gives it as `cook_minutes` (prep_minutes null), so total_minutes keeps the page's total.
   */
  prep_minutes: z.number().int().nullable(),
  cook_minutes: z.number().int().nullable(),
  /**
   * The page's language (its recipe's inLanguage, else its `<html lang>`) when it is one of
   * LANGUAGES, else null: send it back as `language` (the author's language otherwise).
   */
  language: z.enum(LANGUAGES).nullable(),
  recipe_ingredients: z.array(draftIngredient),
  /** The page's published nutrition per serving: send it back as `source_nutrition` (JSON). */
  source_nutrition: sourceNutrition.nullable(),
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
  /** The tags, comma-separated; absent without tags. */
  keywords: z.string().optional(),
  /** ISO 8601 durations ("PT1H30M"); each absent when the recipe does not say. */
  prepTime: z.string().optional(),
  cookTime: z.string().optional(),
  totalTime: z.string().optional(),
  /** Where the recipe came from; absent without a source. */
  isBasedOn: z.string().optional(),
  /**
   * Per serving, as schema.org writes it ("720 calories", "16 g", "438 mg"), when every row of
   * the recipe was counted (recipeDetail's `nutrition`); absent otherwise: a partial sum would
   * read as the whole.
   */
  nutrition: z
    .object({
      "@type": z.literal("NutritionInformation"),
      calories: z.string(),
      proteinContent: z.string(),
      fatContent: z.string(),
      saturatedFatContent: z.string(),
      carbohydrateContent: z.string(),
      sugarContent: z.string(),
      fiberContent: z.string(),
      sodiumContent: z.string(),
    })
    .optional(),
  /** schema.org's RestrictedDiet of the recipe's `diets` that it has ("https://schema.org/VeganDiet"). */
  suitableForDiet: z.array(z.string()).optional(),
});
export type RecipeJsonLd = z.infer<typeof recipeJsonLd>;

/** `GET /api/recipes/tags/`: the tags of recipes the caller may read, most used first. */
export const tagListQuery = z.object({
  /** Only tags starting with this (compared lower-cased). */
  search: z.preprocess(
    emptyToUndefined,
    text().trim().toLowerCase().max(RECIPE_TAG_MAX_LENGTH).optional(),
  ),
  limit: z.coerce.number().int().min(1).max(TAG_LIST_MAX).default(TAG_LIST_DEFAULT),
});
export type TagListQuery = z.input<typeof tagListQuery>;

/** One tag and how many recipes the caller may read carry it. */
export const tagCount = z.object({ name: z.string(), count: z.number().int() });
export const tagListResponse = z.array(tagCount);
export type TagCount = z.infer<typeof tagCount>;
