import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import {
  groceryLists,
  ingredients,
  plannedExtras,
  plannedRecipes,
  recipeIngredients,
  recipes,
  shoppingItems,
} from "../db/schema.js";
import {
  computeShoppingLines,
  type PlannedRecipeInput,
  type ShoppingLine,
} from "./shopping-list.js";

// The database side of the shopping list: load what a list plans, apply the rule of
// computeShoppingLines (shopping-list.ts) and write the difference. The recipes feature calls
// these in the same transaction as a recipe edit or delete, so shopping lists never disagree
// with recipes.
//
// Locking, so that concurrent changes never lose or double-count anything and never deadlock:
// every writer that touches a list's plans or lines holds that list's row lock (FOR UPDATE)
// until it commits, and whoever needs a recipe lock as well takes it BEFORE any list lock
// (planning a recipe: FOR KEY SHARE on it; editing or deleting one: FOR UPDATE, see
// listsPlanningRecipe). Several lists are always locked in id order.

/** Rows per statement when writing lines: far below PostgreSQL's 65,535 parameters. */
const WRITE_CHUNK = 1000;

/**
 * Recomputes the shopping items of one list. Call inside the transaction of the change.
 * Locks the list row first; a list that no longer exists is left alone.
 */
export async function recomputeShoppingList(tx: Tx, groceryListId: number): Promise<void> {
  const [list] = await tx
    .select({ id: groceryLists.id })
    .from(groceryLists)
    .where(eq(groceryLists.id, groceryListId))
    .for("update");
  if (!list) return;

  // Read after the lock: in READ COMMITTED each statement sees everything committed before
  // it started, so a change that held the lock before us is fully included.
  const recipeRows = await tx
    .select({
      planId: plannedRecipes.id,
      recipeId: plannedRecipes.recipeId,
      guests: plannedRecipes.guests,
      title: recipes.title,
      ingredientId: recipeIngredients.ingredientId,
      ingredientName: ingredients.name,
      unitId: recipeIngredients.unitId,
      quantity: recipeIngredients.quantity,
    })
    .from(plannedRecipes)
    .innerJoin(recipes, eq(recipes.id, plannedRecipes.recipeId))
    .innerJoin(recipeIngredients, eq(recipeIngredients.recipeId, recipes.id))
    .innerJoin(ingredients, eq(ingredients.id, recipeIngredients.ingredientId))
    .where(eq(plannedRecipes.groceryListId, groceryListId))
    .orderBy(
      sql`${plannedRecipes.plannedOn} asc nulls last`,
      asc(plannedRecipes.id),
      asc(recipeIngredients.position),
      asc(recipeIngredients.id),
    );
  const extras = await tx
    .select({
      ingredientId: plannedExtras.ingredientId,
      ingredientName: ingredients.name,
      unitId: plannedExtras.unitId,
      quantity: plannedExtras.quantity,
    })
    .from(plannedExtras)
    .innerJoin(ingredients, eq(ingredients.id, plannedExtras.ingredientId))
    .where(eq(plannedExtras.groceryListId, groceryListId))
    .orderBy(asc(plannedExtras.id));
  const previous = await tx
    .select({
      id: shoppingItems.id,
      ingredientId: shoppingItems.ingredientId,
      unitId: shoppingItems.unitId,
      quantity: shoppingItems.quantity,
      fromRecipes: shoppingItems.fromRecipes,
      isChecked: shoppingItems.isChecked,
    })
    .from(shoppingItems)
    .where(eq(shoppingItems.groceryListId, groceryListId));

  // Rows come one plan at a time (ordered by plan), each with its ingredients.
  const plans: PlannedRecipeInput[] = [];
  let currentPlanId: number | undefined;
  for (const row of recipeRows) {
    if (row.planId !== currentPlanId) {
      currentPlanId = row.planId;
      plans.push({ recipeId: row.recipeId, title: row.title, guests: row.guests, ingredients: [] });
    }
    plans.at(-1)?.ingredients.push(row);
  }

  const lines = computeShoppingLines(plans, extras, previous);
  await writeDiff(tx, groceryListId, previous, lines);
}

