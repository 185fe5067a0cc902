import { type SQL, sql } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import {
  ingredients,
  recipeIngredients,
  recipeSearch,
  recipes,
  searchWords,
} from "../db/schema.js";

// The search index: each recipe's recipe_search row and the words of the typo lexicon,
// written in the same transaction as the recipe (decision 0005; raw SQL: one statement that
// fills both tables).

/**
 * Writes the recipe_search rows of the recipes `which` selects (aliased `r`): their language,
 * title and ingredient names (a row kept as written: its words), lower-cased and unaccented
 * (search_vector is generated from them), and
 * adds their words to the typo lexicon, in one statement. The recipe writes call it for one
 * recipe; the bulk seed scripts for all of theirs.
 */
export async function refreshSearchRows(tx: Tx, which: SQL): Promise<void> {
  await tx.execute(sql`
    with written as (
      insert into ${recipeSearch} (recipe_id, created_on, language, title, ingredients)
      select r.id, r.created_on, r.language, lower(unaccent(r.title)), lower(unaccent(coalesce((
          select string_agg(coalesce(i.name, ri.text), ' ' order by ri.position, ri.id)
          from ${recipeIngredients} ri left join ${ingredients} i on i.id = ri.ingredient_id
          where ri.recipe_id = r.id
        ), '')))
      from ${recipes} r
      where ${which}
      order by r.created_on, r.id
      on conflict (recipe_id) do update
        set language = excluded.language, title = excluded.title,
          ingredients = excluded.ingredients
      returning search_vector
    )
    insert into ${searchWords} (word)
    select distinct word from written, unnest(tsvector_to_array(search_vector)) word
    -- Not the marked stems ("~kartoffel"): a correction is a word a cook could type.
    where word not like '~%'
    on conflict do nothing`);
}

/**
 * Call after every write to a recipe's title or ingredient lines, having locked the search
 * counter last (lockSearchGeneration, db/locks.ts): the write fires its trigger.
 */
export const refreshSearchRow = (tx: Tx, recipeId: number): Promise<void> =>
  refreshSearchRows(tx, sql`r.id = ${recipeId}`);
