import { and, asc, desc, eq, exists, sql } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import { shareListOfItem } from "../db/locks.js";
import {
  groceryLists,
  ingredients,
  plannedExtras,
  plannedRecipes,
  recipes,
  shoppingItems,
  units,
} from "../db/schema.js";

// Every query here is scoped by owner: someone else's list, plan or item is simply not found.

export async function listsOf(tx: Tx, ownerId: number) {
  const rows = await tx
    .select({
      id: groceryLists.id,
      name: groceryLists.name,
      createdAt: groceryLists.createdAt,
      updatedAt: groceryLists.updatedAt,
    })
    .from(groceryLists)
    .where(eq(groceryLists.ownerId, ownerId))
    .orderBy(desc(groceryLists.createdAt), desc(groceryLists.id));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }));
}

export async function createList(tx: Tx, ownerId: number, name: string) {
  const [list] = await tx
    .insert(groceryLists)
    .values({ ownerId, name })
    .returning({ id: groceryLists.id, name: groceryLists.name });
  if (!list) throw new Error("insert returned no row");
  return list;
}

export async function findOwnList(tx: Tx, id: number, ownerId: number) {
  const [list] = await tx
    .select({ id: groceryLists.id, name: groceryLists.name, notes: groceryLists.notes })
    .from(groceryLists)
    .where(and(eq(groceryLists.id, id), eq(groceryLists.ownerId, ownerId)));
  return list;
}

export async function ownsList(tx: Tx, id: number, ownerId: number): Promise<boolean> {
  const rows = await tx
    .select({ id: groceryLists.id })
    .from(groceryLists)
    .where(and(eq(groceryLists.id, id), eq(groceryLists.ownerId, ownerId)));
  return rows.length > 0;
}

export async function updateOwnList(
  tx: Tx,
  id: number,
  ownerId: number,
  changes: { name?: string; notes?: string },
) {
  const [list] = await tx
    .update(groceryLists)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(groceryLists.id, id), eq(groceryLists.ownerId, ownerId)))
    .returning({ id: groceryLists.id, name: groceryLists.name, notes: groceryLists.notes });
  return list;
}

/** Deletes a list with its plans and items (the foreign keys cascade); false when not found. */
export async function deleteOwnList(tx: Tx, id: number, ownerId: number): Promise<boolean> {
  const deleted = await tx
    .delete(groceryLists)
    .where(and(eq(groceryLists.id, id), eq(groceryLists.ownerId, ownerId)))
    .returning({ id: groceryLists.id });
  return deleted.length > 0;
}

/** A list's plans changed: it was updated, whatever the change. */
export async function touchList(tx: Tx, id: number): Promise<void> {
  await tx.update(groceryLists).set({ updatedAt: sql`now()` }).where(eq(groceryLists.id, id));
}

// ---------- planned recipes ----------

export async function insertPlannedRecipe(
  tx: Tx,
  plan: { groceryListId: number; recipeId: number; guests: number; plannedOn: string | null },
) {
  const [row] = await tx.insert(plannedRecipes).values(plan).returning({ id: plannedRecipes.id });
  if (!row) throw new Error("insert returned no row");
  return row;
}

const plannedRecipeColumns = {
  id: plannedRecipes.id,
  recipeId: recipes.id,
  title: recipes.title,
  guests: plannedRecipes.guests,
  plannedOn: plannedRecipes.plannedOn,
};
const toPlannedRecipe = (row: {
  id: number;
  recipeId: number;
  title: string;
  guests: number;
  plannedOn: string | null;
}) => ({
  id: row.id,
  recipe: { id: row.recipeId, title: row.title },
  guests: row.guests,
  planned_on: row.plannedOn,
});

/** A list's planned recipes by date, undated last (then in the order they were planned). */
export async function plannedRecipesOf(tx: Tx, groceryListId: number) {
  const rows = await tx
    .select(plannedRecipeColumns)
    .from(plannedRecipes)
    .innerJoin(recipes, eq(recipes.id, plannedRecipes.recipeId))
    .where(eq(plannedRecipes.groceryListId, groceryListId))
    .orderBy(sql`${plannedRecipes.plannedOn} asc nulls last`, asc(plannedRecipes.id));
  return rows.map(toPlannedRecipe);
}

export async function plannedRecipeById(tx: Tx, id: number) {
  const [row] = await tx
    .select(plannedRecipeColumns)
    .from(plannedRecipes)
    .innerJoin(recipes, eq(recipes.id, plannedRecipes.recipeId))
    .where(eq(plannedRecipes.id, id));
  return row && toPlannedRecipe(row);
}

export async function deletePlannedRecipe(tx: Tx, planId: number, groceryListId: number) {
  const deleted = await tx
    .delete(plannedRecipes)
    .where(and(eq(plannedRecipes.id, planId), eq(plannedRecipes.groceryListId, groceryListId)))
    .returning({ id: plannedRecipes.id });
  return deleted.length > 0;
}

// ---------- planned extras ----------

