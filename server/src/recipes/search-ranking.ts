import { type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.js";
import {
  recipeSearch,
  recipes,
  searchGeneration,
  searchWords as searchWordsTable,
} from "../db/schema.js";
import { otherForms, STEMMERS } from "./word-forms.js";

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
  /** Corrected: what each query word was searched as, best first (for "did you mean"). */
  spellings?: string[][];
}

/**
 * One query word as it is searched: any of `words` (lexicon words, typo corrections or a
 * `prefix:*`) or of `stems` (its stems in the languages with a stemmer, which search_vector
 * holds marked "~" for recipes in those languages).
 */
export interface Term {
  words: string[];
  stems: string[];
}

/**
 * A term as one tsquery: its words read by to_tsquery (letters and digits only: see
 * expandWords), OR its marked stems, cast as they are (to_tsquery would drop the "~").
 */
function termQuery(words: string[], stems: string[]): SQL {
  const wordQuery = sql`to_tsquery('simple', ${words.join(" | ")})`;
  if (stems.length === 0) return wordQuery;
  const stemQuery = stems.map((stem) => `'~${stem}'`).join(" | ");
  return sql`(${wordQuery} || ${stemQuery}::tsquery)`;
}

/**
 * Search over recipe_search.search_vector (the folded title, weighted A, and ingredient
 * names, with a GIN index). Each term is one query word, any of whose forms must match: the
 * words it expands to (see expandWords) or a prefix (`ch:*`), or one of its stems.
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
export function rankingSql(terms: Term[], authorId: number | undefined): SQL {
  const anyWord = termQuery(
    terms.flatMap((term) => term.words),
    terms.flatMap((term) => term.stems),
  );
  // One GIN scan for all of it: each term's words and stems are one tsquery.
  const conditions = terms.map(
    (term) => sql`rs.search_vector @@ ${termQuery(term.words, term.stems)}`,
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
        round(ts_rank(c.search_vector, ${anyWord})::numeric, 6)::float8 as score
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

async function rank(db: Tx, terms: Term[], authorId: number | undefined, corrected: boolean) {
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

/** A lexeme that can go into a to_tsquery term as it is: letters and digits only. */
const isPlainLexeme = (lexeme: string) => /^[\p{L}\p{N}]+$/u.test(lexeme);

/**
 * How alike a lexicon word must be to a query word (trigram similarity, 0–1) to be looked at
 * as its correction at all. Low, because a short word's one typo leaves few trigrams in common
 * ("soop" and "soup" share 2 of 8: 0.25); the edit distance then decides (isCorrection).
 */
const CANDIDATE_SIMILARITY = 0.2;
/** How many of the most alike lexicon words of a query word are looked at. */
const CANDIDATES_PER_WORD = 20;
/** How alike a correction more than a small typo away must be (the rule before issue 34). */
const TYPO_SIMILARITY = 0.4;
/** At most this many corrections per word are searched. */
const CORRECTIONS_PER_WORD = 3;

/**
 * For each query word, the lexicon words most alike it. `%` uses the trigram index with the
 * threshold set to CANDIDATE_SIMILARITY for the statement's transaction (correctTypos).
 */
export function correctTyposSql(words: string[]): SQL {
  return sql`
    select t.typo, c.word, c.similarity
    from unnest(${textArray(words)}) t(typo)
    cross join lateral (
      select word, similarity(word, t.typo) as similarity from ${searchWordsTable}
      where word % t.typo
      order by similarity desc, word
      limit ${CANDIDATES_PER_WORD}
    ) c`;
}

/**
 * Which of these words some recipe uses now, one GIN probe each: the lexicon only grows, so a
 * word of a deleted or edited recipe stays in it and must not be offered as a correction.
 */
export function wordsInUseSql(words: string[]): SQL {
  return sql`select w as word from unnest(${textArray(words)}) w
    where exists (
      select 1 from ${recipeSearch} rs where rs.search_vector @@ plainto_tsquery('simple', w)
    )`;
}

