import {
  ALLERGENS,
  type Allergen,
  type Diet,
  type RecipeNutrition,
  recipeNutrition as recipeNutritionSchema,
} from "@potluck/contract";
import { type Food, factsOf, foodOf, gramsInOne } from "../ingredients/food-data.js";

// What a recipe contains (issue 38 §2), from its rows and the food data (ingredients/
// food-data.ts): nutrition per serving, allergens and the diets it suits. Pure: the detail
// presenter calls it with the recipe's rows.

/** A recipe row as this reads it: the catalogue's English names, the quantity per serving. */
export interface NutritionRow {
  /** The ingredient's English (catalogue) name; null for a row kept as written. */
  ingredient: string | null;
  unit: string | null;
  quantity: number | null;
  optional: boolean;
}

// A pinch and a dash as the US measures them: 1/16 and 1/8 teaspoon, in ml.
const TSP_ML = 4.92892159375;
const SMALL_VOLUMES: Record<string, number> = { pinch: TSP_ML / 16, dash: TSP_ML / 8 };

type Weighed = { grams: number; food: Food } | { why: "no data" | "no weight for this unit" };

/** The grams of a catalogue row's quantity, or why they can't be known. */
function gramsOf(row: NutritionRow & { ingredient: string }): Weighed {
  const food = foodOf(row.ingredient);
  if (!food) return { why: "no data" };
  const unit = (row.unit ?? "").trim().toLowerCase();
  // "Salt to taste": as much as the cook likes, which a label can't count: nothing.
  if (unit === "to taste" || row.quantity === null) return { grams: 0, food };
  const inOne = gramsInOne(food, unit);
  if (inOne !== undefined) return { grams: row.quantity * inOne, food };
  // A pinch or a dash counts by its volume too (the shopping list leaves those as they are).
  const ml = SMALL_VOLUMES[unit];
  if (ml !== undefined && food.grams_per_ml !== null) {
    return { grams: row.quantity * ml * food.grams_per_ml, food };
  }
  return { why: "no weight for this unit" };
}

type Nutrients = RecipeNutrition["per_serving"];
/** The nutrients a serving declares, as the contract lists them. */
const NUTRIENTS = recipeNutritionSchema.shape.per_serving.keyof().options;

/**
 * Rounded as EU food labels round (Commission guidance, 2012): energy to the whole kJ and kcal;
 * protein, fat, carbohydrate, sugars and fibre to the gram from 10 g, else to 0.1 g; saturated
 * fat likewise; salt to 0.1 g from 1 g, else to 0.01 g.
 */
export function labelRounded(nutrient: keyof Nutrients, value: number): number {
  const to = (step: number) => Math.round(value / step) * step;
  const fixed = (n: number) => Number(n.toFixed(2));
  if (nutrient === "energy_kcal" || nutrient === "energy_kj") return Math.round(value);
  if (nutrient === "salt_g") return fixed(value >= 1 ? to(0.1) : to(0.01));
  return fixed(value >= 10 ? Math.round(value) : to(0.1));
}

/**
 * Nutrition per serving: each row's grams × its food's nutrients per 100 g, summed; optional
 * rows left out (as from the shopping list). A row with no food data, no weight for its unit or
 * kept as written is not counted, and says why (by its index in the recipe's rows).
 */
export function recipeNutrition(rows: NutritionRow[]): RecipeNutrition {
  const totals: Record<keyof Nutrients, number> = Object.fromEntries(
    NUTRIENTS.map((nutrient) => [nutrient, 0]),
  ) as Record<keyof Nutrients, number>;
  const notCounted: RecipeNutrition["not_counted"] = [];
  let counted = 0;
  let grams = 0;
  rows.forEach((row, index) => {
    if (row.optional) return;
    if (row.ingredient === null) {
      notCounted.push({ row: index, why: "written as free text" });
      return;
    }
    const weighed = gramsOf({ ...row, ingredient: row.ingredient });
    if ("why" in weighed) {
      notCounted.push({ row: index, why: weighed.why });
      return;
    }
    counted++;
    grams += weighed.grams;
    const per100 = weighed.food.nutrition_per_100g;
    const share = weighed.grams / 100;
    for (const nutrient of NUTRIENTS) {
      // Salt, as labels declare it: sodium × 2.5.
      const value =
        nutrient === "salt_g" ? ((per100.sodium_mg ?? 0) * 2.5) / 1000 : (per100[nutrient] ?? 0);
      totals[nutrient] += value * share;
    }
  });
  const perServing = Object.fromEntries(
    NUTRIENTS.map((nutrient) => [nutrient, labelRounded(nutrient, totals[nutrient])]),
  ) as Nutrients;
  return {
    per_serving: perServing,
    grams_per_serving: Math.round(grams),
    counted,
    not_counted: notCounted,
  };
}

/** Which diets a set of allergens and flags keeps to (each a rule over the ingredients). */
const DIET_RULES: Record<Diet, (allergens: Set<Allergen>, flags: Flags) => boolean> = {
  vegetarian: (_, flags) => !flags.meat && !flags.fish,
  vegan: (_, flags) => !flags.animal,
  pescatarian: (_, flags) => !flags.meat,
  gluten_free: (allergens) => !allergens.has("gluten"),
  dairy_free: (allergens) => !allergens.has("milk"),
  nut_free: (allergens) => !allergens.has("tree_nuts") && !allergens.has("peanuts"),
  egg_free: (allergens) => !allergens.has("eggs"),
};

interface Flags {
  meat: boolean;
  fish: boolean;
  animal: boolean;
}

/**
 * The recipe's allergens (of every row, optional ones too: a cook may add them), whether that
 * list is complete (false when a row kept as written or a cook's own ingredient could hide
 * one, or it has no rows), and the diets it keeps to: none is claimed when a row is unknown.
 */
export function recipeAllergens(rows: NutritionRow[]): {
  allergens: Allergen[];
  allergens_complete: boolean;
  diets: Diet[];
} {
  const allergens = new Set<Allergen>();
  const flags: Flags = { meat: false, fish: false, animal: false };
  // A recipe without rows says nothing of what it holds: no diet is claimed for it.
  let complete = rows.length > 0;
  for (const row of rows) {
    const facts = row.ingredient === null ? undefined : factsOf(row.ingredient);
    if (!facts) {
      complete = false;
      continue;
    }
    for (const allergen of facts.allergens) allergens.add(allergen);
    flags.meat ||= facts.meat;
    flags.fish ||= facts.fish;
    flags.animal ||= facts.animal;
  }
  const diets = complete
    ? (Object.keys(DIET_RULES) as Diet[]).filter((diet) => DIET_RULES[diet](allergens, flags))
    : [];
  return {
    allergens: ALLERGENS.filter((allergen) => allergens.has(allergen)),
    allergens_complete: complete,
    diets,
  };
}
