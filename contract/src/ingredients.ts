import { z } from "zod";
import { text } from "./common.js";
import { INGREDIENT_SEARCH_MIN, PARSE_LINE_MAX_LENGTH, PARSE_LINES_MAX } from "./limits.js";

export const unitSchema = z.object({ id: z.number(), name: z.string() });
export type Unit = z.infer<typeof unitSchema>;

export const ingredientOption = z.object({ id: z.number(), name: z.string() });
export type IngredientOption = z.infer<typeof ingredientOption>;

export const ingredientSearchQuery = z.object({
  search: text()
    .trim()
    .min(INGREDIENT_SEARCH_MIN, `Enter at least ${INGREDIENT_SEARCH_MIN} characters.`)
    .max(100),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  cursor: text().max(200).optional(),
});

export const ingredientSearchResponse = z.object({
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.array(ingredientOption),
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
});
export type ParseLinesBody = z.infer<typeof parseLinesBody>;

/**
 * One parsed line. `quantity` is as written (a range gives the larger number, said in
 * `note`); `unit` is null only without one ("salt and pepper"); `ingredient` is null when no
 * catalogue entry (nor one of the cook's own) is close enough. Such a line is kept as
 * written: `text` is its words after its amount ("2 cups mystery flour" → "mystery flour",
 * with `quantity` and `unit`), or the whole line when no amount with a unit was read (then
 * `quantity` and `unit` are null), at most RECIPE_INGREDIENT_TEXT_MAX characters (a longer
 * one is cut at a word, ending "…"); null when an ingredient matched.
 */
export const parsedIngredientLine = z.object({
  original: z.string(),
  quantity: z.number().nullable(),
  unit: unitSchema.nullable(),
  ingredient: ingredientOption.nullable(),
  note: z.string(),
  text: z.string().nullable(),
});
export type ParsedIngredientLine = z.infer<typeof parsedIngredientLine>;

export const parseLinesResponse = z.array(parsedIngredientLine);
