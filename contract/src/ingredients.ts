import { z } from "zod";
import { text } from "./common.js";
import { LANGUAGES } from "./languages.js";
import { INGREDIENT_SEARCH_MIN, PARSE_LINE_MAX_LENGTH, PARSE_LINES_MAX } from "./limits.js";
import { namedIngredient, namedUnit } from "./names.js";

/** A unit, named in the reader's language (names.ts: `forms` and `code` outside English). */
export const unitSchema = namedUnit;
export type Unit = z.infer<typeof unitSchema>;

/** An ingredient, named in the reader's language (names.ts: `forms` outside English). */
export const ingredientOption = namedIngredient;
export type IngredientOption = z.infer<typeof ingredientOption>;

export const ingredientSearchQuery = z.object({
  search: text()
    .trim()
    .min(INGREDIENT_SEARCH_MIN, `Enter at least ${INGREDIENT_SEARCH_MIN} characters.`)
    .max(100),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  cursor: text().max(200).optional(),
});

/**
 * An ingredient as the search and the create answer it: `counted` when it is usually counted
 * ("3 eggs", "2 lemons"; the catalogue says which), so a recipe form starts its unit at a
 * count; false for the rest and for those cooks add.
 */
export const ingredientChoice = ingredientOption.extend({ counted: z.boolean() });
export type IngredientChoice = z.infer<typeof ingredientChoice>;

export const ingredientSearchResponse = z.object({
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.array(ingredientChoice),
});

export const createIngredientBody = z.object({
  name: text().trim().min(1, "This field may not be blank.").max(100),
});
export type CreateIngredientBody = z.input<typeof createIngredientBody>;

/** `POST /api/ingredients/parse/`: at most PARSE_LINES_MAX lines of PARSE_LINE_MAX_LENGTH. */
export const parseLinesBody = z.object({
  lines: z
    .array(
      text().max(
        PARSE_LINE_MAX_LENGTH,
        `Ensure each line has no more than ${PARSE_LINE_MAX_LENGTH} characters.`,
      ),
    )
    .max(PARSE_LINES_MAX, `Ensure this field has no more than ${PARSE_LINES_MAX} elements.`),
  /**
   * The language the lines are written in (issue 37 §3): numbers, unit words, "to taste" and
   * ingredient names are read in it. Without it, the caller's language.
   */
  language: z
    .enum(LANGUAGES, {
      error: (issue) =>
        issue.input === null
          ? "This field may not be null."
          : `"${String(issue.input)}" is not a valid choice.`,
    })
    .optional(),
});
export type ParseLinesBody = z.infer<typeof parseLinesBody>;

/**
 * How a line no catalogue ingredient matched is kept as written, as a recipe's row: its words
 * after its amount ("2 cups mystery flour" → 2 cup "mystery flour"; "a handful of fresh
 * herbs" → 1 handful "fresh herbs"), or the whole line without an amount when its amount is
 * not at its start or says more than a quantity and unit ("zest of 1 lemon", "1 (400 g) can
 * zorblax"), so that no word is lost; at most RECIPE_INGREDIENT_TEXT_MAX characters (a longer
 * line is cut at a word, ending "…"). `quantity` as written, like the line's.
 */
export const lineAsWritten = z.object({
  text: z.string(),
  quantity: z.number().nullable(),
  unit: unitSchema.nullable(),
  /**
   * What was cut off the words as preparation, for the row's note ("2 cups mystery flour,
   * sifted" → "mystery flour" and "sifted"); null when the words keep it all.
   */
  note: z.string().nullable(),
});
export type LineAsWritten = z.infer<typeof lineAsWritten>;

/**
 * One parsed line. `quantity` is as written (a range gives the larger number, said in
 * `note`); `unit` is null only without one ("salt and pepper"); `ingredient` is null when no
 * catalogue entry (nor one of the cook's own) is close enough. `as_written` says how the line
 * is kept as written: when no ingredient matched, and when the one that did leaves out words
 * that say what to buy ("2 lb beef stew meat": Beef, kept as 2 lb "beef stew meat"), the
 * ingredient then only a suggestion; null when the ingredient names the whole line.
 */
export const parsedIngredientLine = z.object({
  original: z.string(),
  quantity: z.number().nullable(),
  unit: unitSchema.nullable(),
  ingredient: ingredientOption.nullable(),
  note: z.string(),
  /** The line said "(optional)" (not in `note`): its row is optional. */
  optional: z.boolean(),
  as_written: lineAsWritten.nullable(),
});
export type ParsedIngredientLine = z.infer<typeof parsedIngredientLine>;

