import { parseArgs } from "node:util";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import "../src/db/client.js"; // its int8/numeric parsers
import type { EmbeddedDatabase } from "../src/db/embedded.js";
import { runMigrations } from "../src/db/migrate.js";
import * as schema from "../src/db/schema.js";
import { recomputeShoppingList } from "../src/groceries/recompute.js";
import { loadReferenceData } from "../src/reference-data.js";
import { startScratchPostgres } from "../test/scratch-postgres.js";

const { values } = parseArgs({
  options: {
    plans: { type: "string", default: "50" },
    ingredients: { type: "string", default: "15" },
    runs: { type: "string", default: "15" },
  },
});
const PLANS = Number(values.plans);
const INGREDIENTS = Number(values.ingredients);
const RUNS = Number(values.runs);

let embedded: EmbeddedDatabase | undefined;
let url = process.env.DATABASE_URL;
if (!url) {
  embedded = await startScratchPostgres("potluck-bench-");
  url = embedded.url;
}

let statements = 0;
const pool = new pg.Pool({ connectionString: url, max: 2 });
const db = drizzle(pool, {
  schema,
  logger: {
    logQuery: (q) => {
      statements++;
      if (process.env.SHOW_SQL) console.log(q.slice(0, 80));
    },
  },
});

try {
  await runMigrations(db);
  await loadReferenceData(db);

  const allIngredients = await db.select({ id: schema.ingredients.id }).from(schema.ingredients);
  const allUnits = await db.select({ id: schema.units.id }).from(schema.units);
  const [user] = await db
    .insert(schema.users)
    .values({
      username: `bench_${Date.now()}`,
      email: `bench_${Date.now()}@example.com`,
      passwordHash: "x",
    })
    .returning({ id: schema.users.id });
  if (!user) throw new Error("no user");
  const [list] = await db
    .insert(schema.groceryLists)
    .values({ ownerId: user.id, name: "Bench" })
    .returning({ id: schema.groceryLists.id });
  if (!list) throw new Error("no list");

  // Recipes drawing from a pool of 120 ingredients in 3 units, so lines overlap as in life.
  const pick = (seed: number) => allIngredients[(seed * 7919) % 120]?.id as number;
  for (let r = 0; r < PLANS; r++) {
    const [recipe] = await db
      .insert(schema.recipes)
      .values({ authorId: user.id, title: `Bench recipe ${r}`, slug: `bench-recipe-${r}` })
      .returning({ id: schema.recipes.id });
    if (!recipe) throw new Error("no recipe");
    await db.insert(schema.recipeIngredients).values(
      Array.from({ length: INGREDIENTS }, (_, i) => ({
        recipeId: recipe.id,
        ingredientId: pick(r * INGREDIENTS + i),
        unitId: allUnits[(r + i) % 3]?.id as number,
        quantity: 1 + ((r * 13 + i * 7) % 50) / 4,
        position: i,
      })),
    );
    await db
      .insert(schema.plannedRecipes)
      .values({ groceryListId: list.id, recipeId: recipe.id, guests: 1 + (r % 8) });
  }

  const time = async (prepare?: () => Promise<void>) => {
    if (prepare) await prepare();
    const before = statements;
    const start = process.hrtime.bigint();
    await db.transaction((tx) => recomputeShoppingList(tx, list.id));
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    return { ms, statements: statements - before };
  };
  const clearLines = () =>
    db
      .delete(schema.shoppingItems)
      .where(eq(schema.shoppingItems.groceryListId, list.id))
      .then(() => undefined);
  let bump = 0;
  const changeAllGuests = async () => {
    bump += 1;
    await db
      .update(schema.plannedRecipes)
      .set({ guests: 1 + (bump % 9) })
      .where(eq(schema.plannedRecipes.groceryListId, list.id));
  };

  await time(); // warm-up: connections, plans, caches
  const scenarios = {
    "from scratch (every line inserted)": () => time(clearLines),
    "nothing changed (no writes)": () => time(),
    "every quantity changed (every line updated)": () => time(changeAllGuests),
  };
  const lineCount = (
    await db
      .select({ id: schema.shoppingItems.id })
      .from(schema.shoppingItems)
      .where(eq(schema.shoppingItems.groceryListId, list.id))
  ).length;
  console.log(
    `recomputeShoppingList: ${PLANS} planned recipes × ${INGREDIENTS} ingredients ` +
      `(${PLANS * INGREDIENTS} ingredient rows → ${lineCount} lines), ${RUNS} runs each`,
  );
  for (const [name, run] of Object.entries(scenarios)) {
    const results = [];
    for (let i = 0; i < RUNS; i++) results.push(await run());
    const sorted = results.map((r) => r.ms).sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)] as number;
    const counts = [...new Set(results.map((r) => r.statements))].join("/");
    console.log(
      `  ${name.padEnd(46)} median ${median.toFixed(1)} ms  ` +
        `(min ${sorted[0]?.toFixed(1)}, max ${sorted.at(-1)?.toFixed(1)})  ` +
        `SQL statements: ${counts} (BEGIN and COMMIT included)`,
    );
  }
} finally {
  await pool.end();
  await embedded?.stop();
}
