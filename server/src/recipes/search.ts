import { type SQL, sql } from "drizzle-orm";
import type { Viewer } from "../auth/policy.js";
import { type Db, executePrepared, literalLimit, opaque } from "../db/client.js";
import { recipes, searchGeneration, users } from "../db/schema.js";
import type { CursorValues } from "../http/pagination.js";
import { searchWords } from "../ingredients/search-text.js";
import { mayReadRecipe } from "./policy.js";
import type { SearchRankings } from "./ranking-cache.js";
import {
  filterConditions,
  type RecipeFilters,
  type RecipeRow,
  recipeColumns,
} from "./repository.js";
import { type Ranking, rankCorrections, rankSearch, suggestSpelling } from "./search-ranking.js";

// Serving a search page: the kept ranking of the words (ranking-cache.ts, else computed by
// search-ranking.ts), cut at the cursor, and the page's recipes read fresh by primary key.

/** A search cursor: the last row's score and id, and 1 when it pages the corrected search. */
export type SearchCursor = [score: number, id: number, corrected: number];

function parseCursor(cursor: SearchCursor | undefined) {
  if (!cursor) return undefined;
  const [score, id, corrected] = cursor;
  return { score, id, corrected: corrected === 1 };
}

/** Where the page after the cursor starts in the ranking (its length when nothing is left). */
function startAfter(ranking: Ranking, after: { score: number; id: number } | undefined): number {
  if (!after) return 0;
  const start = ranking.ids.findIndex((id, i) => {
    const score = ranking.scores[i] ?? 0;
    return score < after.score || (score === after.score && id < after.id);
  });
  return start < 0 ? ranking.ids.length : start;
}

/**
 * The query of a search page: the first `size` recipes of `ids` (a ranking from the cursor
 * on) that the viewer may read and that pass the filters, each with its position in `ids`
 * (1-based), and the current search generation, also when none is left. Rankings are shared
 * by every viewer (the cache key has no viewer), so reading rights and filters are applied
 * here, to each page. The ids are walked in their order (unnest with ordinality keeps it)
 * and each probed by primary key until the page is full: however far down `ids` the readable
 * ones are, one query (readablePage sends a window of the ranking, then, only when the page is
 * still short, the rest: two at most).
 */
export function searchPageSql(ids: number[], size: number, viewer: Viewer, filters: SQL[]): SQL {
  return sql`select g.generation, page.*
    from ${searchGeneration} g
    left join lateral (
      select k.position, ${recipeColumns}
      from unnest(${opaque(sql`${`{${ids.join(",")}}`}::int[]`)}) with ordinality k(id, position)
      join ${recipes} r on r.id = k.id
      join ${users} u on u.id = r.author_id
      where ${sql.join([mayReadRecipe(viewer), ...filters], sql` and `)}
      order by k.position
      limit ${literalLimit(size)}
    ) page on true
    order by page.position`;
}

/**
 * How many of the ranking's ids a page query is sent at first, per row wanted: enough for a
 * viewer who may read most recipes, so the rest of a 2,000-id ranking (14 KB of text for
 * PostgreSQL to parse) is sent only when the page is still short.
 */
const IDS_SENT_PER_ROW = 4;

/**
 * The first `size` recipes of the ranking from `start` on that the viewer may read, with their
 * scores. The ranking is shared by every viewer, so some of its recipes may be unreadable:
 * the page reads on down the ranking until it is full or the ranking is exhausted, so that a
 * short page means the end and infinite scroll never stops early. `current`: the search
 * generation is still the ranking's (when it is not, the caller ranks again or, the second
 * time, serves the page anyway).
 */
