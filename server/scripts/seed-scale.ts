// npm run seed:scale -- --recipes 100000 --users 10000 [--feed-items 1000000] [--lists 2000]
// Fills the database (DATABASE_URL, or the embedded one under DATA_DIR) with a large synthetic
// data set for benchmarks and query plans. Everything is generated inside PostgreSQL with
// INSERT ... SELECT over generate_series, so 1,000,000 feed items take seconds, not hours.
// Users are scale_1 ... scale_N, all with the password "scale-password"; scale_1 follows 500 cooks.
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { hashPassword } from "../src/auth/passwords.js";
import { loadConfig } from "../src/config.js";
import type { Db } from "../src/db/client.js";
import { openDatabase } from "../src/db/open.js";
import { recomputeShoppingLists } from "../src/groceries/recompute.js";
import { refreshSearchRows } from "../src/recipes/search.js";

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

interface Step {
  name: string;
  run: () => Promise<unknown>;
}

/** Runs the steps with a progress bar and returns per-step timings. */
async function runSteps(steps: Step[]): Promise<void> {
  const width = 30;
  for (const [index, step] of steps.entries()) {
    const started = performance.now();
    await step.run();
    const done = Math.round(((index + 1) / steps.length) * width);
    const bar = `${"#".repeat(done)}${".".repeat(width - done)}`;
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`[${bar}] ${index + 1}/${steps.length} ${step.name} (${seconds}s)`);
  }
}

export async function seedScale(db: Db, options: ScaleOptions): Promise<void> {
  const { recipes: recipeCount, users: userCount, feedItems, lists } = options;
  const passwordHash = await hashPassword(SCALE_PASSWORD);
  const [existing] = (
    await db.execute<{ n: number }>(
      sql`select count(*)::int as n from users where username like 'scale\\_%'`,
    )
  ).rows;
  if (Number(existing?.n ?? 0) > 0) {
    throw new Error(
      "This database already holds a scale data set (users scale_*). Use a fresh DATA_DIR.",
    );
  }
  // Famous cooks (followed by thousands) are the first 1% of users.
  const famous = Math.max(5, Math.floor(userCount / 100));
  const extraFeedItems = Math.max(0, feedItems - recipeCount * 2);
  const updatesPerRecipe = Math.ceil(extraFeedItems / recipeCount);

  const steps: Step[] = [
    {
      name: `${userCount} users`,
      run: () =>
        db.execute(sql`
          insert into users (username, email, password_hash, created_at)
          select 'scale_' || g, 'scale_' || g || '@example.com', ${passwordHash},
                 now() - interval '400 days' + g * interval '1 second'
          from generate_series(1, ${userCount}) g`),
    },
    {
      name: "follows (scale_1 follows 500 cooks, famous cooks followed by thousands)",
      run: async () => {
        await db.execute(sql`
          create temporary table scale_users as
          select id, row_number() over (order by id) as n from users where username like 'scale\\_%'`);
        await db.execute(sql`create index on scale_users (n)`);
        // scale_1 follows exactly 500 others: the benchmark's feed reader.
        await db.execute(sql`
          insert into follows (follower_id, followee_id)
          select (select id from scale_users where n = 1), id from scale_users where n between 2 and 501
          on conflict do nothing`);
        // Everyone follows ~10 random cooks, and a third of everyone follows each famous cook.
        await db.execute(sql`
          insert into follows (follower_id, followee_id)
          select f.id, e.id
          from scale_users f
          cross join generate_series(1, 10) k
          join scale_users e on e.n = 1 + floor(random() * ${userCount})::int
          where e.id <> f.id
          on conflict do nothing`);
        await db.execute(sql`
          insert into follows (follower_id, followee_id)
          select f.id, e.id
          from scale_users e
          join scale_users f on f.n % 3 = e.n % 3 and f.id <> e.id
          where e.n <= ${famous}
          on conflict do nothing`);
      },
    },
    {
      name: `${recipeCount} recipes`,
      run: () =>
        db.execute(sql`
          insert into recipes (author_id, title, slug, content, created_on, updated_on)
          select u.id, t.title, lower(replace(t.title, ' ', '-')),
                 '<p>Prepare the ingredients.</p><ol><li>Cook gently.</li><li>Season and serve.</li></ol>',
                 c.at, c.at
          from generate_series(1, ${recipeCount}) g
          join scale_users u on u.n = 1 + (g * 7919) % ${userCount}
          cross join lateral (
            select (${arrayLiteral(TITLE_WORDS.first)})[1 + (g % ${TITLE_WORDS.first.length})] || ' ' ||
                   (${arrayLiteral(TITLE_WORDS.main)})[1 + ((g / 7) % ${TITLE_WORDS.main.length})] || ' ' ||
                   (${arrayLiteral(TITLE_WORDS.dish)})[1 + ((g / 131) % ${TITLE_WORDS.dish.length})] ||
                   ' no. ' || g as title
          ) t
          cross join lateral (
            select now() - interval '365 days' + (g::float / ${recipeCount}) * interval '364 days' as at
          ) c`),
    },
    {
      name: "recipe ingredients (5-10 per recipe) and search text",
      run: async () => {
        await db.execute(sql`
          insert into recipe_ingredients (recipe_id, ingredient_id, unit_id, position, quantity)
          select r.id,
                 (select min(id) from ingredients) + ((r.id * 31 + k * 97) % (select count(*) from ingredients)),
                 (select min(id) from units) + ((r.id + k) % (select count(*) from units)),
                 k, round((0.25 + random() * 200)::numeric, 2)
          from recipes r
          cross join lateral generate_series(1, 5 + r.id % 6) k
          where not exists (select 1 from recipe_search s where s.recipe_id = r.id)`);
        await refreshSearchRows(
          db,
          sql`not exists (select 1 from recipe_search s where s.recipe_id = r.id)`,
        );
      },
    },
    {
      name: "ratings (about 3 per recipe) and recipe averages",
      run: async () => {
        await db.execute(sql`
          insert into ratings (recipe_id, author_id, rating, comment, created_at, updated_at)
          select r.id, u.id, 4 + floor(random() * 7)::int,
                 case when k = 1 then 'Lovely, will make again.' else '' end,
                 r.created_on + interval '1 hour' * k, r.created_on + interval '1 hour' * k
          from recipes r
          cross join generate_series(1, 3) k
          join scale_users u on u.n = 1 + ((r.id * 13 + k * 7717) % ${userCount})
          where u.id <> r.author_id
          on conflict do nothing`);
        await db.execute(sql`
          update recipes r set rating_sum = s.total, rating_count = s.n
          from (select recipe_id, sum(rating)::int as total, count(*)::int as n from ratings group by recipe_id) s
          where s.recipe_id = r.id`);
      },
    },
    {
      name: `feed items (at least ${feedItems})`,
      run: async () => {
        await db.execute(sql`
          insert into feed_items (user_id, event_type, recipe_id, created_on)
          select author_id, 'new_recipe', id, created_on from recipes`);
        await db.execute(sql`
          insert into feed_items (user_id, event_type, recipe_id, rating_id, created_on)
          select author_id, 'new_rating', recipe_id, id, created_at from ratings`);
        await db.execute(sql`
          insert into feed_items (user_id, event_type, recipe_id, created_on)
          select r.author_id, 'update_recipe', r.id, r.created_on + k * interval '3 hours'
          from recipes r cross join generate_series(1, ${updatesPerRecipe}) k`);
      },
    },
    {
      name: "likes and comments",
      run: async () => {
        await db.execute(sql`
          insert into feed_likes (feed_item_id, user_id)
          select f.id, u.id from feed_items f
          join scale_users u on u.n = 1 + ((f.id * 17) % ${userCount})
          where f.id % 2 = 0
          on conflict do nothing`);
        await db.execute(sql`
          insert into feed_comments (feed_item_id, user_id, text, created_at)
          select f.id, u.id, 'Looks delicious!', f.created_on + interval '2 hours'
          from feed_items f
          join scale_users u on u.n = 1 + ((f.id * 29) % ${userCount})
          where f.id % 5 = 0`);
      },
    },
    {
      name: `${lists} grocery lists with plans and shopping items`,
      run: async () => {
        await db.execute(sql`
          insert into grocery_lists (owner_id, name, notes)
          select u.id, 'Week ' || u.n, '<p>Remember the bags.</p>'
          from scale_users u where u.n <= ${lists}`);
        await db.execute(sql`
          insert into planned_recipes (grocery_list_id, recipe_id, guests, planned_on)
          select l.id, (select min(id) from recipes) + ((l.id * 101 + k * 37) % ${recipeCount}), 2 + k,
                 current_date + k
          from grocery_lists l cross join generate_series(1, 3) k`);
        await db.execute(sql`
          insert into planned_extras (grocery_list_id, ingredient_id, unit_id, quantity)
          select l.id, (select min(id) from ingredients) + (l.id % 50), (select min(id) from units), 2
          from grocery_lists l`);
        const ids = await db.execute<{ id: number }>(sql`select id from grocery_lists order by id`);
        await db.transaction((tx) =>
          recomputeShoppingLists(
            tx,
            ids.rows.map((r) => Number(r.id)),
          ),
        );
      },
    },
  ];
  await runSteps(steps);
  await db.execute(sql`drop table if exists scale_users`);
}

