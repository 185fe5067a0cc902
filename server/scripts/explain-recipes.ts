import { type SQL, sql } from "drizzle-orm";
import { connect, type Db, type Tx } from "../src/db/client.js";
import { adminQuery } from "../src/db/embedded.js";
import { runMigrations } from "../src/db/migrate.js";
import { ingredientSearchSql, withTypoTolerance } from "../src/ingredients/repository.js";
import { searchWords } from "../src/ingredients/search-text.js";
import { recipeListSql } from "../src/recipes/repository.js";
import { refreshSearchRows } from "../src/recipes/search-index.js";
import {
  correctTypos,
  correctTyposSql,
  expandWords,
  rankingSql,
} from "../src/recipes/search-ranking.js";
import { loadReferenceData } from "../src/reference-data.js";
import { withDatabase } from "../test/global-setup.js";
import { startScratchPostgres } from "../test/scratch-postgres.js";

const USERS = 2_000;
const RECIPES = 100_000;
const LINES_PER_RECIPE = 5;
const EXTRA_INGREDIENTS = 50_000;
const PAGE = 20;

let url: string;
let cleanup: () => Promise<void>;
const adminUrl = process.env.EXPLAIN_DATABASE_URL;
if (adminUrl) {
  const name = `potluck_explain_${process.pid}`;
  await adminQuery(adminUrl, `create database ${name}`);
  url = withDatabase(adminUrl, name);
  cleanup = () => adminQuery(adminUrl, `drop database if exists ${name}`);
} else {
  const embedded = await startScratchPostgres("explain-recipes-");
  url = embedded.url;
  cleanup = embedded.stop;
}