async function readablePage(
  db: Db,
  ranking: Ranking,
  start: number,
  size: number,
  viewer: Viewer,
  filters: SQL[] = [],
): Promise<{ rows: RecipeRow[]; current: boolean }> {
  const rows: RecipeRow[] = [];
  let current = true;
  // A window of the ranking, then, while the page is short, the rest of it.
  let from = start;
  let windowSize = size * IDS_SENT_PER_ROW;
  do {
    const ids = ranking.ids.slice(from, from + windowSize);
    // Asks for a whole page each time (one statement text, so one plan per connection) and
    // keeps what the page still lacks.
    const found = await executePrepared<RecipeRow & { generation: number; position: number }>(
      db,
      "search_page",
      searchPageSql(ids, size, viewer, filters),
    );
    current &&= found[0]?.generation === ranking.generation;
    for (const { generation: _, position, ...row } of found) {
      if (row.id !== null && rows.length < size) {
        rows.push({ ...row, score: ranking.scores[from + Number(position) - 1] ?? 0 });
      }
    }
    from += windowSize;
    windowSize = ranking.ids.length;
  } while (rows.length < size && from < ranking.ids.length);
  return { rows, current };
}

/**
 * A page of search results, as the list endpoint serves it: from the kept ranking of these
 * words when it is current (one query), else from a new one. A cursor's third value says
 * whether its pages are those of the corrected search; when the ranking has switched since
 * (recipes with the words as typed were added or deleted), that scroll has ended.
 */
export async function searchRecipes(
  db: Db,
  rankings: SearchRankings,
  search: string,
  {
    viewer,
    cursor,
    authorId,
    limit,
    filters,
  }: {
    viewer: Viewer;
    cursor?: SearchCursor;
    authorId?: number;
    limit: number;
    filters?: RecipeFilters;
  },
): Promise<{
  rows: RecipeRow[];
  cursorOf: (row: RecipeRow) => CursorValues;
  /** On a first page of corrected results: the corrected words, to offer "Did you mean". */
  didYouMean?: string;
}> {
  const cursorOf = (corrected: boolean) => (row: RecipeRow) => [
    row.score ?? 0,
    row.id,
    corrected ? 1 : 0,
  ];
  const after = parseCursor(cursor);
  // The list's filters apply to each page like the reading rule: rankings are shared.
  const conditions = filterConditions(filters);
  const words = searchWords(search);
  if (words.length === 0) return { rows: [], cursorOf: cursorOf(false) };
  const key = JSON.stringify([authorId ?? null, words]);
  const correctedKey = `${key}~corrected`;
  for (let attempt = 1; ; attempt++) {
    const exactEntry = rankings.get(key, () => rankSearch(db, words, authorId));
    let entry = exactEntry;
    let ranking = await entry;
    // Exact matches that are all unreadable to this viewer (the ranking is shared) count as no
    // matches: the viewer gets the corrected search, as rankSearch gives everyone when nothing
    // matches at all, and its later pages (cursors of corrected pages) come from it too.
    let page: Awaited<ReturnType<typeof readablePage>> | undefined;
    if (!(after?.corrected && !ranking.corrected)) {
      page = await readablePage(
        db,
        ranking,
        startAfter(ranking, after),
        limit + 1,
        viewer,
        conditions,
      );
    }
    // Unreadable, not filtered out: a word recipes use is not corrected into another because
    // the list's filters leave none of its recipes ("wombat" under 1 minute is not "numbat").
    const noneReadable =
      !after &&
      page?.rows.length === 0 &&
      ranking.ids.length > 0 &&
      (conditions.length === 0 ||
        (await readablePage(db, ranking, 0, 1, viewer)).rows.length === 0);
    if (!ranking.corrected && (page === undefined || noneReadable)) {
      entry = rankings.get(correctedKey, () => rankCorrections(db, words, authorId));
      ranking = await entry;
      page = await readablePage(
        db,
        ranking,
        startAfter(ranking, after),
        limit + 1,
        viewer,
        conditions,
      );
    }
    if (!page || (after && after.corrected !== ranking.corrected)) {
      return { rows: [], cursorOf: cursorOf(ranking.corrected) };
    }
    // A ranking computed just now is served even if a write has already moved on.
    if (page.current || attempt === 2) {
      // Taken from the first recipe this reader is shown, never from one they may not read.
      const shown = page.rows[0];
      const didYouMean =
        ranking.corrected && ranking.spellings && !after && shown
          ? await suggestSpelling(db, words, ranking.spellings, shown.id)
          : undefined;
      return { rows: page.rows, cursorOf: cursorOf(ranking.corrected), didYouMean };
    }
    rankings.forget(key, exactEntry);
    rankings.forget(correctedKey, entry);
  }
}
