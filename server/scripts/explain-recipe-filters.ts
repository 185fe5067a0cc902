// tsx scripts/explain-recipe-filters.ts [--size 1m] [--pg-port 54340] [--runs 5] [--vacuum]
// EXPLAIN (ANALYZE, BUFFERS) of issue 23's recipe list queries on a data set of `npm run bench`
// (DATA_DIR/bench), as its rows send them: explore signed out and as scale_1, each single
// filter, a few combinations, and tag + max_minutes + search (the ranking, then its first
// page). Each list query also on a deep page (the cursor of
// its 1,000th row). Each runs `--runs` times warm; prints every plan (the last run's) and a
// table of the median execution times. Applies pending migrations first, as the bench does;
// `--vacuum` vacuums and analyzes the recipe tables before (after a migration that rewrote them).
import path from "node:path";
import { parseArgs } from "node:util";
import { type SQL, sql } from "drizzle-orm";
import type { Viewer } from "../src/auth/policy.js";
import { loadConfig } from "../src/config.js";
import { connect, type Db } from "../src/db/client.js";
import { lockDataDir } from "../src/db/data-dir-lock.js";
import { startEmbeddedPostgres } from "../src/db/embedded.js";
import { runMigrations } from "../src/db/migrate.js";
import { searchWords } from "../src/ingredients/search-text.js";
import {
  filterConditions,
  type ListOptions,
  listLead,
  recipeListSql,
} from "../src/recipes/repository.js";
import { searchPageSql } from "../src/recipes/search.js";
import { expandWords, rankingSql, rankSearch } from "../src/recipes/search-ranking.js";

const { values: args } = parseArgs({
  options: {
    size: { type: "string", default: "1m" },
    "pg-port": { type: "string", default: "54340" },
    runs: { type: "string", default: "5" },
    vacuum: { type: "boolean", default: false },
  },
});
const RUNS = Number(args.runs);
const PAGE = 20;
const DEEP = 1000;

