import type { Allergen, Diet, TableWarning } from "@potluck/contract";

// What may not suit the people eating a planned recipe (issue 38 §4): pure, from the recipe's
// facts (recipes/facts.ts, kept on its row) and the people's needs.

export interface TablePerson {
  id: number;
  name: string;
  allergens: readonly Allergen[];
  diets: readonly Diet[];
  dislikes: readonly { id: number; name: string }[];
}

export interface RecipeAtTable {
  allergens: readonly Allergen[];
  /** false: a row kept as written or a cook's own ingredient could hide an allergen. */
  allergensComplete: boolean;
  diets: readonly Diet[];
  ingredientIds: readonly number[];
}

/**
 * For each eater, in their order: each of their allergens the recipe holds, each diet it
 * breaks, each disliked ingredient it uses. A recipe Potluck cannot fully check gives one
 * "may contain" to each eater with allergens or diets instead of the diets it would claim
 * broken (it claims none while a row is unknown), beside the allergens it knows it holds.
 */
export function tableWarnings(
  recipe: RecipeAtTable,
  eaters: readonly TablePerson[],
): TableWarning[] {
  const warnings: TableWarning[] = [];
  const uses = new Set(recipe.ingredientIds);
  for (const person of eaters) {
    const about = { person_id: person.id, name: person.name };
    const none = { allergen: null, diet: null, ingredient: null };
    for (const allergen of person.allergens) {
      if (recipe.allergens.includes(allergen)) {
        warnings.push({ ...about, ...none, kind: "allergen", allergen });
      }
    }
    if (!recipe.allergensComplete) {
      if (person.allergens.length > 0 || person.diets.length > 0) {
        warnings.push({ ...about, ...none, kind: "may_contain" });
      }
    } else {
      for (const diet of person.diets) {
        if (!recipe.diets.includes(diet)) warnings.push({ ...about, ...none, kind: "diet", diet });
      }
    }
    for (const ingredient of person.dislikes) {
      if (uses.has(ingredient.id)) {
        warnings.push({ ...about, ...none, kind: "dislike", ingredient });
      }
    }
  }
  return warnings;
}
