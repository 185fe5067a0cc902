import type { RecipeDetail, RecipeNutrition } from "@potluck/contract";

// The pure parts of the recipe page's "Nutrition and allergens" panel (issue 38 §2,
// components/what-it-contains.tsx): the server's amounts for one serving scaled to the guests
// and to 100 g, rounded as the panel shows them, and the rows it could not count by name.

export type Nutrients = RecipeNutrition["per_serving"];
export type Nutrient = keyof Nutrients;

/** Every amount of `perServing` × `factor` (for the guests, for 100 g). */
export function scaled(perServing: Nutrients, factor: number): Nutrients {
  const out = { ...perServing };
  for (const nutrient of Object.keys(out) as Nutrient[]) {
    out[nutrient] = perServing[nutrient] * factor;
  }
  return out;
}

/** What `guests` servings contain: one serving's amounts × the guests. */
export const forGuests = (perServing: Nutrients, guests: number): Nutrients =>
  scaled(perServing, guests);

/**
 * What 100 g of the dish contains: one serving's amounts × 100 / its weight in grams; null when
 * nothing was weighed (the panel then leaves the column out).
 */
export function per100g(perServing: Nutrients, gramsPerServing: number): Nutrients | null {
  if (!(gramsPerServing > 0)) return null;
  return scaled(perServing, 100 / gramsPerServing);
}

/**
 * How many decimals the panel shows an amount with: energy whole; grams with one decimal under
 * 10 g and whole from there; salt, which matters in hundredths, with two under 1 g (as food
 * labels write it).
 */
export function panelDecimals(nutrient: Nutrient, value: number): number {
  if (nutrient === "energy_kcal" || nutrient === "energy_kj") return 0;
  const size = Math.abs(value);
  if (nutrient === "salt_g" && size < 1) return 2;
  return size < 10 ? 1 : 0;
}

/** `value` to `decimals` places, halves away from zero, as written in decimals (1.005 → 1.01). */
function roundTo(value: number, decimals: number): number {
  // Without binary noise first (0.1 × 3 is 0.30000000000000004), then shifted in decimal.
  const clean = Number(value.toPrecision(12));
  const scale = 10 ** decimals;
  return (Math.sign(clean) * Math.round(Math.abs(clean) * scale * (1 + Number.EPSILON))) / scale;
}

/** An amount rounded as the panel shows it. */
export function panelRounded(nutrient: Nutrient, value: number): number {
  const decimals = panelDecimals(nutrient, value);
  const rounded = roundTo(value, decimals);
  // 9.96 g rounds to 10.0, which the panel writes whole: 10.
  const again = panelDecimals(nutrient, rounded);
  const result = again < decimals ? roundTo(rounded, again) : rounded;
  return result === 0 ? 0 : result; // never "-0"
}

/**
 * Items joined as the language joins them, in pieces ("gluten", ", ", "eggs", " and ",
 * "milk"): each item can be drawn as a badge and each joint kept for screen readers.
 */
export function listParts(
  items: readonly string[],
  locale: string,
): { type: "element" | "literal"; value: string }[] {
  return new Intl.ListFormat(locale, { type: "conjunction" }).formatToParts(items);
}

/**
 * A recipe row as the panel names it: a catalogue row by its ingredient's name (in the
 * reader's language), a row kept as written by its words; null for a row that is not there.
 */
export function rowName(
  rows: RecipeDetail["recipe_ingredients"],
  index: number,
): { name: string; asWritten: boolean } | null {
  const row = rows[index];
  if (!row) return null;
  if (row.ingredient) return { name: row.ingredient.name, asWritten: false };
  return row.text ? { name: row.text, asWritten: true } : null;
}