/** Edits (insert, delete, substitute, swap two neighbours) that turn `a` into `b`. */
export function editDistance(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  const d = Array.from({ length: x.length + 1 }, (_, i) =>
    Array.from({ length: y.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= x.length; i++) {
    for (let j = 1; j <= y.length; j++) {
      const row = d[i] as number[];
      const above = d[i - 1] as number[];
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      row[j] = Math.min((above[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (above[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) {
        row[j] = Math.min(row[j] ?? 0, ((d[i - 2] as number[])[j - 2] ?? 0) + 1);
      }
    }
  }
  return (d[x.length] as number[])[y.length] ?? 0;
}

/** A typo of a word up to 5 letters is one edit away, of a longer word two. */
const maxEdits = (word: string) => ([...word].length <= 5 ? 1 : 2);

/**
 * For each word (of MIN_EXPANDED_LENGTH letters or more), its corrections, best first: words
 * recipes use that are a small typo away (or, as before, very alike), the fewest edits first,
 * then the most alike. A word that is itself a used word comes first, with 0 edits.
 */
export async function correctTypos(db: Db, words: string[]): Promise<Map<string, string[]>> {
  const looked = words.filter((word) => word.length >= MIN_EXPANDED_LENGTH);
  const corrections = new Map<string, string[]>();
  if (looked.length === 0) return corrections;
  const rows = await db.transaction(
    async (tx) => {
      // For this transaction only: the pooled connection keeps pg_trgm's default otherwise.
      await tx.execute(
        sql`select set_config('pg_trgm.similarity_threshold', ${String(CANDIDATE_SIMILARITY)}, true)`,
      );
      return (
        await tx.execute<{ typo: string; word: string; similarity: number }>(
          correctTyposSql(looked),
        )
      ).rows;
    },
    { accessMode: "read only" },
  );
  const found = new Map<string, { word: string; edits: number; similarity: number }[]>();
  for (const { typo, word, similarity } of rows) {
    // Lexemes such as "slow-cooked" can't go into a to_tsquery prefix term as they are.
    if (!isPlainLexeme(word)) continue;
    const edits = editDistance(typo, word);
    if (edits > maxEdits(typo) && similarity < TYPO_SIMILARITY) continue;
    found.set(typo, [...(found.get(typo) ?? []), { word, edits, similarity }]);
  }
  // The best few of each word are checked for use (a few probes, not one per candidate); a
  // dead word among them leaves room for the next.
  const best = [...found.values()].flatMap((candidates) =>
    candidates
      .sort((x, y) => x.edits - y.edits || y.similarity - x.similarity)
      .slice(0, CORRECTIONS_PER_WORD * 2)
      .map((candidate) => candidate.word),
  );
  if (best.length === 0) return corrections;
  const inUse = new Set(
    (await db.execute<{ word: string }>(wordsInUseSql([...new Set(best)]))).rows.map(
      (row) => row.word,
    ),
  );
  for (const [typo, candidates] of found) {
    const live = candidates.filter((candidate) => inUse.has(candidate.word));
    if (live.length > 0) {
      corrections.set(
        typo,
        live.slice(0, CORRECTIONS_PER_WORD).map((candidate) => candidate.word),
      );
    }
  }
  return corrections;
}

/** Words shorter than this stay prefixes: the trigram index can't list the words they begin. */
const MIN_EXPANDED_LENGTH = 3;
/** A word that begins more lexicon words than this stays a prefix. */
const MAX_EXPANSIONS = 32;

/**
 * A call of each stemmer of word-forms.ts STEMMERS (the languages search_vector holds stems of): a
 * query word is stemmed by each, since the reader's language need not be the recipe's.
 */
const STEM_CALLS = Object.values(STEMMERS).map((stemmer) =>
  sql.raw(`ts_lexize('${stemmer}_stem', f.form)`),
);

/**
 * Each query word as a term, in one query: its stems in the languages with a stemmer
 * ("tomates" → tomat; a stop word has none), with those of its other forms where the catalogue
 * knows them ("kartoffeln", which German's stemmer keeps, → kartoffel); and the lexicon's words
 * that start with it, when there are a few ("pie" → pie | pies), else it as a prefix ("ch" →
 * ch:*).
 *
 * Lexicon words and the prefix match the same recipes, because every word of every search row is in the lexicon (see refreshSearchRows; compound lexemes such as
 * "slow-cooked" can be left out, their parts are words too). But GIN matches whole words much
 * faster: with `creamy & chicken` it skips through the common word's postings using the rare
 * one's, where a prefix first collects every recipe with any word it begins (on 100k
 * recipes, 0.8 ms instead of 6.6 ms for that index scan). Query words are letters and digits
 * only (searchWords), so they are safe in LIKE and to_tsquery.
 */
export async function expandWords(db: Tx, words: string[]): Promise<Term[]> {
  const expandable = words.filter((word) => word.length >= MIN_EXPANDED_LENGTH);
  const found = new Map<string, string[]>();
  const stems = new Map<string, Set<string>>();
  if (expandable.length > 0) {
    // Each word with each of its forms, itself first: (word, form) pairs to stem.
    const forms = expandable.flatMap((word) =>
      [word, ...otherForms(word)].map((form) => [word, form] as const),
    );
    const result = await db.execute<{ prefix: string; word: string; stem: boolean }>(sql`
      select p.prefix, w.word, false as stem
      from unnest(${textArray(expandable)}) p(prefix)
      cross join lateral (
        select word from ${searchWordsTable} where word like p.prefix || '%'
        limit ${MAX_EXPANSIONS + 1}
      ) w
      union all
      select f.prefix, s.stem, true
      from unnest(${textArray(forms.map(([word]) => word))}, ${textArray(forms.map(([, form]) => form))}) f(prefix, form)
      cross join lateral unnest(${sql.join(STEM_CALLS, sql` || `)}) s(stem)`);
    for (const { prefix, word, stem } of result.rows) {
      if (stem) stems.set(prefix, (stems.get(prefix) ?? new Set()).add(word));
      else found.set(prefix, [...(found.get(prefix) ?? []), word]);
    }
  }
  return words.map((word) => ({
    words: lexiconWords(word, found.get(word) ?? []),
    stems: [...(stems.get(word) ?? [])].filter((stem) => isPlainLexeme(stem)),
  }));
}

/** A word as the lexicon words it begins, or as a prefix when they are none or too many. */
function lexiconWords(word: string, expansions: string[]): string[] {
  if (expansions.length === 0 || expansions.length > MAX_EXPANSIONS) return [`${word}:*`];
  const plain = expansions.filter(isPlainLexeme);
  return plain.length > 0 ? plain : [`${word}:*`];
}

/**
 * What each query word is searched as in the corrected search, best first: its corrections,
 * then the word itself as a prefix. A word that recipes use as it is stays itself when
 * `keepUsedWords` (nothing matched as typed: a correctly spelled word should not bring near
 * misses, "rice" not "price"); otherwise (decision 0023: the exact matches are all unreadable
 * to this reader) it is searched with its near misses too, as if those recipes did not exist.
 */
async function spellingsOf(db: Db, words: string[], keepUsedWords: boolean) {
  const corrections = await correctTypos(db, words);
  return words.map((word) => {
    const found = corrections.get(word) ?? [];
    if (keepUsedWords && found[0] === word) return [word];
    // The word itself last (rankSpellings reads it from there).
    return [...found.filter((form) => form !== word), word];
  });
}

/**
 * The corrected search: each word as its corrections, whole words of the lexicon, or as the
 * words it begins (expandWords): whole words keep GIN from collecting every word a prefix
 * begins (decision 0005).
 */
async function rankSpellings(db: Db, spellings: string[][], authorId: number | undefined) {
  const words = spellings.map((forms) => forms[forms.length - 1] ?? "");
  const expanded = await expandWords(db, words);
  const terms = spellings.map((forms, i) => ({
    words: [...new Set([...forms.slice(0, -1), ...(expanded[i]?.words ?? [])])],
    stems: expanded[i]?.stems ?? [],
  }));
  return { ...(await rank(db, terms, authorId, true)), spellings };
}

/**
 * The ranking of every word replaced by its typo corrections (each word's own lexicon entry
 * among them when it has one), for a reader who may read none of the exact matches: they get
 * what they would have got had those recipes not existed, a "did you mean" search, instead of
 * nothing (which would tell them the words are in recipes they can't see).
 */
export const rankCorrections = async (db: Db, words: string[], authorId: number | undefined) =>
  rankSpellings(db, await spellingsOf(db, words, false), authorId);

/**
 * The search's ranking. Exact words first: the common path, unchanged. When they find
 * nothing, every word is searched as its corrections from the lexicon (issue 34 §9: "tomatoe
 * soup" found nothing when "tomatoe" began another word, "tomatoes", that no soup uses, and
 * "soop" was too short for trigrams alone). The generation is the first one read, so a change
 * made in between makes the ranking out of date, never wrongly current.
 */
export async function rankSearch(db: Db, words: string[], authorId: number | undefined) {
  const exact = await rank(db, await expandWords(db, words), authorId, false);
  if (exact.ids.length > 0) return exact;
  const spellings = await spellingsOf(db, words, true);
  if (spellings.every((forms, i) => forms.length === 1 && forms[0] === words[i])) return exact;
  return { ...(await rankSpellings(db, spellings, authorId)), generation: exact.generation };
}

/**
 * "Did you mean": the query with each word replaced by the first of its spellings that a
 * recipe the reader was shown (the first of their corrected page) uses, as a word or the
 * start of one, so the suggestion finds at least that recipe when run as typed. Undefined
 * when that is the query itself. One primary-key read of that recipe's search row.
 */
export async function suggestSpelling(
  db: Db,
  words: string[],
  spellings: string[][],
  shownRecipeId: number,
): Promise<string | undefined> {
  const result = await db.execute<{ lexemes: string[] }>(sql`
    select tsvector_to_array(search_vector) as lexemes from ${recipeSearch}
    where recipe_id = ${shownRecipeId}`);
  const lexemes = result.rows[0]?.lexemes ?? [];
  const chosen = words.map(
    (word, i) =>
      (spellings[i] ?? []).find((form) => lexemes.some((lexeme) => lexeme.startsWith(form))) ??
      word,
  );
  return chosen.every((word, i) => word === words[i]) ? undefined : chosen.join(" ");
}
