import { z } from "zod";
import type { NameForms } from "./units.js";

// Catalogue names in the reader's language (issue 37 §3). An answer in English carries an
// ingredient, unit or aisle exactly as before: `{id, name}` with the catalogue's English name.
// In any other language `name` is the reader's name (the singular where it has plural forms:
// "Ei"), with `forms` when the language inflects it for number, and a unit also carries `code`:
// its English catalogue name, which the unit rules (units.ts: conversions, counts, "to taste")
// know it by. A cook's own ingredient keeps its name, without forms, in every language.

/**
 * A name's plural forms by CLDR plural category, exactly those the language counts with
 * (`Intl.PluralRules(language).resolvedOptions().pluralCategories`): {"one": "Ei", "other":
 * "Eier"}; Polish one/few/many/other, Arabic zero/one/two/few/many/other. Pick one with
 * `Intl.PluralRules(language).select(quantity)`; absent: the name does not change.
 */
export const nameForms = z.object({
  zero: z.string().optional(),
  one: z.string().optional(),
  two: z.string().optional(),
  few: z.string().optional(),
  many: z.string().optional(),
  other: z.string(),
}) satisfies z.ZodType<NameForms>;

/** An ingredient as answers carry it: its name in the reader's language (see above). */
export const namedIngredient = z.object({
  id: z.number(),
  name: z.string(),
  forms: nameForms.optional(),
});

/** A unit as answers carry it: its name in the reader's language and, outside English, `code`. */
export const namedUnit = z.object({
  id: z.number(),
  name: z.string(),
  forms: nameForms.optional(),
  /** The unit's English catalogue name ("tbsp"); absent in English, where `name` is it. */
  code: z.string().optional(),
});