export const parseLinesResponse = z.array(parsedIngredientLine);

/** The 14 allergens EU law requires to be declared (Regulation 1169/2011, Annex II). */
export const ALLERGENS = [
  "gluten",
  "crustaceans",
  "eggs",
  "fish",
  "peanuts",
  "soybeans",
  "milk",
  "tree_nuts",
  "celery",
  "mustard",
  "sesame",
  "sulphites",
  "lupin",
  "molluscs",
] as const;
export type Allergen = (typeof ALLERGENS)[number];

/**
 * What 100 g of an ingredient contains (USDA SR26): null for a nutrient the data leaves out.
 * Salt is sodium × 2.5, as food labels declare it.
 */
export const nutritionPer100g = z.object({
  energy_kcal: z.number().nullable(),
  energy_kj: z.number().nullable(),
  protein_g: z.number().nullable(),
  fat_g: z.number().nullable(),
  saturated_fat_g: z.number().nullable(),
  carbohydrate_g: z.number().nullable(),
  sugars_g: z.number().nullable(),
  fibre_g: z.number().nullable(),
  sodium_mg: z.number().nullable(),
  salt_g: z.number().nullable(),
});
export type NutritionPer100g = z.infer<typeof nutritionPer100g>;

/**
 * `GET /api/ingredients/ingredients/{id}/` (issue 38 §1): an ingredient, named in the reader's
 * language, with what is known about the food: its nutrition per 100 g, the grams of one of
 * each unit it can be measured in beyond mass (a cup of flour, one egg), its allergens among
 * ALLERGENS, and where the data comes from ("USDA SR26 #20081"). An ingredient with no data (a
 * cook's own, or one the food data has no fitting food for) answers null, [] and null.
 */
export const ingredientDetail = namedIngredient.extend({
  nutrition_per_100g: nutritionPer100g.nullable(),
  grams_per_unit: z.array(z.object({ unit: namedUnit, grams: z.number() })),
  allergens: z.array(z.enum(ALLERGENS)),
  source: z.string().nullable(),
});
export type IngredientDetail = z.infer<typeof ingredientDetail>;

/** The diets a recipe can keep to (issue 38 §2). */
export const DIETS = [
  "vegetarian",
  "vegan",
  "pescatarian",
  "gluten_free",
  "dairy_free",
  "nut_free",
  "egg_free",
] as const;
export type Diet = (typeof DIETS)[number];

/**
 * What one serving of a recipe contains, from its rows: each row's weight × its food's
 * nutrients, rounded as EU food labels round. `counted` rows went into it; `not_counted` says
 * which did not and why (by index in `recipe_ingredients`). Optional rows are left out.
 */
export const recipeNutrition = z.object({
  per_serving: z.object({
    energy_kcal: z.number(),
    energy_kj: z.number(),
    protein_g: z.number(),
    fat_g: z.number(),
    saturated_fat_g: z.number(),
    carbohydrate_g: z.number(),
    sugars_g: z.number(),
    fibre_g: z.number(),
    salt_g: z.number(),
  }),
  /**
   * The weight of one serving's counted rows, in grams (whole): the panel's "per 100 g" is
   * per_serving × 100 / this. 0 when nothing was weighed.
   */
  grams_per_serving: z.number(),
  counted: z.number().int(),
  not_counted: z.array(
    z.object({
      row: z.number().int(),
      why: z.enum(["no data", "no weight for this unit", "written as free text"]),
    }),
  ),
});
export type RecipeNutrition = z.infer<typeof recipeNutrition>;

const sourceAmount = z.number().min(0).max(100_000).nullable();
/**
 * The nutrition a recipe's source page published for one serving (schema.org
 * NutritionInformation), as the source's: shown beside Potluck's, never mixed into it. Salt
 * from the page's sodium × 2.5 when it gives no salt. Null where the page says nothing.
 */
export const sourceNutrition = z.object({
  energy_kcal: sourceAmount,
  protein_g: sourceAmount,
  fat_g: sourceAmount,
  saturated_fat_g: sourceAmount,
  carbohydrate_g: sourceAmount,
  sugars_g: sourceAmount,
  fibre_g: sourceAmount,
  salt_g: sourceAmount,
  /** What the source calls a serving ("1 slice"), up to 100 characters, or null. */
  serving_size: z.string().max(100).nullable(),
});
export type SourceNutrition = z.infer<typeof sourceNutrition>;
