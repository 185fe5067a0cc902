import { z } from "zod";
import { text } from "./common.js";

export const unitSchema = z.object({ id: z.number(), name: z.string() });
export type Unit = z.infer<typeof unitSchema>;

export const ingredientOption = z.object({ id: z.number(), name: z.string() });
export type IngredientOption = z.infer<typeof ingredientOption>;

export const ingredientSearchQuery = z.object({
  search: text().trim().min(2, "Enter at least 2 characters.").max(100),
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

/** `POST /api/ingredients/parse/`: at most this many lines, each at most this long. */
export const PARSE_LINES_MAX = 100;
export const PARSE_LINE_MAX_LENGTH = 500;

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
 * catalogue entry (nor one of the cook's own) is close enough: the form asks the cook.
 */
export const parsedIngredientLine = z.object({
  original: z.string(),
  quantity: z.number().nullable(),
  unit: unitSchema.nullable(),
  ingredient: ingredientOption.nullable(),
  note: z.string(),
});
export type ParsedIngredientLine = z.infer<typeof parsedIngredientLine>;

export const parseLinesResponse = z.array(parsedIngredientLine);