const config = loadConfig();
const benchDir = path.join(config.dataDir, "bench");
const lock = lockDataDir(config.dataDir, "explain-recipe-filters");
const cluster = await startEmbeddedPostgres(
  path.join(benchDir, "postgres"),
  Number(args["pg-port"]),
);
const { db, pool } = connect(cluster.url.replace(/\/postgres$/, `/bench_${args.size}`), { max: 1 });
try {
  await runMigrations(db);
  if (args.vacuum) {
    const started = Date.now();
    await db.execute(sql`vacuum analyze recipes, recipe_tags, recipe_ingredients`);
    console.log(`vacuum analyze: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  await report(db);
} finally {
  await pool.end();
  await cluster.stop();
  lock.release();
}

async function explain(db: Db, query: SQL): Promise<{ ms: number; plan: string[] }> {
  const times: number[] = [];
  let plan: string[] = [];
  for (let run = 0; run < RUNS; run++) {
    const result = await db.execute<{ "QUERY PLAN": string }>(
      sql`explain (analyze, buffers, costs off) ${query}`,
    );
    plan = result.rows.map((row) => row["QUERY PLAN"]);
    const time = plan.find((line) => line.startsWith("Execution Time:"));
    times.push(Number(time?.match(/[\d.]+/)?.[0]));
  }
  times.sort((a, b) => a - b);
  return { ms: times[Math.floor(times.length / 2)] ?? Number.NaN, plan };
}

async function report(db: Db): Promise<void> {
  const one = async <T>(query: SQL) =>
    (await db.execute<T & Record<string, unknown>>(query)).rows[0];
  const scale1 = await one<{ id: number }>(sql`select id from users where username = 'scale_1'`);
  if (!scale1) throw new Error("no scale_1: not a bench data set");
  const reader: Viewer = { id: scale1.id, isSuperuser: false };
  // As bench.ts: two ingredients of the newest public recipe of scale_1's explore list.
  const newest = await one<{ id: number }>(
    sql`select id from (${recipeListSql({ viewer: reader, limit: PAGE })}) page
      where visibility = 'public' limit 1`,
  );
  const lines = await db.execute<{ ingredient_id: number }>(
    sql`select ingredient_id from recipe_ingredients where recipe_id = ${newest?.id}
      order by position, id`,
  );
  const [withIngredient, withoutIngredient] = lines.rows.map((row) => row.ingredient_id);
  if (!withIngredient || !withoutIngredient) throw new Error("the newest recipe has no lines");
  const counts = await one(sql`select
    (select count(*)::int from recipes) as recipes,
    (select count(*)::int from recipe_tags where tag = 'dinner') as dinner,
    (select count(*)::int from recipe_tags where tag = 'hearty') as hearty,
    (select count(distinct recipe_id)::int from recipe_ingredients
      where ingredient_id = ${withIngredient}) as with_ingredient,
    (select count(*)::int from follows where follower_id = ${reader.id}) as follows,
    (select count(*)::int from recipes where author_id in (
      select followee_id from follows where follower_id = ${reader.id})) as by_followed,
    (select count(*)::int from recipe_tags t join recipes r on r.id = t.recipe_id
      where t.created_on <> r.created_on) as tag_copies_differing,
    (select count(*)::int from recipe_ingredients i join recipes r on r.id = i.recipe_id
      where i.created_on <> r.created_on) as ingredient_copies_differing`).catch(() =>
    // Before migration 0017 there is no copy to compare.
    one(sql`select (select count(*)::int from recipes) as recipes`),
  );
  console.log({ reader: reader.id, withIngredient, withoutIngredient, ...counts });

  const lists: [string, Omit<ListOptions, "limit" | "cursor">][] = [
    ["explore, anonymous", { viewer: null }],
    ["explore, signed in", { viewer: reader }],
    ["tag=dinner", { viewer: reader, filters: { tags: ["dinner"] } }],
    ["tag=hearty (rare)", { viewer: reader, filters: { tags: ["hearty"] } }],
    ["max_minutes=30", { viewer: reader, filters: { maxMinutes: 30 } }],
    ["ingredient", { viewer: reader, filters: { ingredientIds: [withIngredient] } }],
    [
      "exclude_ingredient",
      { viewer: reader, filters: { excludeIngredientIds: [withoutIngredient] } },
    ],
    ["min_rating=4", { viewer: reader, filters: { minRating: 4 } }],
    ["following=true", { viewer: reader, filters: { followedBy: reader.id } }],
    ["author=scale_2", { viewer: reader, filters: { authorUsername: "scale_2" } }],
    // Issue 37: the bench's recipes are all English, so Japanese is the rarest language there is.
    ["language=en (all of them)", { viewer: reader, filters: { language: "en" } }],
    ["language=ja (none)", { viewer: null, filters: { language: "ja" } }],
    // Issue 38: what a recipe contains, on its row.
    ["diet=vegetarian", { viewer: reader, filters: { diets: ["vegetarian"] } }],
    ["diet=vegan", { viewer: reader, filters: { diets: ["vegan"] } }],
    [
      "without_allergen=gluten + milk",
      { viewer: reader, filters: { withoutAllergens: ["gluten", "milk"] } },
    ],
    ["max_kcal=600", { viewer: reader, filters: { maxKcal: 600 } }],
    // Combinations: the tag or ingredient read in order must not cost more than before when
    // another condition is the small one.
    ["tag=dinner + tag=hearty", { viewer: reader, filters: { tags: ["dinner", "hearty"] } }],
    [
      "tag=dinner + ingredient",
      { viewer: reader, filters: { tags: ["dinner"], ingredientIds: [withIngredient] } },
    ],
    [
      "tag=hearty + following=true",
      { viewer: reader, filters: { tags: ["hearty"], followedBy: reader.id } },
    ],
    [
      "tag=dinner + author=scale_2",
      { viewer: reader, filters: { tags: ["dinner"], authorUsername: "scale_2" } },
    ],
    [
      "tag=dinner + max_minutes=30",
      { viewer: reader, filters: { tags: ["dinner"], maxMinutes: 30 } },
    ],
  ];
  const table: string[] = [];
  for (const [label, given] of lists) {
    // As listRecipes: the tag or ingredient the page is read from, when there is a choice.
    const options = { ...given, lead: await listLead(db, given.filters) };
    const first = await explain(db, recipeListSql({ ...options, limit: PAGE }));
    print(`${label}, first page`, first.plan);
    // The cursor of the 1,000th row (or the last, when there are fewer).
    const rows = await db.execute<{ created_key: number; id: number }>(
      recipeListSql({ ...options, limit: DEEP - 1 }),
    );
    const last = rows.rows.at(-1);
    let deep = "";
    if (last && rows.rows.length >= DEEP) {
      const cursor: [number, number] = [Number(last.created_key), last.id];
      const page = await explain(db, recipeListSql({ ...options, limit: PAGE, cursor }));
      print(`${label}, page after ${DEEP} rows`, page.plan);
      deep = page.ms.toFixed(2);
    }
    table.push(`| ${label} | ${first.ms.toFixed(2)} | ${deep || "-"} |`);
  }

  // tag=dinner + max_minutes=30 + search=chicken: the ranking (cached per words and shared),
  // then the first page of it (search.ts's query: the ranked ids walked until 21 pass).
  const words = searchWords("chicken");
  const ranking = await rankSearch(db, words, undefined);
  const ranked = await explain(db, rankingSql(await expandWords(db, words), undefined));
  print("search=chicken: the ranking", ranked.plan);
  table.push(`| search=chicken: the ranking (cached) | ${ranked.ms.toFixed(2)} | - |`);
  const filters = filterConditions({ tags: ["dinner"], maxMinutes: 30 });
  const query = searchPageSql(ranking.ids, PAGE + 1, reader, filters);
  const page = await explain(db, query);
  print(`search page, tag=dinner + max_minutes=30, ${ranking.ids.length} ranked ids`, page.plan);
  table.push(`| search page, tag=dinner + max_minutes=30 | ${page.ms.toFixed(2)} | - |`);
  console.log(`\n| query | first page ms | page after ${DEEP} rows ms |\n|---|---:|---:|`);
  for (const row of table) console.log(row);
}

function print(label: string, plan: string[]): void {
  console.log(`\n=== ${label}`);
  for (const line of plan) console.log(line);
}
