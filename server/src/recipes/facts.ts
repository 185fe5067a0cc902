import { createHash } from "node:crypto";
import type { Allergen, Diet, RecipeNutrition } from "@potluck/contract";
import { type SQL, sql } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import allergensFile from "../ingredients/data/food/allergens.json" with { type: "json" };
import foodsFile from "../ingredients/data/food/foods.json" with { type: "json" };
import { type NutritionRow, recipeAllergens, recipeNutrition } from "./nutrition.js";

// What a recipe contains, kept on its row (recipes.nutrition, allergens, allergens_complete,
// diets, kcal_per_serving) so that lists show it and filter by it without reading every
// recipe's rows. Written in the transaction of every write of a recipe's rows, and by the
// recipe-facts job for recipes computed from other food data (or none: bulk seeds).

/** What a recipe contains, as the detail and the list items give it. */
export interface RecipeFacts {
  nutrition: RecipeNutrition;
  allergens: Allergen[];
  allergens_complete: boolean;
  diets: Diet[];
}

/** Its nutrition, allergens and diets, from its rows (in the recipe's order). */
export function recipeFacts(rows: NutritionRow[]): RecipeFacts {
  return { nutrition: recipeNutrition(rows), ...recipeAllergens(rows) };
}

/** One more whenever recipeFacts' rules or shape change: stored facts are then recomputed. */
const FACTS_RULES = 2;

/**
 * The fingerprint of the food data the facts are computed from, with the rules': facts
 * computed from other data (an older release of the derived tables) or rules are recomputed.
 * Derived from the files, so that a new release of the data cannot be forgotten.
 */
export const FACTS_VERSION = createHash("sha256")
  .update(String(FACTS_RULES))
  // What the facts are computed from, and nothing else (a food's `liquid` is not).
  .update(
    JSON.stringify(
      Object.entries(foodsFile.foods).map(([name, food]) => [
        name,
        food.nutrition_per_100g,
        food.grams_per_unit,
        food.grams_per_ml,
      ]),
    ),
  )
  .update(JSON.stringify(allergensFile))
  .digest("hex")
  .slice(0, 16);

/**
 * Computes and stores the facts of the recipes `which` selects (a condition on `r`), from
 * their rows: the catalogue's English names (what the food data is keyed by), units and
 * quantities per serving. Two statements, whatever the number of recipes.
 */
export async function refreshRecipeFacts(tx: Tx, which: SQL): Promise<void> {
  const result = await tx.execute<{ id: number; rows: NutritionRow[] }>(sql`
    select r.id, coalesce((
      select json_agg(json_build_object('ingredient', i.name, 'unit', u.name,
        'quantity', ri.quantity, 'optional', ri.optional) order by ri.position, ri.id)
      from recipe_ingredients ri
      left join ingredients i on i.id = ri.ingredient_id
      left join units u on u.id = ri.unit_id
      where ri.recipe_id = r.id), '[]') as rows
    from recipes r where ${which}`);
  if (result.rows.length === 0) return;
  const computed = result.rows.map((recipe) => ({ id: recipe.id, ...recipeFacts(recipe.rows) }));
  const kcal = computed.map((facts) => countedKcal(facts.nutrition));
  await tx.execute(sql`
    update recipes r set nutrition = v.nutrition, allergens = v.allergens,
      allergens_complete = v.allergens_complete, diets = v.diets,
      kcal_per_serving = v.kcal, facts_version = ${FACTS_VERSION}
    from (
      select (f->>'id')::int as id, f->'nutrition' as nutrition,
        array(select jsonb_array_elements_text(f->'allergens')) as allergens,
        (f->>'allergens_complete')::boolean as allergens_complete,
        array(select jsonb_array_elements_text(f->'diets')) as diets,
        (f->>'kcal')::real as kcal
      from jsonb_array_elements(${JSON.stringify(
        computed.map((facts, index) => ({ ...facts, kcal: kcal[index] })),
      )}::jsonb) f
    ) v
    where r.id = v.id`);
}

/**
 * Its kcal per serving when every row was counted (and there is one): a partial sum would pass
 * a limit that the recipe breaks. Null otherwise.
 */
export function countedKcal(nutrition: RecipeNutrition): number | null {
  return nutrition.counted > 0 && nutrition.not_counted.length === 0
    ? nutrition.per_serving.energy_kcal
    : null;
}

/** A recipe's facts, after a write of its rows. */
export const refreshFactsOf = (tx: Tx, recipeId: number): Promise<void> =>
  refreshRecipeFacts(tx, sql`r.id = ${recipeId}`);