async function writeDiff(
  tx: Tx,
  groceryListId: number,
  previous: { id: number; quantity: number; fromRecipes: string; isChecked: boolean }[],
  lines: ShoppingLine[],
): Promise<void> {
  const kept = new Set(lines.flatMap((line) => (line.id === null ? [] : [line.id])));
  const vanished = previous.filter((p) => !kept.has(p.id)).map((p) => p.id);
  const previousById = new Map(previous.map((p) => [p.id, p]));
  const changed = lines.filter((line) => {
    const before = line.id === null ? undefined : previousById.get(line.id);
    return (
      before !== undefined &&
      (before.quantity !== line.quantity ||
        before.fromRecipes !== line.fromRecipes ||
        before.isChecked !== line.isChecked)
    );
  });
  const added = lines.filter((line) => line.id === null);

  for (const ids of chunks(vanished)) {
    await tx.delete(shoppingItems).where(inArray(shoppingItems.id, ids));
  }
  for (const rows of chunks(changed)) {
    const values = sql.join(
      rows.map(
        (l) =>
          sql`(${l.id}::int, ${l.quantity}::float8, ${l.fromRecipes}::text, ${l.isChecked}::bool)`,
      ),
      sql`, `,
    );
    await tx.execute(sql`
      update ${shoppingItems} as s
      set quantity = v.quantity, from_recipes = v.from_recipes, is_checked = v.is_checked
      from (values ${values}) as v(id, quantity, from_recipes, is_checked)
      where s.id = v.id and s.grocery_list_id = ${groceryListId}`);
  }
  for (const rows of chunks(added)) {
    await tx.insert(shoppingItems).values(
      rows.map((l) => ({
        groceryListId,
        ingredientId: l.ingredientId,
        unitId: l.unitId,
        quantity: l.quantity,
        fromRecipes: l.fromRecipes,
        isChecked: l.isChecked,
      })),
    );
  }
}

function* chunks<T>(items: T[]): Generator<T[]> {
  for (let start = 0; start < items.length; start += WRITE_CHUNK) {
    yield items.slice(start, start + WRITE_CHUNK);
  }
}

/**
 * Ids of the lists that plan this recipe, locked. Call it BEFORE deleting the recipe (after,
 * its plans are gone) and before or after editing it, then pass the ids to
 * recomputeShoppingLists once the recipe's ingredients are written.
 *
 * It locks the recipe row (FOR UPDATE) first: planning that recipe onto a list waits for the
 * edit or delete to commit, so no plan slips in between this read and the recompute, and the
 * lock order (recipe, then lists in id order) is the one every writer follows.
 */
export async function listsPlanningRecipe(tx: Tx, recipeId: number): Promise<number[]> {
  await tx.select({ id: recipes.id }).from(recipes).where(eq(recipes.id, recipeId)).for("update");
  const rows = await tx
    .select({ id: groceryLists.id })
    .from(groceryLists)
    .where(
      inArray(
        groceryLists.id,
        tx
          .select({ id: plannedRecipes.groceryListId })
          .from(plannedRecipes)
          .where(eq(plannedRecipes.recipeId, recipeId)),
      ),
    )
    .orderBy(asc(groceryLists.id))
    .for("update");
  return rows.map((row) => row.id);
}

/** Recomputes every list in `groceryListIds` (e.g. after a recipe edit or delete). */
export async function recomputeShoppingLists(tx: Tx, groceryListIds: number[]): Promise<void> {
  // In id order, as everywhere, so two transactions never wait on each other in a circle.
  const ids = [...new Set(groceryListIds)].sort((a, b) => a - b);
  for (const id of ids) await recomputeShoppingList(tx, id);
}

/** Locks a list for a change to its plans: 404-worthy `undefined` when it is not the user's. */
export async function lockOwnList(
  tx: Tx,
  groceryListId: number,
  ownerId: number,
): Promise<{ id: number } | undefined> {
  const [list] = await tx
    .select({ id: groceryLists.id })
    .from(groceryLists)
    .where(and(eq(groceryLists.id, groceryListId), eq(groceryLists.ownerId, ownerId)))
    .for("update");
  return list;
}
