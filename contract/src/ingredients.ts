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
