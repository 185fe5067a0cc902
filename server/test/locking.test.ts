import { measureOf } from "@potluck/contract";
import { and, asc, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Db } from "../src/db/client.js";
import { groceryLists, plannedRecipes, recipes, shoppingItems, units } from "../src/db/schema.js";
import { recomputeShoppingLists } from "../src/groceries/recompute.js";
import { createRecipe, deleteRecipeEverywhere, updateRecipe } from "../src/recipes/writes.js";
import { ingredientId, signedIn, unitId } from "./factories.js";
import { createTestApp } from "./helper.js";

// The writers of the lock protocol (src/db/locks.ts) running at once, many times: a recipe
// edit and a recipe delete whose recipes are planned on the same lists, a cook planning the
// edited recipe once more and unplanning it elsewhere, a tick, a change to a rating of the
// deleted recipe, and a new recipe. None may fail (a deadlock is PostgreSQL error 40P01),
// and every list must end as a fresh recompute would leave it.

const { app, db } = await createTestApp();

const G = await unitId(db, "g");
const ML = await unitId(db, "ml");
const FLOUR = await ingredientId(db, "All-purpose flour");
const MILK = await ingredientId(db, "Whole milk");
const EGG = await ingredientId(db, "Egg");
const BUTTER = await ingredientId(db, "Butter");

const ROUNDS = 40;
const LISTS = 4;

const submission = (title: string, rows: { ingredient_id: number; quantity: number }[]) => ({
  title,
  content: "<p>Cook it.</p>",
  ingredients: rows.map((row) => ({ ...row, unit_id: row.ingredient_id === MILK ? ML : G })),
  removeImage: false,
  image: undefined,
});

/** The lines of the lists, as comparable text. */
/**
 * Each list's amount of each ingredient and sources, in g or ml (or counts): a line partly
 * ticked is two lines, its ticked part and the rest (issue 34 §2), which a recompute from
 * scratch (no ticks) makes one again, so lines are compared by what they add up to.
 */
async function linesOf(database: Db, listIds: number[]) {
  const rows = await database
    .select({
      list: shoppingItems.groceryListId,
      ingredient: shoppingItems.ingredientId,
      unit: units.name,
      quantity: shoppingItems.quantity,
      from: shoppingItems.fromRecipes,
    })
    .from(shoppingItems)
    .innerJoin(units, eq(units.id, shoppingItems.unitId))
    .where(inArray(shoppingItems.groceryListId, listIds))
    .orderBy(asc(shoppingItems.groceryListId), asc(shoppingItems.ingredientId));
  const totals = new Map<string, number>();
  for (const r of rows) {
    const key = `${r.list}: ${measureOf(r.unit)?.dimension ?? r.unit}/${r.ingredient} for ${r.from}`;
    const amount = (r.quantity ?? 0) * (measureOf(r.unit)?.base ?? 1);
    totals.set(key, (totals.get(key) ?? 0) + amount);
  }
  return [...totals].map(([key, total]) => `${key}: ${Math.round(total * 100) / 100}`);
}

describe("the lock protocol", () => {
  it("edits and deletes recipes planned on the same lists at once without deadlock", async () => {
    const { user: author } = await signedIn(app, db);
    const { user: cook, agent } = await signedIn(app, db);
    const listIds = (
      await db
        .insert(groceryLists)
        .values(Array.from({ length: LISTS }, (_, i) => ({ ownerId: cook.id, name: `L${i}` })))
        .returning({ id: groceryLists.id })
    ).map((row) => row.id);

    const failures: string[] = [];
    const record = (what: string) => (error: unknown) => {
      const cause = (error as { cause?: { code?: string } }).cause;
      failures.push(`${what}: ${cause?.code ?? ""} ${String(error)}`);
    };
    const expectOk = (what: string) => (response: { statusCode: number; body: string }) => {
      if (response.statusCode >= 300)
        failures.push(`${what}: ${response.statusCode} ${response.body}`);
    };

    for (let round = 0; round < ROUNDS; round++) {
      const [edited, deleted] = [
        await createRecipe(
          db,
          app.storage,
          author.id,
          submission(`Pancakes ${round}`, [
            { ingredient_id: FLOUR, quantity: 30 },
            { ingredient_id: MILK, quantity: 60 },
          ]),
        ),
        await createRecipe(
          db,
          app.storage,
          author.id,
          submission(`Crepes ${round}`, [
            { ingredient_id: FLOUR, quantity: 20 },
            { ingredient_id: EGG, quantity: 1 },
          ]),
        ),
      ];
      await db.insert(plannedRecipes).values(
        listIds.flatMap((groceryListId, i) => [
          { groceryListId, recipeId: edited, guests: 1 + i },
          { groceryListId, recipeId: deleted, guests: 2 + i },
        ]),
      );
      await db.transaction((tx) => recomputeShoppingLists(tx, listIds));
      const rated = await agent.post("/api/recipes/ratings/", {
        recipe: deleted,
        rating: 4,
        comment: "Good",
      });
      expectOk("rate")(rated);
      const [tickable] = await db
        .select({ id: shoppingItems.id })
        .from(shoppingItems)
        .where(
          and(
            eq(shoppingItems.groceryListId, listIds[round % LISTS] as number),
            eq(shoppingItems.ingredientId, FLOUR), // needed before and after: it stays
          ),
        );
      const [unplannable] = await db
        .select({ id: plannedRecipes.id })
        .from(plannedRecipes)
        .where(
          and(
            eq(plannedRecipes.groceryListId, listIds[(round + 1) % LISTS] as number),
            eq(plannedRecipes.recipeId, edited),
          ),
        );

      await Promise.all([
        updateRecipe(
          db,
          app.storage,
          edited,
          submission(`Pancakes ${round} v2`, [
            { ingredient_id: FLOUR, quantity: 35 },
            { ingredient_id: BUTTER, quantity: 5 },
          ]),
        ).catch(record("edit")),
        deleteRecipeEverywhere(db, deleted).catch(record("delete")),
        createRecipe(
          db,
          app.storage,
          author.id,
          submission(`Waffles ${round}`, [{ ingredient_id: FLOUR, quantity: 40 }]),
        ).catch(record("create")),
        agent
          .post("/api/groceries/planned-recipes/", {
            grocery_list_id: listIds[(round + 2) % LISTS],
            recipe_id: edited,
            guests: 1,
          })
          .then(expectOk("plan")),
        agent.delete(`/api/groceries/planned-recipes/${unplannable?.id}/`).then(expectOk("unplan")),
        agent
          .patch(`/api/groceries/items/${tickable?.id}/`, { is_checked: true })
          .then(expectOk("tick")),
        // 404 when the recipe delete came first and took the rating with it.
        agent
          .put(`/api/recipes/ratings/${rated.json<{ id: number }>().id}/`, {
            rating: 5,
            comment: "Better",
          })
          .then((response) => {
            if (response.statusCode !== 404) expectOk("re-rate")(response);
          }),
      ]);
      if (failures.length > 0) break; // each deadlock costs a second (deadlock_timeout)
    }

    expect(failures).toEqual([]);
    expect(await db.select().from(recipes).where(eq(recipes.title, "Crepes 0"))).toEqual([]);
    // Every list is what a recompute from scratch makes of its plans now.
    const after = await linesOf(db, listIds);
    expect(after.join("\n")).not.toMatch(/Crepes/);
    await db.delete(shoppingItems).where(inArray(shoppingItems.groceryListId, listIds));
    await db.transaction((tx) => recomputeShoppingLists(tx, listIds));
    expect(await linesOf(db, listIds)).toEqual(after);
  }, 30_000);
});
