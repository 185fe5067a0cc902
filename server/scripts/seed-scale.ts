// npm run seed:scale -- --recipes 100000 --users 10000 [--feed-items 1000000] [--lists 2000]
// Fills the database (DATABASE_URL, or the embedded one under DATA_DIR) with a large synthetic
// data set for benchmarks and query plans. Everything is generated inside PostgreSQL with
// INSERT ... SELECT over generate_series (set-based, never row by row from node), in chunks
// that each commit with a note of their progress in the scale_seed schema: a stopped seed
// resumes where it stopped when run again, and a finished one does nothing and says so.
// Users are scale_1 ... scale_N, all with the password "scale-password"; scale_1 follows 500
// cooks. --feed-items defaults to 10 per recipe. Recipes are 80% public, 10% for followers and
// 10% private, most have preparation and cooking times, and each has 0-5 of 200 tags (a few
// very common, most rare: SCALE_TAGS). A data set seeded before a step was added gets that
// step (and the final vacuum again) when the seed is run on it.
import { parseArgs } from "node:util";
import { type SQL, sql } from "drizzle-orm";
import { hashPassword } from "../src/auth/passwords.js";
import { loadConfig } from "../src/config.js";
import type { Db, Tx } from "../src/db/client.js";
import { openDatabase } from "../src/db/open.js";
import { recomputeShoppingLists } from "../src/groceries/recompute.js";
import { refreshRecipeFacts } from "../src/recipes/facts.js";
import { refreshSearchRows } from "../src/recipes/search-index.js";
import { loadReferenceData } from "../src/reference-data.js";
import { formatSeconds, ProgressBar } from "./progress-bar.js";

export const SCALE_PASSWORD = "scale-password";

export interface ScaleOptions {
  recipes: number;
  users: number;
  feedItems: number;
  lists: number;
}

export const TITLE_WORDS = {
  first: [
    "Spicy",
    "Creamy",
    "Roasted",
    "Smoky",
    "Classic",
    "Rustic",
    "Zesty",
    "Crispy",
    "Slow-cooked",
    "Grilled",
    "Golden",
    "Herby",
    "Garlicky",
    "Sticky",
    "Lemony",
    "Hearty",
    "Summer",
    "Winter",
  ],
  main: [
    "chicken",
    "lentil",
    "tomato",
    "mushroom",
    "salmon",
    "chickpea",
    "beef",
    "pumpkin",
    "aubergine",
    "prawn",
    "spinach",
    "potato",
    "cauliflower",
    "pork",
    "tofu",
    "halloumi",
    "courgette",
    "lamb",
  ],
  dish: [
    "curry",
    "risotto",
    "soup",
    "stew",
    "tart",
    "salad",
    "pasta",
    "tacos",
    "traybake",
    "pie",
    "noodles",
    "bowl",
    "gratin",
    "skewers",
    "flatbread",
    "casserole",
    "frittata",
    "ragù",
  ],
};

const arrayLiteral = (words: string[]) =>
  sql.raw(`array[${words.map((w) => `'${w.replace(/'/g, "''")}'`).join(",")}]`);

/**
 * The seeded recipes' tags, most used first: the tag of rank k is on about 1/k as many recipes
 * as the first (a Zipf-like popularity, as real tags have: a few on a quarter of all recipes,
 * most on a few in a thousand).
 */