const { db, pool } = connect(url, { max: 2 });
pool.on("error", () => {});
try {
  await runMigrations(db);
  await loadReferenceData(db);
  const started = Date.now();
  await generate(db);
  console.log(`generated in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (process.env.EXPLAIN_KEEP) {
    console.log(`kept running for exploration: ${url}`);
    await new Promise(() => {});
  }
  await report(db);
} finally {
  await pool.end();
  await cleanup();
}

async function generate(db: Db): Promise<void> {
  const run = (query: SQL) => db.execute(query);
  await run(sql`insert into users (username, email, password_hash)
    select 'cook' || g, 'cook' || g || '@example.com', 'not-a-real-hash'
    from generate_series(1, ${USERS}) g`);
  // Titles from dish words, created one minute apart: newest is recipe 100,000.
  await run(sql`insert into recipes (author_id, title, slug, content, created_on, updated_on,
      rating_sum, rating_count)
    select 1 + g % ${USERS},
      t.title || ' ' || g, 'recipe-' || g, '<p>Cook it well.</p>',
      now() - (${RECIPES} - g) * interval '1 minute', now() - (${RECIPES} - g) * interval '1 minute',
      (g % 7) * 8, g % 7
    from generate_series(1, ${RECIPES}) g
    cross join lateral (select
      (array['Spicy','Creamy','Smoky','Quick','Classic','Rustic','Crispy','Lemony','Herby','Sunday',
             'Garlicky','Sticky','Golden','Tangy','Hearty','Summer','Winter','Easy','Baked','Grilled'])[1 + g % 20]
      || ' ' ||
      (array['chicken curry','lentil soup','beef stew','tomato pasta','mushroom risotto','fish tacos',
             'pancakes','banana bread','vegetable stir fry','pork ramen','caesar salad','apple pie',
             'shakshuka','pad thai','chili con carne','crème brûlée','falafel wrap','paella',
             'gnocchi','moussaka','lamb tagine','sushi bowl','quiche lorraine','ratatouille',
             'carrot cake','tiramisu','burrito bowl','chicken pie','goulash','dal','pho','bibimbap',
             'risotto verde','focaccia','brownies','omelette','minestrone','clam chowder',
             'fried rice','gazpacho','korma','meatballs','lasagne','pesto pasta','cheesecake',
             'scones','waffles','tofu scramble','jambalaya','biryani'])[1 + (g / 20) % 50]
      as title) t`);
  const ingredientCount = (
    await db.execute<{ n: number }>(sql`select count(*)::int as n from ingredients`)
  ).rows[0]?.n as number;
  const unitCount = (await db.execute<{ n: number }>(sql`select count(*)::int as n from units`))
    .rows[0]?.n as number;
  await run(sql`insert into recipe_ingredients (recipe_id, ingredient_id, unit_id, position, quantity)
    select r, 1 + (r * 7919 + k * 104729) % ${ingredientCount}, 1 + (r + k) % ${unitCount}, k,
      1 + (r * k) % 250
    from generate_series(1, ${RECIPES}) r cross join generate_series(0, ${LINES_PER_RECIPE - 1}) k`);
  await refreshSearchRows(db, sql`true`);
  await run(sql`insert into ingredients (name)
    select 'Homemade ' ||
      (array['spice mix','stock','sauce','pickle','jam','dressing','paste','syrup'])[1 + g % 8]
      || ' no. ' || g
    from generate_series(1, ${EXTRA_INGREDIENTS}) g`);
  await run(sql`vacuum analyze`);
}

async function report(db: Db): Promise<void> {
  const [counts] = (
    await db.execute<{ recipes: number; lines: number; ingredients: number }>(sql`select
      (select count(*)::int from recipes) as recipes,
      (select count(*)::int from recipe_ingredients) as lines,
      (select count(*)::int from ingredients) as ingredients`)
  ).rows;
  console.log(counts);

  // The cursor of the 50,000th recipe, as a client following `next` 2,500 times would hold.
  const [deep] = (
    await db.execute<{ created_key: number; id: number }>(sql`select
      (extract(epoch from created_on) * 1000000)::bigint as created_key, id
      from recipes order by created_on desc, id desc offset 50000 limit 1`)
  ).rows;
  if (!deep) throw new Error("no recipes generated");
  // Recipe visibility (issue 23): a tenth of the recipes are for followers and a tenth
  // private; cook 1 follows 200 cooks and has a list planning 100 recipes. The lists below are
  // read signed out (recipes_public_created_idx) and as cook 1 (the rule's subqueries are
  // hashed once per statement; recipes_created_idx is read in order, filtered).
  await db.execute(sql`update recipes set visibility = case when id % 10 = 3 then 'followers'
    when id % 10 = 7 then 'private' else 'public' end`);
  await db.execute(sql`insert into follows (follower_id, followee_id)
    select 1, g from generate_series(2, 201) g on conflict do nothing`);
  await db.execute(sql`with list as (
      insert into grocery_lists (owner_id, name) values (1, 'Tonight') returning id)
    insert into planned_recipes (grocery_list_id, recipe_id, guests)
    select list.id, r.id, 2 from list, recipes r where r.id % 997 = 0`);
  await db.execute(sql`analyze`);
  const reader = { id: 1, isSuperuser: false };
  // The cook with the most recipes, for ?mine=true.
  const [author] = (
    await db.execute<{ author_id: number }>(sql`select author_id from recipes
      group by author_id order by count(*) desc limit 1`)
  ).rows;

  const cases: { label: string; query: SQL; typoTolerant: boolean }[] = [
    {
      label: "recipe list, first page",
      query: recipeListSql({ viewer: null, limit: PAGE }),
      typoTolerant: false,
    },
    {
      label: "recipe list, deep keyset page (after 50,000 recipes)",
      query: recipeListSql({ viewer: null, limit: PAGE, cursor: [deep.created_key, deep.id] }),
      typoTolerant: false,
    },
    {
      label: "recipe list, first page, signed in",
      query: recipeListSql({ viewer: reader, limit: PAGE }),
      typoTolerant: false,
    },
    {
      label: "recipe list, deep keyset page, signed in",
      query: recipeListSql({ viewer: reader, limit: PAGE, cursor: [deep.created_key, deep.id] }),
      typoTolerant: false,
    },
    {
      label: "?mine=true, first page",
      query: recipeListSql({
        viewer: author ? { id: author.author_id, isSuperuser: false } : null,
        authorId: author?.author_id,
        limit: PAGE,
      }),
      typoTolerant: false,
    },
  ];
  // A search runs the exact query first; only when it finds nothing, every word is searched as
  // its corrections from the search_words lexicon (correctTypos) and itself, and the full-text
  // query runs again (issue 34 §9).
  const searches: [string, boolean][] = [
    ["chicken curry", false],
    ["creme brulee", false],
    ["tahini", false],
    ["chiken", false],
    ["chiken", true],
    ["chiken curry", true],
    ["tahni", true],
    ["tomatoe soup", true],
    ["soop", true],
  ];
  for (const [text, corrected] of searches) {
    const words = searchWords(text);
    const corrections = corrected ? await correctTypos(db, words) : new Map<string, string[]>();
    const terms = corrected
      ? words.map((word) => ({
          words: [...new Set([...(corrections.get(word) ?? []), word])].map((w) => `${w}:*`),
          stems: [],
        }))
      : await expandWords(db, words);
    const label = `?search=${text} (${corrected ? `corrected: ${terms.map((t) => t.words.join("|")).join(" ")}` : "exact words"})`;
    cases.push({ label, query: rankingSql(terms, undefined), typoTolerant: false });
  }
  cases.push({
    label: "?mine=true&search=chicken",
    query: rankingSql(await expandWords(db, ["chicken"]), author?.author_id),
    typoTolerant: false,
  });
  cases.push({
    label: "corrections of 'tomatoe', 'soup' and 'soop' from the lexicon",
    // (run by the API with pg_trgm.similarity_threshold at 0.2: see correctTypos)
    query: correctTyposSql(["tomatoe", "soup", "soop"]),
    typoTolerant: false,
  });
  for (const text of ["chick", "creme", "tahni"]) {
    cases.push({
      label: `ingredient search ${text}`,
      query: ingredientSearchSql(text, 25),
      typoTolerant: true,
    });
  }

  for (const { label, query, typoTolerant } of cases) {
    const explain = async (tx: Tx) =>
      (
        await tx.execute<{ "QUERY PLAN": string }>(
          sql`explain (analyze, buffers, costs off) ${query}`,
        )
      ).rows.map((row) => row["QUERY PLAN"]);
    // Searches run as the API runs them: inside withTypoTolerance.
    const runOnce = () => (typoTolerant ? withTypoTolerance(db, explain) : explain(db));
    await runOnce(); // warm the cache; the second run is the one shown
    const plan = await runOnce();
    console.log(`\n=== ${label}`);
    for (const line of plan) console.log(line);
    const seqScans = plan.filter((line) =>
      /Seq Scan on (recipes|recipe_ingredients|users|ingredients)\b/.test(line),
    );
    if (seqScans.length > 0) console.log(`!!! sequential scan: ${seqScans.join(" | ")}`);
  }
}