/**
 * Run after the seeding transaction commits (VACUUM can't run inside one). The bulk load
 * leaves dead row versions behind (search text and averages are filled in by updates) and
 * new entries in the GIN indexes' pending lists; autovacuum tidies both within minutes in
 * real use, and measuring before it has would measure the load, not the product.
 */
export async function settleAfterSeed(db: Db): Promise<void> {
  await db.execute(sql`vacuum analyze`);
}

export async function printSummary(db: Db): Promise<void> {
  const tables = [
    "users",
    "follows",
    "recipes",
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
      "feed-items": { type: "string", default: "1000000" },
      lists: { type: "string", default: "2000" },
    },
  });
  const options: ScaleOptions = {
    recipes: Number(values.recipes),
    users: Number(values.users),
    feedItems: Number(values["feed-items"]),
    lists: Math.min(Number(values.lists), Number(values.users)),
  };
  if (Object.values(options).some((n) => !Number.isInteger(n) || n < 1) || options.users < 502) {
    console.error("Counts must be positive integers, and --users at least 502.");
    process.exit(2);
  }
  const database = await openDatabase(loadConfig(), {
    holder: "npm run seed:scale",
    reuseRunning: true,
    poolSize: 2,
  });
  const started = performance.now();
  try {
    await database.db.transaction((tx) => seedScale(tx as unknown as Db, options));
    await settleAfterSeed(database.db);
    await printSummary(database.db);
    console.log(`\nDone in ${((performance.now() - started) / 1000).toFixed(1)}s.`);
  } finally {
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
