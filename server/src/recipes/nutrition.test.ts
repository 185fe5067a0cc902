import { describe, expect, it } from "vitest";
import { labelRounded, type NutritionRow, recipeAllergens, recipeNutrition } from "./nutrition.js";

const row = (
  ingredient: string | null,
  quantity: number | null,
  unit: string | null,
  optional = false,
): NutritionRow => ({ ingredient, quantity, unit, optional });

// Per serving. The sums below are worked by hand from SR26's values per 100 g (foods.json):
//   Butter 50 g:                  358.5 kcal, 1500 kJ, fat 40.555, sat 25.684, sodium 321.5 mg
//   Egg, 1 (piece = 50 g):         71.5 kcal,  299 kJ, protein 6.28, fat 4.755, sodium 71 mg
//   Flour, ½ cup (cup = 125 g):   227.5 kcal, 951.875 kJ, carbohydrate 47.69375, fibre 1.6875
//   Whole milk 100 ml (1.031 g/ml): 62.891 kcal, 262.905 kJ, sugars 5.20655, sodium 44.33 mg
//   Salt to taste: nothing counted into it, but counted as a row.
const pancakes: NutritionRow[] = [
  row("Butter", 50, "g"),
  row("Egg", 1, "piece"),
  row("All-purpose flour", 0.5, "cup"),
  row("Whole milk", 100, "ml"),
  row("Salt", null, "to taste"),
  row(null, 0.5, "cup"), // "fresh herbs", kept as written
  row("Garlic", 1, "head"), // SR26 weighs a clove of garlic, not a head
  row("Honey", 1, "tbsp", true), // optional: left out, as from the shopping list
  row("Zorblax fruit", 2, "piece"), // a cook's own ingredient
];

describe("a recipe's nutrition per serving", () => {
  it("sums each row's grams × its food's nutrients, rounded as labels round", () => {
    expect(recipeNutrition(pancakes)).toEqual({
      per_serving: {
        energy_kcal: 720, // 720.391
        energy_kj: 3014, // 3013.78
        protein_g: 16, // 16.409
        fat_g: 49, // 49.273
        saturated_fat_g: 29, // 29.267
        carbohydrate_g: 53, // 53.033
        sugars_g: 5.6, // 5.590
        fibre_g: 1.7, // 1.6875
        salt_g: 1.1, // (321.5 + 71 + 1.25 + 44.33) mg sodium × 2.5 = 1.095 g
      },
      grams_per_serving: 266, // 50 + 50 + 62.5 + 103.1 + 0
      counted: 5,
      not_counted: [
        { row: 5, why: "written as free text" },
        { row: 6, why: "no weight for this unit" },
        { row: 8, why: "no data" },
      ],
    });
  });

  it("is nothing for a recipe with no rows", () => {
    const { per_serving, counted, not_counted } = recipeNutrition([]);
    expect(Object.values(per_serving).every((value) => value === 0)).toBe(true);
    expect([counted, not_counted]).toEqual([0, []]);
  });

  it("rounds as EU labels do", () => {
    expect(labelRounded("energy_kcal", 99.5)).toBe(100);
    expect(labelRounded("fat_g", 12.6)).toBe(13);
    expect(labelRounded("fat_g", 9.96)).toBe(10);
    expect(labelRounded("sugars_g", 0.04)).toBe(0);
    expect(labelRounded("protein_g", 3.25)).toBe(3.3);
    expect(labelRounded("salt_g", 0.456)).toBe(0.46);
    expect(labelRounded("salt_g", 1.26)).toBe(1.3);
  });
});

describe("a recipe's allergens and diets", () => {
  it("lists every row's allergens, and claims no diet while a row is unknown", () => {
    expect(recipeAllergens(pancakes)).toEqual({
      allergens: ["gluten", "eggs", "milk"],
      allergens_complete: false,
      diets: [],
    });
  });

  it("claims the diets a recipe of known rows keeps to", () => {
    const tofu = [row("Tofu", 100, "g"), row("Garlic", 1, "clove"), row("Salt", null, "to taste")];
    expect(recipeAllergens(tofu)).toEqual({
      allergens: ["soybeans"],
      allergens_complete: true,
      diets: [
        "vegetarian",
        "vegan",
        "pescatarian",
        "gluten_free",
        "dairy_free",
        "nut_free",
        "egg_free",
      ],
    });
    const chicken = [row("Chicken breast", 150, "g"), row("All-purpose flour", 1, "tbsp")];
    expect(recipeAllergens(chicken).diets).toEqual(["dairy_free", "nut_free", "egg_free"]);
    // An optional ingredient's allergens count: a cook may well add it.
    const withPeanuts = [...tofu, row("Peanut", 20, "g", true)];
    expect(recipeAllergens(withPeanuts)).toMatchObject({
      allergens: ["peanuts", "soybeans"],
      diets: expect.not.arrayContaining(["nut_free"]),
    });
  });
});
