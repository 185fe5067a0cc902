import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import "../src/db/client.js"; // its int8/numeric parsers
import type { EmbeddedDatabase } from "../src/db/embedded.js";
import { runMigrations } from "../src/db/migrate.js";
import * as schema from "../src/db/schema.js";
import { recomputeShoppingLists } from "../src/groceries/recompute.js";
import { createImageStorage } from "../src/media/storage.js";
import { updateRecipe } from "../src/recipes/writes.js";
import { loadReferenceData } from "../src/reference-data.js";
import { startScratchPostgres } from "../test/scratch-postgres.js";

// Times updateRecipe on a recipe planned on many lists (each also planning a few other
// recipes and an extra): the edit recomputes every one of those lists in its transaction.
// Usage: npx tsx scripts/bench-edit-planned.ts [--lists 5000] [--runs 7]

const { values } = parseArgs({
  options: {
    lists: { type: "string", default: "5000" },
    ingredients: { type: "string", default: "10" },
    runs: { type: "string", default: "7" },
  },
});
const LISTS = Number(values.lists);
const INGREDIENTS = Number(values.ingredients);
const RUNS = Number(values.runs);
const OTHER_RECIPES = 50;
const OTHER_PLANS = 3;

let embedded: EmbeddedDatabase | undefined;
let url = process.env.DATABASE_URL;
if (!url) {
  embedded = await startScratchPostgres("potluck-bench-");
  url = embedded.url;
}
const mediaDir = mkdtempSync(path.join(os.tmpdir(), "potluck-bench-media-"));

let statements = 0;
const pool = new pg.Pool({ connectionString: url, max: 2 });
// Stopping the scratch database can end a connection the pool is still closing.
pool.on("error", () => {});
const db = drizzle(pool, { schema, logger: { logQuery: () => void statements++ } });

try {
  await runMigrations(db);
  await loadReferenceData(db);

  const allIngredients = await db.select({ id: schema.ingredients.id }).from(schema.ingredients);
  const allUnits = await db.select({ id: schema.units.id }).from(schema.units);
  const ingredient = (n: number) => allIngredients[(n * 7919) % 60]?.id as number;
  const unit = (n: number) => allUnits[n % 3]?.id as number;
  const [user] = await db
    .insert(schema.users)
    .values({ username: "bench", email: "bench@example.com", passwordHash: "x" })
    .returning({ id: schema.users.id });
  if (!user) throw new Error("no user");

  // The edited recipe and the others, all drawing from 60 ingredients in 3 units, so lines
  // of different recipes merge as in life.
  const recipeIds: number[] = [];
  for (let r = 0; r <= OTHER_RECIPES; r++) {
    const [recipe] = await db
      .insert(schema.recipes)
      .values({ authorId: user.id, title: `Bench recipe ${r}`, slug: `bench-recipe-${r}` })
      .returning({ id: schema.recipes.id });
    if (!recipe) throw new Error("no recipe");
    recipeIds.push(recipe.id);
    await db.insert(schema.recipeIngredients).values(
      Array.from({ length: INGREDIENTS }, (_, i) => ({
        recipeId: recipe.id,
        ingredientId: ingredient(r * INGREDIENTS + i),
        unitId: unit(r + i),
        quantity: 1 + ((r * 13 + i * 7) % 50) / 4,
        position: i,
      })),
    );
  }
  const edited = recipeIds[0] as number;
  await db.execute(sql`
    insert into grocery_lists (owner_id, name)
    select ${user.id}, 'Week ' || n from generate_series(1, ${LISTS}) n`);
  await db.execute(sql`
    insert into planned_recipes (grocery_list_id, recipe_id, guests)
    select l.id, ${edited}::int, 1 + l.id % 6 from grocery_lists l`);
  await db.execute(sql`
    insert into planned_recipes (grocery_list_id, recipe_id, guests, planned_on)
    select l.id, ${edited}::int + 1 + (l.id * 7 + k * 13) % ${OTHER_RECIPES}, k + 1,
      current_date + k
    from grocery_lists l cross join generate_series(1, ${OTHER_PLANS}) k`);
  await db.execute(sql`
    insert into planned_extras (grocery_list_id, ingredient_id, unit_id, quantity)
    select l.id, ${ingredient(3)}::int, ${unit(0)}::int, 2 from grocery_lists l`);
  const listIds = (await db.select({ id: schema.groceryLists.id }).from(schema.groceryLists)).map(
    (row) => row.id,
  );
  await db.transaction((tx) => recomputeShoppingLists(tx, listIds));
  await db.execute(sql`vacuum analyze`);
  const lines = await db.$count(schema.shoppingItems);

  // Two versions of the recipe, edited in turn: 8 lines change quantity, 2 are swapped for
  // other ingredients, so every list gets updates, deletions and insertions.
  const version = (turn: number) => ({
    title: `Bench recipe 0 v${turn}`,
    content: "<p>Cook it.</p>",
    ingredients: Array.from({ length: INGREDIENTS }, (_, i) => ({
      ingredient_id: ingredient(i < INGREDIENTS - 2 ? i : i + 40 + (turn % 2)),
      unit_id: unit(i),
      quantity: 1 + i + (turn % 2),
    })),
    removeImage: false,
    image: undefined,
  });
  const storage = createImageStorage(mediaDir);
  const results: { ms: number; statements: number }[] = [];
  for (let turn = 0; turn <= RUNS; turn++) {
    const before = statements;
    const start = process.hrtime.bigint();
    await updateRecipe(db, storage, edited, version(turn));
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    if (turn > 0) results.push({ ms, statements: statements - before }); // turn 0 warms up
  }
  const sorted = results.map((r) => r.ms).sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] as number;
  console.log(
    `updateRecipe of a recipe with ${INGREDIENTS} ingredients planned on ${LISTS} lists ` +
      `(each with ${OTHER_PLANS} other plans and an extra; ${lines} shopping lines), ${RUNS} runs:`,
  );
  console.log(
    `  median ${median.toFixed(0)} ms (min ${sorted[0]?.toFixed(0)}, max ${sorted.at(-1)?.toFixed(0)}), ` +
      `SQL statements per edit: ${[...new Set(results.map((r) => r.statements))].join("/")}`,
  );
} finally {
  await pool.end();
  await embedded?.stop();
  rmSync(mediaDir, { recursive: true, force: true });
}
