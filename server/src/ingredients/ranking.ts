import { type SQL, sql } from "drizzle-orm";

// Shared by the ingredient search (repository.ts) and the line parser's matching
// (match-lines.ts): both put the ingredients more recipes use first among equals.

/**
 * Past this many recipes an ingredient counts as simply common: counting stops there, so a
 * count costs at most this many index entries even for salt in a large collection.
 */
export const USES_COUNTED_UP_TO = 1000;

/**
 * How many recipes use an ingredient (up to USES_COUNTED_UP_TO), for ranking: a count over
 * recipe_ingredients' index on ingredient_id, run only for the candidates a search found
 * (tens of rows), so no maintained counter is needed. `ingredient` is the SQL of its id.
 */
export const recipeUsesSql = (ingredient: SQL) =>
  sql`(select count(*) from (select from recipe_ingredients ri where ri.ingredient_id = ${ingredient} limit ${sql.raw(String(USES_COUNTED_UP_TO))}) uses)`;
