import type { RecipeIngredientInput } from "@potluck/contract";
import { eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.js";
import {
  ingredients,
  recipeIngredients,
  recipeSearch,
  recipes,
  searchWords as searchWordsTable,
  units,
  users,
} from "../db/schema.js";
import { badRequest } from "../http/errors.js";
import type { CursorValues } from "../http/pagination.js";
import { searchWords } from "../ingredients/search-text.js";

/** A recipe row as lists and the detail page read it (author name joined in). */
export type RecipeRow = {
  id: number;
  title: string;
  slug: string;
  image_key: string | null;
  author_id: number;
  author_username: string;
  created_on: Date;
  updated_on: Date;
  rating_sum: number;
  rating_count: number;
  /** created_on in microseconds since the epoch: exact, unlike a JS Date (milliseconds). */
  created_key: number;
  /** Search relevance, only on search results. */
  score?: number;
};

const recipeColumns = sql`r.id, r.title, r.slug, r.image_key, r.author_id, u.username as author_username,
  r.created_on, r.updated_on, r.rating_sum, r.rating_count,
  (extract(epoch from r.created_on) * 1000000)::bigint as created_key`;

export interface ListOptions {
  /** Only this author's recipes (`?mine=true`). */
  authorId?: number;
  limit: number;
  cursor?: CursorValues;
}

/**
 * Newest first, keyset-paginated on (created_on, id) so the recipes_created_idx (or, for one
 * author, recipes_author_created_idx) index is read in order and a deep page costs as little
 * as the first one. "nulls last" matches those indexes' order (the columns are never null,
 * but the planner only uses an index whose order is spelled the same).
 */
export function recipeListSql({ authorId, limit, cursor }: ListOptions): SQL {
  const conditions: SQL[] = [];
  if (authorId !== undefined) conditions.push(sql`r.author_id = ${authorId}`);
  if (cursor) {
    const [createdKey, id] = cursor;
    if (!Number.isSafeInteger(createdKey) || !Number.isInteger(id)) {
      throw badRequest("Invalid cursor.");
    }
    conditions.push(
      sql`(r.created_on, r.id) < ('epoch'::timestamptz + ${createdKey}::bigint * interval '1 microsecond', ${id}::int)`,
    );
  }
  const where = conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  return sql`select ${recipeColumns}
    from ${recipes} r join ${users} u on u.id = r.author_id
    ${where}
    order by r.created_on desc nulls last, r.id desc nulls last
    limit ${limit + 1}`;
}

export const listCursor = (row: RecipeRow): CursorValues => [row.created_key, row.id];

/** How many of the newest matches a search ranks (see recipeSearchSql). */
export const SEARCH_CANDIDATES = 2000;

/**
 * Search over recipe_search.search_vector (the folded title, weighted A, and ingredient
 * names, with a GIN index). Each term is a query word, or the corrections of a misspelt one
 * (see correctTypos); every term must match as a word prefix (`creme` finds "Crème brûlée",
 * `we` finds "Weeknight").
 *
 * Best matches first by full-text rank: title words weigh ten times ingredient words, so a
 * recipe named after the words beats one that only uses them, and matching more of the words
 * beats matching fewer. Only the newest SEARCH_CANDIDATES matches are ranked: a query that
 * matches a large share of all recipes (the two letters Explore searches from) then costs
 * about as much as a narrow one, because PostgreSQL walks recipe_search_created_idx and stops
 * at the bound instead of ranking tens of thousands of rows; narrower queries are ranked in
 * full. Keyset on (score, id) within those candidates; authors are joined for the page only.
 */
export function recipeSearchSql(terms: string[][], { authorId, limit, cursor }: ListOptions): SQL {
  const prefixQuery = (words: string[]) => words.map((word) => `${word}:*`).join(" | ");
  const anyWord = prefixQuery(terms.flat());
  const conditions = terms.map(
    (alternatives) => sql`rs.search_vector @@ to_tsquery('simple', ${prefixQuery(alternatives)})`,
  );
  if (authorId !== undefined) {
    conditions.push(sql`rs.recipe_id in (select id from ${recipes} where author_id = ${authorId})`);
  }
  let keyset = sql``;
  if (cursor) {
    const [score, id] = cursor;
    if (typeof score !== "number" || !Number.isInteger(id)) throw badRequest("Invalid cursor.");
    keyset = sql`where (s.score, s.id) < (${score}::numeric, ${id}::int)`;
  }
  return sql`with candidates as (
      select rs.recipe_id, rs.search_vector from ${recipeSearch} rs
      where ${sql.join(conditions, sql` and `)}
      order by rs.created_on desc nulls last, rs.recipe_id desc nulls last
      limit ${SEARCH_CANDIDATES}
    ),
    page as (
      select s.id, s.score from (
        select c.recipe_id as id,
          round(ts_rank(c.search_vector, to_tsquery('simple', ${anyWord}))::numeric, 6) as score
        from candidates c
      ) s
      ${keyset}
      order by s.score desc, s.id desc
      limit ${limit + 1}
    )
    select ${recipeColumns}, p.score
    from page p
      join ${recipes} r on r.id = p.id
      join ${users} u on u.id = r.author_id
    order by p.score desc, p.id desc`;
}

/** The words that are no word prefix anywhere: candidates for typo matching. */
export function wordsWithoutMatchesSql(words: string[]): SQL {
  const list = sql.join(
    words.map((word) => sql`${word}`),
    sql`, `,
  );
  return sql`select w as word
    from unnest(array[${list}]::text[]) w
    where not exists (
      select 1 from ${recipeSearch} rs where rs.search_vector @@ to_tsquery('simple', w || ':*')
    )`;
}

async function wordsWithoutMatches(db: Tx, words: string[]): Promise<string[]> {
  const result = await db.execute<{ word: string }>(wordsWithoutMatchesSql(words));
  return result.rows.map((row) => row.word);
}

/** How alike a misspelling and its correction must be (trigram similarity, 0–1). */
const TYPO_SIMILARITY = 0.4;

/**
 * For each misspelt word, up to 3 words of the search lexicon within a small typo, most alike
 * first ("chiken" → chicken). `%` (similarity above pg_trgm's 0.3 default) uses the trigram
 * index; the stricter threshold then keeps "rice" apart from "price".
 */
export function correctTyposSql(typos: string[]): SQL {
  const list = sql.join(
    typos.map((word) => sql`${word}`),
    sql`, `,
  );
  return sql`
    select t.typo, c.word
    from unnest(array[${list}]::text[]) t(typo)
    cross join lateral (
      select word from ${searchWordsTable}
      where word % t.typo and similarity(word, t.typo) >= ${TYPO_SIMILARITY}
      order by similarity(word, t.typo) desc, word
      limit 3
    ) c`;
}

export async function correctTypos(db: Tx, typos: string[]): Promise<Map<string, string[]>> {
  const result = await db.execute<{ typo: string; word: string }>(correctTyposSql(typos));
  const corrections = new Map<string, string[]>();
  for (const { typo, word } of result.rows) {
    // Lexemes such as "slow-cooked" can't go into a to_tsquery prefix term as they are.
    if (!/^[\p{L}\p{N}]+$/u.test(word)) continue;
    corrections.set(typo, [...(corrections.get(typo) ?? []), word]);
  }
  return corrections;
}

/**
 * The search as the list endpoint runs it. Exact words first; when they find nothing, each
 * word that is no prefix of any word is replaced by its corrections from the lexicon, and the
 * same full-text search runs again (a correctly spelled word should not bring near misses).
 * A cursor's third value says whether its pages are those of the corrected search.
 */
export async function searchRecipes(
  db: Db,
  search: string,
  { cursor, ...options }: ListOptions,
): Promise<{ rows: RecipeRow[]; cursorOf: (row: RecipeRow) => CursorValues }> {
  const words = searchWords(search);
  const cursorOf = (typos: boolean) => (row: RecipeRow) => [row.score ?? 0, row.id, typos ? 1 : 0];
  if (words.length === 0) return { rows: [], cursorOf: cursorOf(false) };
  const typoSearch = async () => {
    const typos = await wordsWithoutMatches(db, words);
    if (typos.length === 0) return [];
    const corrections = await correctTypos(db, typos);
    if (typos.some((typo) => !corrections.has(typo))) return [];
    const terms = words.map((word) => corrections.get(word) ?? [word]);
    return listRecipes(db, recipeSearchSql(terms, { ...options, cursor }));
  };
  const exactTerms = words.map((word) => [word]);
  if (cursor?.[2] === 1) return { rows: await typoSearch(), cursorOf: cursorOf(true) };
  const rows = await listRecipes(db, recipeSearchSql(exactTerms, { ...options, cursor }));
  if (rows.length > 0 || cursor) return { rows, cursorOf: cursorOf(false) };
  return { rows: await typoSearch(), cursorOf: cursorOf(true) };
}

export async function listRecipes(db: Tx, query: SQL): Promise<RecipeRow[]> {
  return (await db.execute<RecipeRow>(query)).rows;
}

export async function findRecipe(
  db: Tx,
  id: number,
): Promise<(RecipeRow & { content: string }) | undefined> {
  const result = await db.execute<
    RecipeRow & { content: string }
  >(sql`select ${recipeColumns}, r.content
    from ${recipes} r join ${users} u on u.id = r.author_id
    where r.id = ${id}`);
  return result.rows[0];
}

/** Who wrote the recipe (for canEditRecipe); undefined when it does not exist. */
export async function recipeAuthor(db: Tx, id: number): Promise<{ authorId: number } | undefined> {
  const [row] = await db
    .select({ authorId: recipes.authorId })
    .from(recipes)
    .where(eq(recipes.id, id));
  return row;
}

export interface IngredientLine {
  id: number;
  quantity: number;
  ingredient: { id: number; name: string };
  unit: { id: number; name: string };
}

/** The recipe's ingredient lines in the author's order. */
export async function ingredientLines(db: Tx, recipeId: number): Promise<IngredientLine[]> {
  const rows = await db
    .select({
      id: recipeIngredients.id,
      quantity: recipeIngredients.quantity,
      ingredientId: ingredients.id,
      ingredientName: ingredients.name,
      unitId: units.id,
      unitName: units.name,
    })
    .from(recipeIngredients)
    .innerJoin(ingredients, eq(ingredients.id, recipeIngredients.ingredientId))
    .innerJoin(units, eq(units.id, recipeIngredients.unitId))
    .where(eq(recipeIngredients.recipeId, recipeId))
    .orderBy(recipeIngredients.position, recipeIngredients.id);
  return rows.map((row) => ({
    id: row.id,
    quantity: row.quantity,
    ingredient: { id: row.ingredientId, name: row.ingredientName },
    unit: { id: row.unitId, name: row.unitName },
  }));
}

/** Messages for rows naming an ingredient or unit that does not exist (empty when all do). */
export async function unknownReferences(db: Tx, rows: RecipeIngredientInput[]): Promise<string[]> {
  if (rows.length === 0) return [];
  const ingredientIds = [...new Set(rows.map((row) => row.ingredient_id))];
  const unitIds = [...new Set(rows.map((row) => row.unit_id))];
  const [knownIngredients, knownUnits] = await Promise.all([
    db
      .select({ id: ingredients.id })
      .from(ingredients)
      .where(inArray(ingredients.id, ingredientIds)),
    db.select({ id: units.id }).from(units).where(inArray(units.id, unitIds)),
  ]);
  const ingredientSet = new Set(knownIngredients.map((row) => row.id));
  const unitSet = new Set(knownUnits.map((row) => row.id));
  const messages: string[] = [];
  rows.forEach((row, index) => {
    if (!ingredientSet.has(row.ingredient_id)) {
      messages.push(`Row ${index + 1}: unknown ingredient id ${row.ingredient_id}.`);
    }
    if (!unitSet.has(row.unit_id)) {
      messages.push(`Row ${index + 1}: unknown unit id ${row.unit_id}.`);
    }
  });
  return messages;
}

export async function insertIngredientLines(
  tx: Tx,
  recipeId: number,
  rows: RecipeIngredientInput[],
): Promise<void> {
  if (rows.length === 0) return;
  await tx.insert(recipeIngredients).values(
    rows.map((row, position) => ({
      recipeId,
      ingredientId: row.ingredient_id,
      unitId: row.unit_id,
      quantity: row.quantity,
      position,
    })),
  );
}

export async function replaceIngredientLines(
  tx: Tx,
  recipeId: number,
  rows: RecipeIngredientInput[],
): Promise<void> {
  await tx.delete(recipeIngredients).where(eq(recipeIngredients.recipeId, recipeId));
  await insertIngredientLines(tx, recipeId, rows);
}

/**
 * Writes the recipe_search rows of the recipes `which` selects (aliased `r`): their title and
 * ingredient names, lower-cased and unaccented (search_vector is generated from them), and
 * adds their words to the typo lexicon, in one statement. The recipe writes call it for one
 * recipe; the bulk seed scripts for all of theirs.
 */
export async function refreshSearchRows(tx: Tx, which: SQL): Promise<void> {
  await tx.execute(sql`
    with written as (
      insert into ${recipeSearch} (recipe_id, created_on, title, ingredients)
      select r.id, r.created_on, lower(unaccent(r.title)), lower(unaccent(coalesce((
          select string_agg(i.name, ' ' order by ri.position, ri.id)
          from ${recipeIngredients} ri join ${ingredients} i on i.id = ri.ingredient_id
          where ri.recipe_id = r.id
        ), '')))
      from ${recipes} r
      where ${which}
      order by r.created_on, r.id
      on conflict (recipe_id) do update
        set title = excluded.title, ingredients = excluded.ingredients
      returning search_vector
    )
    insert into ${searchWordsTable} (word)
    select distinct unnest(tsvector_to_array(search_vector)) from written
    on conflict do nothing`);
}

/** Call after every write to a recipe's title or ingredient lines. */
export const refreshSearchRow = (tx: Tx, recipeId: number): Promise<void> =>
  refreshSearchRows(tx, sql`r.id = ${recipeId}`);

/** The recipe row, locked until the transaction ends (two edits can't both drop its image). */
export async function lockRecipe(
  tx: Tx,
  id: number,
): Promise<{ authorId: number; imageKey: string | null } | undefined> {
  const [row] = await tx
    .select({ authorId: recipes.authorId, imageKey: recipes.imageKey })
    .from(recipes)
    .where(eq(recipes.id, id))
    .for("update");
  return row;
}

export async function deleteRecipe(tx: Tx, id: number): Promise<{ imageKey: string | null }[]> {
  return tx.delete(recipes).where(eq(recipes.id, id)).returning({ imageKey: recipes.imageKey });
}
