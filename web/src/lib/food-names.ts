import type { Allergen, Diet } from "@potluck/contract";
import { type MessageKey, t } from "./i18n";

// The names of the allergens and diets of issue 38 (the API's codes), in the reader's
// language: on the recipe page's badges and in the filter bar.

const ALLERGEN_KEYS: Record<Allergen, MessageKey> = {
  gluten: "food.allergen.gluten",
  crustaceans: "food.allergen.crustaceans",
  eggs: "food.allergen.eggs",
  fish: "food.allergen.fish",
  peanuts: "food.allergen.peanuts",
  soybeans: "food.allergen.soybeans",
  milk: "food.allergen.milk",
  tree_nuts: "food.allergen.treeNuts",
  celery: "food.allergen.celery",
  mustard: "food.allergen.mustard",
  sesame: "food.allergen.sesame",
  sulphites: "food.allergen.sulphites",
  lupin: "food.allergen.lupin",
  molluscs: "food.allergen.molluscs",
};

const DIET_KEYS: Record<Diet, MessageKey> = {
  vegetarian: "food.diet.vegetarian",
  vegan: "food.diet.vegan",
  pescatarian: "food.diet.pescatarian",
  gluten_free: "food.diet.glutenFree",
  dairy_free: "food.diet.dairyFree",
  nut_free: "food.diet.nutFree",
  egg_free: "food.diet.eggFree",
};

/** The 14 allergens, in the API's (the EU regulation's) order. */
export const ALLERGEN_CODES = Object.keys(ALLERGEN_KEYS) as Allergen[];
/** The diets, in the API's order. */
export const DIET_CODES = Object.keys(DIET_KEYS) as Diet[];

/** "peanuts", lower-case as it reads inside a sentence ("Contains: gluten, peanuts"). */
export const allergenName = (allergen: Allergen): string => t(ALLERGEN_KEYS[allergen]);
/** "Vegetarian", capitalised as a badge and an option read. */
export const dietName = (diet: Diet): string => t(DIET_KEYS[diet]);