export const SCALE_TAGS = [
  "dinner",
  "vegetarian",
  "quick",
  "easy",
  "weeknight",
  "healthy",
  "lunch",
  "family",
  "comfort-food",
  "vegan",
  "chicken",
  "dessert",
  "breakfast",
  "gluten-free",
  "pasta",
  "one-pot",
  "soup",
  "baking",
  "budget",
  "make-ahead",
  "italian",
  "salad",
  "spicy",
  "meal-prep",
  "high-protein",
  "dairy-free",
  "indian",
  "low-carb",
  "side-dish",
  "mexican",
  "freezer-friendly",
  "slow-cooker",
  "summer",
  "winter",
  "kid-friendly",
  "sheet-pan",
  "seafood",
  "beef",
  "curry",
  "snack",
  "brunch",
  "party",
  "asian",
  "grilling",
  "autumn",
  "spring",
  "bread",
  "thai",
  "holiday",
  "sandwich",
  "rice",
  "noodles",
  "pork",
  "lamb",
  "fish",
  "eggs",
  "cheese",
  "mushrooms",
  "potatoes",
  "tomatoes",
  "french",
  "greek",
  "spanish",
  "middle-eastern",
  "japanese",
  "chinese",
  "korean",
  "vietnamese",
  "moroccan",
  "lebanese",
  "turkish",
  "caribbean",
  "american",
  "british",
  "german",
  "cajun",
  "ethiopian",
  "peruvian",
  "brazilian",
  "persian",
  "keto",
  "paleo",
  "pescatarian",
  "nut-free",
  "egg-free",
  "low-fat",
  "low-sodium",
  "whole30",
  "sugar-free",
  "high-fibre",
  "stew",
  "roast",
  "casserole",
  "stir-fry",
  "traybake",
  "pie",
  "tart",
  "cake",
  "cookies",
  "muffins",
  "smoothie",
  "drink",
  "cocktail",
  "sauce",
  "dip",
  "dressing",
  "marinade",
  "condiment",
  "pickle",
  "jam",
  "starter",
  "main-course",
  "finger-food",
  "picnic",
  "barbecue",
  "christmas",
  "easter",
  "thanksgiving",
  "halloween",
  "birthday",
  "date-night",
  "crowd-pleaser",
  "leftovers",
  "no-cook",
  "5-ingredients",
  "15-minutes",
  "30-minutes",
  "instant-pot",
  "air-fryer",
  "pressure-cooker",
  "grill",
  "oven",
  "stovetop",
  "microwave",
  "food-processor",
  "cast-iron",
  "wok",
  "dutch-oven",
  "raw",
  "fermented",
  "lentils",
  "chickpeas",
  "beans",
  "tofu",
  "tempeh",
  "quinoa",
  "couscous",
  "bulgur",
  "barley",
  "oats",
  "spinach",
  "kale",
  "broccoli",
  "cauliflower",
  "aubergine",
  "courgette",
  "squash",
  "pumpkin",
  "carrots",
  "peppers",
  "apples",
  "bananas",
  "berries",
  "lemon",
  "chocolate",
  "coconut",
  "honey",
  "ginger",
  "garlic",
  "herbs",
  "salmon",
  "prawns",
  "tuna",
  "cod",
  "mussels",
  "duck",
  "turkey",
  "sausage",
  "bacon",
  "halloumi",
  "street-food",
  "tapas",
  "mezze",
  "dumplings",
  "flatbread",
  "pizza",
  "burger",
  "wraps",
  "tacos",
  "ramen",
  "grannys-recipe",
  "sunday-lunch",
  "game-day",
  "potluck",
  "lunchbox",
  "weekend-project",
  "showstopper",
  "rustic",
  "light",
  "hearty",
];

/** A number in [0, 1) from a hash of a recipe id and a salt: the same on every run. */
const unit = (id: SQL, salt: number | SQL) =>
  sql`((hashint8(${id}::bigint * 16 + ${typeof salt === "number" ? sql.raw(String(salt)) : salt}) + 2147483648::float8) / 4294967296::float8)`;

/**
 * One step of the seed: it walks the numbers `first..last` (user numbers, recipe numbers, or
 * ids of rows an earlier step made) in chunks, each chunk inserted and recorded as done in the
 * same transaction, so a stopped seed resumes at the first chunk not committed.
 */
interface Step {
  name: string;
  /** What is counted, for the progress bar's rate. */
  unit: string;
  chunk: number;
  /** The numbers to walk, worked out when the step starts (after the steps before it). */
  range: (db: Db) => Promise<[number, number]>;
  run: (tx: Tx, from: number, to: number) => Promise<unknown>;
}

