import { type SQL, sql } from "drizzle-orm";
import type { Viewer } from "../auth/policy.js";
import { type Db, executePrepared } from "../db/client.js";
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
import { type Ranking, rankCorrections, rankSearch } from "./search-ranking.js";

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
 * The recipes with these ids that the viewer may read, in that order, and the current search
 * generation. Rankings are shared by every viewer (the cache key has no viewer), so reading
 * rights are applied here, to each page.
 */
async function recipesInOrder(db: Db, ids: number[], viewer: Viewer, filters: SQL[]) {
  const rows = await executePrepared<RecipeRow & { generation: number }>(
    db,
    "search_page",
    sql`select g.generation, page.*
      from ${searchGeneration} g
      left join lateral (
        select ${recipeColumns}
        from ${recipes} r join ${users} u on u.id = r.author_id
        where ${sql.join(
          [sql`r.id = any(${`{${ids.join(",")}}`}::int[])`, mayReadRecipe(viewer), ...filters],
          sql` and `,
        )}
      ) page on true`,
  );
  const byId = new Map(rows.filter((row) => row.id !== null).map((row) => [row.id, row]));
  return { generation: rows[0]?.generation, rows: ids.flatMap((id) => byId.get(id) ?? []) };
}

/**
 * The first `size` recipes of the ranking from `start` on that the viewer may read, with their
 * scores. The ranking is shared by every viewer, so some of its recipes may be unreadable:
 * read on (in growing steps) until the page is full or the ranking is exhausted, so that a
 * short page means the end and infinite scroll never stops early. `current`: the search
 * generation was the ranking's at every step (when it was not, the caller ranks again, unless
 * `acceptStale`).
 */
async function readablePage(
  db: Db,
  ranking: Ranking,
  start: number,
  size: number,
  viewer: Viewer,
  acceptStale: boolean,
  filters: SQL[] = [],
): Promise<{ rows: RecipeRow[]; current: boolean }> {
  const rows: RecipeRow[] = [];
  let position = start;
  let step = size;
  let current = true;
  do {
    const ids = ranking.ids.slice(position, position + step);
    const page = await recipesInOrder(db, ids, viewer, filters);
    if (page.generation !== ranking.generation) current = false;
    const scores = new Map(ids.map((id, i) => [id, ranking.scores[position + i] ?? 0]));
    for (const row of page.rows) rows.push({ ...row, score: scores.get(row.id) });
    position += ids.length;
    step = Math.min(step * 2, 500);
  } while ((current || acceptStale) && rows.length < size && position < ranking.ids.length);
  return { rows: rows.slice(0, size), current };
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
): Promise<{ rows: RecipeRow[]; cursorOf: (row: RecipeRow) => CursorValues }> {
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
        attempt === 2,
        conditions,
      );
    }
    const noneReadable = !after && page?.rows.length === 0 && ranking.ids.length > 0;
    if (!ranking.corrected && (page === undefined || noneReadable)) {
      entry = rankings.get(correctedKey, () => rankCorrections(db, words, authorId));
      ranking = await entry;
      page = await readablePage(
        db,
        ranking,
        startAfter(ranking, after),
        limit + 1,
        viewer,
        attempt === 2,
        conditions,
      );
    }
    if (!page || (after && after.corrected !== ranking.corrected)) {
      return { rows: [], cursorOf: cursorOf(ranking.corrected) };
    }
    // A ranking computed just now is served even if a write has already moved on.
    if (page.current || attempt === 2) {
      return { rows: page.rows, cursorOf: cursorOf(ranking.corrected) };
    }
    rankings.forget(key, exactEntry);
    rankings.forget(correctedKey, entry);
  }
}
