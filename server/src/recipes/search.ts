import { sql } from "drizzle-orm";
import { type Db, executePrepared } from "../db/client.js";
import { recipes, searchGeneration, users } from "../db/schema.js";
import type { CursorValues } from "../http/pagination.js";
import { searchWords } from "../ingredients/search-text.js";
import { mayReadRecipe } from "./policy.js";
import type { SearchRankings } from "./ranking-cache.js";
import { type RecipeRow, recipeColumns } from "./repository.js";
import { type Ranking, rankSearch } from "./search-ranking.js";

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
async function recipesInOrder(db: Db, ids: number[], viewerId: number | null) {
  const rows = await executePrepared<RecipeRow & { generation: number }>(
    db,
    "search_page",
    sql`select g.generation, page.*
      from ${searchGeneration} g
      left join lateral (
        select ${recipeColumns}
        from ${recipes} r join ${users} u on u.id = r.author_id
        where r.id = any(${`{${ids.join(",")}}`}::int[]) and ${mayReadRecipe(viewerId)}
      ) page on true`,
  );
  const byId = new Map(rows.filter((row) => row.id !== null).map((row) => [row.id, row]));
  return { generation: rows[0]?.generation, rows: ids.flatMap((id) => byId.get(id) ?? []) };
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
    viewerId,
    cursor,
    authorId,
    limit,
  }: { viewerId: number | null; cursor?: SearchCursor; authorId?: number; limit: number },
): Promise<{ rows: RecipeRow[]; cursorOf: (row: RecipeRow) => CursorValues }> {
  const cursorOf = (corrected: boolean) => (row: RecipeRow) => [
    row.score ?? 0,
    row.id,
    corrected ? 1 : 0,
  ];
  const after = parseCursor(cursor);
  const words = searchWords(search);
  if (words.length === 0) return { rows: [], cursorOf: cursorOf(false) };
  const key = JSON.stringify([authorId ?? null, words]);
  for (let attempt = 1; ; attempt++) {
    const entry = rankings.get(key, () => rankSearch(db, words, authorId));
    const ranking = await entry;
    if (after && after.corrected !== ranking.corrected) {
      return { rows: [], cursorOf: cursorOf(ranking.corrected) };
    }
    const start = startAfter(ranking, after);
    const ids = ranking.ids.slice(start, start + limit + 1);
    const page = await recipesInOrder(db, ids, viewerId);
    // A ranking computed just now is served even if a write has already moved on.
    if (page.generation === ranking.generation || attempt === 2) {
      const scores = new Map(ids.map((id, i) => [id, ranking.scores[start + i] ?? 0]));
      const rows = page.rows.map((row) => ({ ...row, score: scores.get(row.id) }));
      return { rows, cursorOf: cursorOf(ranking.corrected) };
    }
    rankings.forget(key, entry);
  }
}