/** The seed's own bookkeeping, in a schema apart from the app's (never touched by migrations). */
async function prepareBookkeeping(db: Db): Promise<void> {
  await db.execute(sql`create schema if not exists scale_seed`);
  await db.execute(sql`create table if not exists scale_seed.options (
    recipes int not null, users int not null, feed_items int not null, lists int not null)`);
  await db.execute(sql`create table if not exists scale_seed.progress (
    step text primary key, first bigint not null, last bigint not null, next bigint not null,
    seconds double precision not null default 0)`);
  // scale_N's user id, for joins on N.
  await db.execute(sql`create table if not exists scale_seed.users (
    n int primary key, id int not null unique)`);
}

const rows = async <T>(db: Tx, query: SQL) =>
  (await db.execute<T & Record<string, unknown>>(query)).rows;

/** [min, max] of a query's ids, or an empty range when there are none. */
async function idRange(db: Db, query: SQL): Promise<[number, number]> {
  const [row] = await rows<{ lo: number | null; hi: number | null }>(db, query);
  return row?.lo == null || row.hi == null ? [1, 0] : [Number(row.lo), Number(row.hi)];
}

function scaleSteps(options: ScaleOptions, passwordHash: string): Step[] {
  const { recipes: recipeCount, users: userCount, feedItems, lists } = options;
  // Famous cooks (followed by a third of everyone) are the first 1% of users, at most 100:
  // more would make follows, not recipes, the bulk of a large data set.
  const famous = Math.min(100, Math.max(5, Math.floor(userCount / 100)));
  // Each recipe brings a new_recipe item and about three new_rating items; updates make up the rest.
  const updatesPerRecipe = Math.max(0, Math.round((feedItems - recipeCount * 4) / recipeCount));
  const scaleRecipes = sql`from recipes r where r.author_id in (select id from scale_seed.users)`;
  const recipeIds = (db: Db) =>
    idRange(db, sql`select min(r.id) as lo, max(r.id) as hi ${scaleRecipes}`);
  const feedIds = (db: Db) =>
    idRange(
      db,
      sql`select min(f.id) as lo, max(f.id) as hi from feed_items f
      where f.user_id in (select id from scale_seed.users)`,
    );
  return [
    {
      name: "users",
      unit: "users",
      chunk: 50_000,
      range: async () => [1, userCount],
      run: (tx, from, to) =>
        tx.execute(sql`
          with added as (
            insert into users (username, email, password_hash, created_at)
            select 'scale_' || g, 'scale_' || g || '@example.com', ${passwordHash},
                   now() - interval '400 days' + g * interval '1 second'
            from generate_series(${from}::int, ${to}::int) g
            returning id, username)
          insert into scale_seed.users (n, id) select substr(username, 7)::int, id from added`),
    },
    {
      name: "follows (scale_1 follows 500 cooks, famous cooks followed by thousands)",
      unit: "users",
      chunk: 10_000,
      range: async () => [1, userCount],
      run: (tx, from, to) =>
        // Everyone follows 10 cooks picked by a hash of their number, and the famous cooks
        // whose number is theirs modulo 3; scale_1 (the benchmark's feed reader) follows 2-501.
        tx.execute(sql`
          insert into follows (follower_id, followee_id)
          select f.id, e.id from scale_seed.users f
          join scale_seed.users e on e.n between 2 and 501
          where f.n = 1 and f.n between ${from} and ${to}
          union all
          select f.id, e.id from scale_seed.users f
          cross join generate_series(1, 10) k
          join scale_seed.users e on e.n = 1 + ((f.n::bigint * 7919 + k * 104729) % ${userCount})
          where f.n between ${from} and ${to} and e.id <> f.id
          union all
          select f.id, e.id from scale_seed.users f
          join scale_seed.users e on e.n <= ${famous} and e.n % 3 = f.n % 3 and e.id <> f.id
          where f.n between ${from} and ${to}
          on conflict do nothing`),
    },
    {
      name: "recipes",
      unit: "recipes",
      chunk: 50_000,
      range: async () => [1, recipeCount],
      run: (tx, from, to) =>
        tx.execute(sql`
          insert into recipes (author_id, title, slug, content, created_on, updated_on)
          select u.id, t.title, lower(replace(t.title, ' ', '-')),
                 '<p>Prepare the ingredients.</p><ol><li>Cook gently.</li><li>Season and serve.</li></ol>',
                 c.at, c.at
          from generate_series(${from}::int, ${to}::int) g
          join scale_seed.users u on u.n = 1 + (g::bigint * 7919) % ${userCount}
          cross join lateral (
            select (${arrayLiteral(TITLE_WORDS.first)})[1 + (g % ${TITLE_WORDS.first.length})] || ' ' ||
                   (${arrayLiteral(TITLE_WORDS.main)})[1 + ((g / 7) % ${TITLE_WORDS.main.length})] || ' ' ||
                   (${arrayLiteral(TITLE_WORDS.dish)})[1 + ((g / 131) % ${TITLE_WORDS.dish.length})] ||
                   ' no. ' || g as title
          ) t
          cross join lateral (
            select now() - interval '365 days' + (g::float / ${recipeCount}) * interval '364 days' as at
          ) c
          order by g`),
    },
    {
      // Issue 23's fields, in a step of their own so that a data set seeded before them gets
      // them too (without a reseed). Everything follows from a hash of the recipe's id, so a
      // chunk done again gives the same values, and tags already there are kept.
      name: "recipe visibility, times and tags (0-5 per recipe)",
      unit: "recipes",
      chunk: 50_000,
      range: recipeIds,
      run: async (tx, from, to) => {
        const id = sql`r.id`;
        // 80% public, 10% followers, 10% private. Times: 12% have none, 5% a preparation time
        // only, 5% a cooking time only; preparation 5-30 minutes, cooking 0 to 4 hours (most
        // under an hour): about a fifth of the timed recipes take 30 minutes or less.
        await tx.execute(sql`
          update recipes r set
            visibility = case when ${unit(id, 0)} < 0.8 then 'public'
              when ${unit(id, 0)} < 0.9 then 'followers' else 'private' end,
            prep_minutes = case when ${unit(id, 1)} < 0.12 or ${unit(id, 1)} >= 0.95 then null
              else 5 * (1 + floor(${unit(id, 2)} * 6)::int) end,
            cook_minutes = case when ${unit(id, 1)} < 0.17 then null
              else (array[0, 5, 10, 10, 15, 15, 20, 20, 25, 30, 30, 40, 45, 45, 60, 60, 75, 90,
                          120, 180, 240])[1 + floor(${unit(id, 3)} * 21)::int] end
          where r.id between ${from} and ${to} and r.author_id in (select id from scale_seed.users)`);
        // 0-5 draws per recipe, each the tag of rank floor(201^u) (1-200): rank k comes with
        // probability ln((k+1)/k) / ln 201, so "dinner" is on about 30% of the recipes and the
        // last tag on about 0.2%. A tag drawn twice is kept once. The rows' created_on (and the
        // ingredient lines') is the recipe's, copied by a trigger (migration 0017).
        await tx.execute(sql`
          insert into recipe_tags (recipe_id, tag)
          select r.id, (${arrayLiteral(SCALE_TAGS)})[least(${SCALE_TAGS.length},
                   floor(power(${SCALE_TAGS.length + 1}::float8, ${unit(id, sql`5 + k`)}))::int)]
          from recipes r
          cross join lateral generate_series(1, floor(${unit(id, 4)} * 6)::int) k
          where r.id between ${from} and ${to} and r.author_id in (select id from scale_seed.users)
          on conflict do nothing`);
      },
    },
    {
      name: "recipe ingredients (5-10 per recipe) and search text",
      unit: "recipes",
      chunk: 25_000,
      range: recipeIds,
      run: async (tx, from, to) => {
        const which = sql`r.id between ${from} and ${to}
          and not exists (select 1 from recipe_search s where s.recipe_id = r.id)`;
        await tx.execute(sql`
          insert into recipe_ingredients (recipe_id, ingredient_id, unit_id, position, quantity)
          select r.id,
                 (select min(id) from ingredients) + ((r.id * 31 + k * 97) % (select count(*) from ingredients)),
                 (select min(id) from units) + ((r.id + k) % (select count(*) from units)),
                 k, round((0.25 + random() * 200)::numeric, 2)
          from recipes r
          cross join lateral generate_series(1, 5 + r.id % 6) k
          where ${which}`);
        await refreshRecipeFacts(tx, which);
        await refreshSearchRows(tx, which);
      },
    },
    {
      name: "ratings (about 3 per recipe) and recipe averages",
      unit: "recipes",
      chunk: 50_000,
      range: recipeIds,
      run: async (tx, from, to) => {
        await tx.execute(sql`
          insert into ratings (recipe_id, author_id, rating, comment, created_at, updated_at)
          select r.id, u.id, 4 + floor(random() * 7)::int,
                 case when k = 1 then 'Lovely, will make again.' else '' end,
                 r.created_on + interval '1 hour' * k, r.created_on + interval '1 hour' * k
          from recipes r
          cross join generate_series(1, 3) k
          join scale_seed.users u on u.n = 1 + ((r.id::bigint * 13 + k * 7717) % ${userCount})
          where r.id between ${from} and ${to} and u.id <> r.author_id
          on conflict do nothing`);
        await tx.execute(sql`
          update recipes r set rating_sum = s.total, rating_count = s.n
          from (select recipe_id, sum(rating)::int as total, count(*)::int as n from ratings
                where recipe_id between ${from} and ${to} group by recipe_id) s
          where s.recipe_id = r.id`);
      },
    },
    {
      name: `feed items (about ${feedItems.toLocaleString("en-GB")})`,
      unit: "recipes",
      chunk: 50_000,
      range: recipeIds,
      run: async (tx, from, to) => {
        await tx.execute(sql`
          insert into feed_items (user_id, event_type, recipe_id, created_on)
          select author_id, 'new_recipe', id, created_on from recipes
          where id between ${from} and ${to}`);
        await tx.execute(sql`
          insert into feed_items (user_id, event_type, recipe_id, rating_id, created_on)
          select author_id, 'new_rating', recipe_id, id, created_at from ratings
          where recipe_id between ${from} and ${to}`);
        await tx.execute(sql`
          insert into feed_items (user_id, event_type, recipe_id, created_on)
          select r.author_id, 'update_recipe', r.id, r.created_on + k * interval '3 hours'
          from recipes r cross join generate_series(1, ${updatesPerRecipe}) k
          where r.id between ${from} and ${to}`);
      },
    },
    {
      name: "likes (every other feed item) and comments (every fifth)",
      unit: "feed items",
      chunk: 500_000,
      range: feedIds,
      run: async (tx, from, to) => {
        await tx.execute(sql`
          insert into feed_likes (feed_item_id, user_id)
          select f.id, u.id from feed_items f
          join scale_seed.users u on u.n = 1 + ((f.id * 17) % ${userCount})
          where f.id between ${from} and ${to} and f.id % 2 = 0
          on conflict do nothing`);
        await tx.execute(sql`
          insert into feed_comments (feed_item_id, user_id, text, created_at)
          select f.id, u.id, 'Looks delicious!', f.created_on + interval '2 hours'
          from feed_items f
          join scale_seed.users u on u.n = 1 + ((f.id * 29) % ${userCount})
          where f.id between ${from} and ${to} and f.id % 5 = 0`);
      },
    },
    {
      name: `${lists} grocery lists with plans and shopping items`,
      unit: "lists",
      chunk: 500,
      range: async () => [1, lists],
      run: async (tx, from, to) => {
        const added = await rows<{ id: number }>(
          tx,
          sql`
            insert into grocery_lists (owner_id, name, notes)
            select u.id, 'Week ' || u.n, '<p>Remember the bags.</p>'
            from scale_seed.users u where u.n between ${from} and ${to}
            returning id`,
        );
        const ids = added.map((r) => Number(r.id));
        const listIds = sql.raw(`array[${ids.join(",") || "0"}]::int[]`);
        await tx.execute(sql`
          insert into planned_recipes (grocery_list_id, recipe_id, guests, planned_on)
          select l.id, (select min(id) from recipes) + ((u.n * 101 + k * 37) % ${recipeCount}), 2 + k,
                 current_date + k
          from grocery_lists l join scale_seed.users u on u.id = l.owner_id
          cross join generate_series(1, 3) k
          where l.id = any(${listIds})`);
        await tx.execute(sql`
          insert into planned_extras (grocery_list_id, ingredient_id, unit_id, quantity)
          select l.id, (select min(id) from ingredients) + (u.n % 50), (select min(id) from units), 2
          from grocery_lists l join scale_seed.users u on u.id = l.owner_id
          where l.id = any(${listIds})`);
        await recomputeShoppingLists(tx, ids);
      },
    },
  ];
}