/** Which of an ingredient and a unit exist (reference data: never deleted). */
export async function ingredientAndUnitExist(tx: Tx, ingredientId: number, unitId: number) {
  const [row] = await tx
    .execute<{ ingredient: boolean; unit: boolean }>(sql`
    select exists(select 1 from ${ingredients} where id = ${ingredientId}) as ingredient,
           exists(select 1 from ${units} where id = ${unitId}) as unit`)
    .then((r) => r.rows);
  return { ingredient: row?.ingredient === true, unit: row?.unit === true };
}

export async function insertPlannedExtra(
  tx: Tx,
  extra: {
    groceryListId: number;
    ingredientId: number;
    unitId: number;
    quantity: number;
    plannedOn: string | null;
  },
) {
  const [row] = await tx.insert(plannedExtras).values(extra).returning({ id: plannedExtras.id });
  if (!row) throw new Error("insert returned no row");
  return row;
}

const plannedExtraQuery = (tx: Tx) =>
  tx
    .select({
      id: plannedExtras.id,
      ingredientId: ingredients.id,
      ingredientName: ingredients.name,
      quantity: plannedExtras.quantity,
      unitId: units.id,
      unitName: units.name,
    })
    .from(plannedExtras)
    .innerJoin(ingredients, eq(ingredients.id, plannedExtras.ingredientId))
    .innerJoin(units, eq(units.id, plannedExtras.unitId));
const toPlannedExtra = (row: Awaited<ReturnType<typeof plannedExtraQuery>>[number]) => ({
  id: row.id,
  ingredient: { id: row.ingredientId, name: row.ingredientName },
  quantity: row.quantity,
  unit: { id: row.unitId, name: row.unitName },
});

/** A list's planned extras by date, undated last (then in the order they were planned). */
export async function plannedExtrasOf(tx: Tx, groceryListId: number) {
  const rows = await plannedExtraQuery(tx)
    .where(eq(plannedExtras.groceryListId, groceryListId))
    .orderBy(sql`${plannedExtras.plannedOn} asc nulls last`, asc(plannedExtras.id));
  return rows.map(toPlannedExtra);
}

export async function plannedExtraById(tx: Tx, id: number) {
  const [row] = await plannedExtraQuery(tx).where(eq(plannedExtras.id, id));
  return row && toPlannedExtra(row);
}

export async function deletePlannedExtra(tx: Tx, extraId: number, groceryListId: number) {
  const deleted = await tx
    .delete(plannedExtras)
    .where(and(eq(plannedExtras.id, extraId), eq(plannedExtras.groceryListId, groceryListId)))
    .returning({ id: plannedExtras.id });
  return deleted.length > 0;
}

// ---------- shopping items ----------

const itemQuery = (tx: Tx) =>
  tx
    .select({
      id: shoppingItems.id,
      isChecked: shoppingItems.isChecked,
      quantity: shoppingItems.quantity,
      unitId: units.id,
      unitName: units.name,
      ingredientId: ingredients.id,
      ingredientName: ingredients.name,
      fromRecipes: shoppingItems.fromRecipes,
      groceryListId: shoppingItems.groceryListId,
    })
    .from(shoppingItems)
    .innerJoin(ingredients, eq(ingredients.id, shoppingItems.ingredientId))
    .innerJoin(units, eq(units.id, shoppingItems.unitId));
const toItem = (row: Awaited<ReturnType<typeof itemQuery>>[number]) => ({
  id: row.id,
  is_checked: row.isChecked,
  quantity: row.quantity,
  unit: { id: row.unitId, name: row.unitName },
  ingredient: { id: row.ingredientId, name: row.ingredientName },
  from_recipes: row.fromRecipes,
  grocery_list: row.groceryListId,
});

/**
 * The lines of one of the owner's lists, ordered by ingredient name; undefined when the list
 * is not theirs. One query when the list has lines (the page polls it); an empty result also
 * asks whether the list exists.
 */
export async function ownListItems(tx: Tx, groceryListId: number, ownerId: number) {
  const rows = await itemQuery(tx)
    .where(
      and(
        eq(shoppingItems.groceryListId, groceryListId),
        exists(
          tx
            .select({ id: groceryLists.id })
            .from(groceryLists)
            .where(and(eq(groceryLists.id, groceryListId), eq(groceryLists.ownerId, ownerId))),
        ),
      ),
    )
    .orderBy(asc(sql`lower(${ingredients.name})`), asc(units.name), asc(shoppingItems.id));
  if (rows.length === 0 && !(await ownsList(tx, groceryListId, ownerId))) return undefined;
  return rows.map(toItem);
}

/**
 * Ticks or unticks one of the owner's lines, holding its list FOR SHARE (shareListOfItem) so
 * that no recompute runs in between and undoes the tick.
 */
export async function setItemChecked(tx: Tx, itemId: number, ownerId: number, isChecked: boolean) {
  if ((await shareListOfItem(tx, itemId, ownerId)) === undefined) return undefined;
  await tx.update(shoppingItems).set({ isChecked }).where(eq(shoppingItems.id, itemId));
  const [row] = await itemQuery(tx).where(eq(shoppingItems.id, itemId));
  return row && toItem(row);
}
