import { type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.js";
import {
  recipeSearch,
  recipes,
  searchGeneration,
  searchWords as searchWordsTable,
} from "../db/schema.js";

// Ranking a search: the full-text, prefix and typo-correcting SQL of decisions 0005 and 0006
// (raw SQL: tuned, with its plans in scripts/explain-recipes.ts). It returns recipe ids and
// scores only; search.ts serves pages of them and ranking-cache.ts keeps them.

/** How many of the newest matches a search ranks (see rankingSql). */
export const SEARCH_CANDIDATES = 2000;

/**
 * The ranked matches of one search: recipe ids best first with their scores, and the
 * search_generation they were computed at. `corrected` when the words found nothing as typed
 * and these are the matches of their typo corrections.
 */
export interface Ranking {
  generation: number;
  corrected: boolean;
  ids: number[];
  scores: number[];
}

/**
 * Search over recipe_search.search_vector (the folded title, weighted A, and ingredient
 * names, with a GIN index). Each term lists to_tsquery operands, one of which must match: the
 * words a query word expands to (see expandWords), or a prefix (`ch:*`).
 *
 * Best matches first by full-text rank: title words weigh ten times ingredient words, so a
 * recipe named after the words beats one that only uses them, and matching more of the words
 * beats matching fewer. Only the newest SEARCH_CANDIDATES matches are ranked: a query that
 * matches a large share of all recipes (the two letters Explore searches from) then costs
 * about as much as a narrow one, because PostgreSQL walks recipe_search_created_idx and stops
 * at the bound instead of ranking tens of thousands of rows; narrower queries are ranked in
 * full. One row: the generation (read in the same snapshot as the matches) and the ids and
 * scores as comma-separated text, aggregated from the sorted CTE in its order (one sort;
 * PostgreSQL keeps the order of a sorted input to a plain aggregate).
 */
export function rankingSql(terms: string[][], authorId: number | undefined): SQL {
  const anyWord = terms.flat().join(" | ");
  const conditions = terms.map(
    (operands) => sql`rs.search_vector @@ to_tsquery('simple', ${operands.join(" | ")})`,
  );
  if (authorId !== undefined) {
    conditions.push(sql`rs.recipe_id in (select id from ${recipes} where author_id = ${authorId})`);
  }
  return sql`with candidates as (
      select rs.recipe_id, rs.search_vector from ${recipeSearch} rs
      where ${sql.join(conditions, sql` and `)}
      order by rs.created_on desc nulls last, rs.recipe_id desc nulls last
      limit ${SEARCH_CANDIDATES}
    ),
    ranked as (
      select c.recipe_id as id,
        round(ts_rank(c.search_vector, to_tsquery('simple', ${anyWord}))::numeric, 6)::float8
          as score
      from candidates c
      order by score desc, id desc
    )
    select (select generation from ${searchGeneration}) as generation,
      coalesce(string_agg(id::text, ','), '') as ids,
      coalesce(string_agg(score::text, ','), '') as scores
    from ranked`;
}

/** "1,2,3" as numbers: 2,000 of them split natively, not parsed as an array literal in JS. */
const numbers = (joined: string): number[] => (joined === "" ? [] : joined.split(",").map(Number));

async function rank(db: Tx, terms: string[][], authorId: number | undefined, corrected: boolean) {
  const result = await db.execute<{ generation: number; ids: string; scores: string }>(
    rankingSql(terms, authorId),
  );
  const row = result.rows[0];
  if (!row) throw new Error("ranking returned no row");
  return {
    generation: row.generation,
    ids: numbers(row.ids),
    scores: numbers(row.scores),
    corrected,
  };
}

/** A text[] of the words, each a parameter (a JS array would become a list, not an array). */
const textArray = (words: string[]): SQL =>
  sql`array[${sql.join(
    words.map((word) => sql`${word}`),
    sql`, `,
  )}]::text[]`;

/** The words that are no word prefix anywhere: candidates for typo matching. */
export function wordsWithoutMatchesSql(words: string[]): SQL {
  return sql`select w as word
    from unnest(${textArray(words)}) w
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
  return sql`
    select t.typo, c.word
    from unnest(${textArray(typos)}) t(typo)
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

/** Words shorter than this stay prefixes: the trigram index can't list the words they begin. */
const MIN_EXPANDED_LENGTH = 3;
/** A word that begins more lexicon words than this stays a prefix. */
const MAX_EXPANSIONS = 32;

/**
 * Each query word as the lexicon's words that start with it, when there are a few ("pie" →
 * pie | pies), else as a prefix ("ch" → ch:*). Both match the same recipes, because every
 * word of every search row is in the lexicon (see refreshSearchRows; compound lexemes such as
 * "slow-cooked" can be left out, their parts are words too). But GIN matches whole words much
 * faster: with `creamy & chicken` it skips through the common word's postings using the rare
 * one's, where a prefix first collects every recipe with any word it begins (on 100k
 * recipes, 0.8 ms instead of 6.6 ms for that index scan). Query words are letters and digits
 * only (searchWords), so they are safe in LIKE and to_tsquery.
 */
export async function expandWords(db: Tx, words: string[]): Promise<string[][]> {
  const expandable = words.filter((word) => word.length >= MIN_EXPANDED_LENGTH);
  const found = new Map<string, string[]>();
  if (expandable.length > 0) {
    const result = await db.execute<{ prefix: string; word: string }>(sql`
      select p.prefix, w.word
      from unnest(${textArray(expandable)}) p(prefix)
      cross join lateral (
        select word from ${searchWordsTable} where word like p.prefix || '%'
        limit ${MAX_EXPANSIONS + 1}
      ) w`);
    for (const { prefix, word } of result.rows) {
      found.set(prefix, [...(found.get(prefix) ?? []), word]);
    }
  }
  return words.map((word) => {
    const expansions = found.get(word) ?? [];
    if (expansions.length === 0 || expansions.length > MAX_EXPANSIONS) return [`${word}:*`];
    const plain = expansions.filter((lexeme) => /^[\p{L}\p{N}]+$/u.test(lexeme));
    return plain.length > 0 ? plain : [`${word}:*`];
  });
}

/**
 * The ranking of every word replaced by its typo corrections (each word's own lexicon entry
 * among them when it has one), for a reader who may read none of the exact matches: they get
 * what they would have got had those recipes not existed, a "did you mean" search, instead of
 * nothing (which would tell them the words are in recipes they can't see).
 */
export async function rankCorrections(db: Db, words: string[], authorId: number | undefined) {
  const corrections = await correctTypos(db, words);
  const terms = words.map((word) =>
    [...new Set([...(corrections.get(word) ?? []), word])].map((w) => `${w}:*`),
  );
  return rank(db, terms, authorId, true);
}

/**
 * The search's ranking. Exact words first; when they find nothing, each word that is no
 * prefix of any word is replaced by its corrections from the lexicon, and the same full-text
 * search runs again (a correctly spelled word should not bring near misses). The generation
 * is the first one read, so a change made in between makes the ranking out of date, never
 * wrongly current.
 */
export async function rankSearch(db: Db, words: string[], authorId: number | undefined) {
  const exact = await rank(db, await expandWords(db, words), authorId, false);
  if (exact.ids.length > 0) return exact;
  const typos = await wordsWithoutMatches(db, words);
  if (typos.length === 0) return exact;
  const corrections = await correctTypos(db, typos);
  if (typos.some((typo) => !corrections.has(typo))) return exact;
  const terms = words.map((word) => (corrections.get(word) ?? [word]).map((w) => `${w}:*`));
  return { ...(await rank(db, terms, authorId, true)), generation: exact.generation };
}