/**
 * The bulk load leaves dead row versions behind (search text and averages are filled in by
 * updates) and new entries in the GIN indexes' pending lists; autovacuum tidies both within
 * minutes in real use, and measuring before it has would measure the load, not the product.
 * VACUUM can't run in a transaction: on a connection of its own, without a statement timeout.
 */
async function vacuumAnalyze(db: Db): Promise<void> {
  const client = await db.$client.connect();
  try {
    await client.query("set statement_timeout = 0");
    await client.query("vacuum analyze");
  } finally {
    client.release();
  }
}

/** Resuming with other counts would mix two data sets. */
class OtherCountsError extends Error {}

export type SeedOutcome = "seeded" | "already seeded";

/**
 * Seeds the scale data set, or resumes a seed that was stopped, or does nothing when it is
 * complete. Each chunk commits on its own, so stopping at any moment loses at most one chunk.
 * Returns the seconds all runs of this seed spent together.
 */
export async function seedScale(
  db: Db,
  options: ScaleOptions,
): Promise<{ outcome: SeedOutcome; seconds: number }> {
  const [legacy] = await rows<{ n: number }>(
    db,
    sql`select (select count(*) from users where username = 'scale_1')::int
      - (select count(*) from pg_namespace where nspname = 'scale_seed')::int as n`,
  );
  if (Number(legacy?.n) > 0) {
    // Seeded in one transaction by an earlier version of this script: complete by construction.
    console.log(
      "This database holds a scale data set from before resumable seeding: nothing to do.",
    );
    return { outcome: "already seeded", seconds: 0 };
  }
  await prepareBookkeeping(db);
  const [stored] = await rows<ScaleOptions>(
    db,
    sql`select recipes, users, feed_items as "feedItems", lists from scale_seed.options`,
  );
  if (!stored) {
    await db.execute(sql`insert into scale_seed.options (recipes, users, feed_items, lists)
      values (${options.recipes}, ${options.users}, ${options.feedItems}, ${options.lists})`);
  } else if (
    stored.recipes !== options.recipes ||
    stored.users !== options.users ||
    stored.feedItems !== options.feedItems ||
    stored.lists !== options.lists
  ) {
    throw new OtherCountsError(
      `This database holds a scale seed made with other counts (${JSON.stringify(stored)}); ` +
        "use a fresh database (DATA_DIR) or the same counts to resume it.",
    );
  }
  const steps: Step[] = [
    ...scaleSteps(options, await hashPassword(SCALE_PASSWORD)),
    {
      // VACUUM can't run inside a transaction, so this step is one chunk recorded after it.
      name: "vacuum analyze",
      unit: "steps",
      chunk: 1,
      range: async () => [1, 1],
      run: () => Promise.resolve(),
    },
  ];
  let worked = false;
  for (const [index, step] of steps.entries()) {
    let [progress] = await rows<{ first: number; last: number; next: number }>(
      db,
      sql`select first, last, next from scale_seed.progress where step = ${step.name}`,
    );
    if (!progress) {
      const [first, last] = await step.range(db);
      await db.execute(sql`insert into scale_seed.progress (step, first, last, next)
        values (${step.name}, ${first}, ${last}, ${first})`);
      progress = { first, last, next: first };
    }
    const first = Number(progress.first);
    const last = Number(progress.last);
    let next = Number(progress.next);
    if (next > last) {
      // A step added to the seed since this data set was made (as issue 23's fields were) has
      // just run on it: the last vacuum is from before, so it runs again.
      if (!(step.name === "vacuum analyze" && worked)) continue;
      next = first;
    }
    worked = true;
    const bar = new ProgressBar(
      `${index + 1}/${steps.length} ${step.name} (${step.unit})`,
      last - first + 1,
      next - first,
    );
    bar.update(next - first);
    while (next <= last) {
      const to = Math.min(last, next + step.chunk - 1);
      const started = performance.now();
      if (step.name === "vacuum analyze") await vacuumAnalyze(db);
      await db.transaction(async (tx) => {
        // A lost commit costs one chunk, which the next run redoes: no need to wait for fsync.
        await tx.execute(sql`set local synchronous_commit = off`);
        // A chunk can take minutes on a busy machine: the app's statement timeout is for requests.
        await tx.execute(sql`set local statement_timeout = 0`);
        await step.run(tx, next, to);
        await tx.execute(sql`update scale_seed.progress
          set next = ${to + 1}, seconds = seconds + ${(performance.now() - started) / 1000}
          where step = ${step.name}`);
      });
      next = to + 1;
      bar.update(next - first);
    }
  }
  const [total] = await rows<{ seconds: number }>(
    db,
    sql`select coalesce(sum(seconds), 0)::float as seconds from scale_seed.progress`,
  );
  const seconds = Number(total?.seconds ?? 0);
  if (!worked) console.log(`Already seeded (it took ${formatSeconds(seconds)}): nothing to do.`);
  return { outcome: worked ? "seeded" : "already seeded", seconds };
}

