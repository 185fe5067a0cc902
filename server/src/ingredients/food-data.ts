import type { Allergen, NutritionPer100g } from "@potluck/contract";
import { measureOf } from "@potluck/contract/units";
import allergensFile from "./data/food/allergens.json" with { type: "json" };
import foodsFile from "./data/food/foods.json" with { type: "json" };

// What Potluck knows about the catalogue's foods (issue 38 §1), by English catalogue name:
// nutrition and household weights from USDA SR26 (data/food/foods.json, derived by
// scripts/derive-food-data.ts from the reviewable data/food/sr26-mapping.tsv) and allergens
// and diet flags (data/food/allergens.tsv, as allergens.json). Static data, in the bundle.

export interface Food {
  ndb: string;
  nutrition_per_100g: Omit<NutritionPer100g, "salt_g">;
  /** Grams of ONE of each unit, by Potluck's (English) unit name. */
  grams_per_unit: Record<string, number>;
  /** Grams in a millilitre, from a cup (else a tbsp or tsp) of it; null when SR gives none. */
  grams_per_ml: number | null;
  /** Poured rather than spooned (milk, oil, stock): a cup of it is not shown as grams. */
  liquid: boolean;
}

interface FoodFacts {
  allergens: Allergen[];
  meat: boolean;
  fish: boolean;
  animal: boolean;
}

const foods = new Map(
  Object.entries(foodsFile.foods as Record<string, Food>).map(([name, food]) => [
    name.toLowerCase(),
    food,
  ]),
);
const facts = new Map(
  Object.entries(allergensFile as Record<string, FoodFacts>).map(([name, entry]) => [
    name.toLowerCase(),
    entry,
  ]),
);

/** The SR26 food of a catalogue ingredient, by its English name; undefined without one. */
export function foodOf(englishName: string): Food | undefined {
  return foods.get(englishName.toLowerCase());
}

/** A catalogue ingredient's allergens and diet flags; undefined for a cook's own ingredient. */
export function factsOf(englishName: string): FoodFacts | undefined {
  return facts.get(englishName.toLowerCase());
}

/** Nutrition per 100 g with salt as labels declare it: sodium × 2.5, in grams. */
export function withSalt(nutrition: Food["nutrition_per_100g"]): NutritionPer100g {
  const { sodium_mg } = nutrition;
  const salt = sodium_mg === null ? null : Math.round(sodium_mg * 2.5) / 1000;
  return { ...nutrition, salt_g: salt };
}

/** Where the data of an SR26 food comes from, as the API cites it. */
export const sourceOf = (food: Food): string => `USDA SR26 #${food.ndb}`;

/**
 * The grams in ONE of `unitName` of this food: as SR26 weighs that unit of it (a cup of
 * butter, a piece of egg, a clove of garlic), else by mass, else a volume by its density
 * (grams per ml). Undefined when the food has no weight for the unit ("head" of garlic).
 */
export function gramsInOne(food: Food, unitName: string): number | undefined {
  const unit = unitName.trim().toLowerCase();
  const perUnit = food.grams_per_unit[unit];
  if (perUnit !== undefined) return perUnit;
  const measure = measureOf(unit);
  if (measure?.dimension === "mass") return measure.base;
  if (measure?.dimension === "volume" && food.grams_per_ml !== null) {
    return measure.base * food.grams_per_ml;
  }
  return undefined;
}

/**
 * The grams in one of a volume unit of a food that is spooned, not poured (a cup of flour:
 * 125), for a page to show beside the volume; undefined for a liquid, a mass, a count or a
 * volume its data does not weigh.
 */
export function spoonedWeight(food: Food, unitName: string): number | undefined {
  if (food.liquid || measureOf(unitName.trim().toLowerCase())?.dimension !== "volume") {
    return undefined;
  }
  return gramsInOne(food, unitName);
}