export async function printSummary(db: Db): Promise<void> {
  const tables = [
    "users",
    "follows",
    "recipes",
    "recipe_tags",
    "recipe_ingredients",
    "ratings",
    "feed_items",
    "feed_likes",
    "feed_comments",
    "grocery_lists",
    "planned_recipes",
    "shopping_items",
  ];
  console.log("\nSummary");
  for (const table of tables) {
    const result = await db.execute<{ n: number }>(
      sql.raw(`select count(*)::int as n from ${table}`),
    );
    console.log(`  ${table.padEnd(20)} ${Number(result.rows[0]?.n ?? 0).toLocaleString("en-GB")}`);
  }
}

async function main() {
  const { values } = parseArgs({
    options: {
      recipes: { type: "string", default: "100000" },
      users: { type: "string", default: "10000" },
      "feed-items": { type: "string" },
      lists: { type: "string", default: "2000" },
    },
  });
  const options: ScaleOptions = {
    recipes: Number(values.recipes),
    users: Number(values.users),
    feedItems: Number(values["feed-items"] ?? Number(values.recipes) * 10),
    lists: Math.min(Number(values.lists), Number(values.users)),
  };
  if (Object.values(options).some((n) => !Number.isInteger(n) || n < 1) || options.users < 502) {
    console.error("Counts must be positive integers, and --users at least 502.");
    process.exit(2);
  }
  const database = await openDatabase(loadConfig(), {
    holder: "npm run seed:scale",
    referenceData: loadReferenceData,
    reuseRunning: true,
    poolSize: 2,
  });
  const started = performance.now();
  try {
    const { outcome, seconds } = await seedScale(database.db, options).catch((error: Error) => {
      if (!(error instanceof OtherCountsError)) throw error;
      console.error(error.message);
      process.exit(2);
    });
    if (outcome === "seeded") {
      await printSummary(database.db);
      console.log(
        `\nDone: this run took ${formatSeconds((performance.now() - started) / 1000)}, ` +
          `the whole seed ${formatSeconds(seconds)} (all runs together).`,
      );
    }
  } finally {
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
