import { type SQL, sql } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import {
  ingredients,
  plannedExtras,
  plannedRecipes,
  recipeIngredients,
  recipes,
  shoppingItems,
} from "../db/schema.js";
import { listUnits } from "../ingredients/repository.js";
import { recordListChange } from "./list-events.js";
import { touchList } from "./repository.js";
import {
  computeShoppingLines,
  type ExtraInput,
  type PlannedRecipeInput,
  type PreviousLine,
  type ShoppingLine,
  type UnitRow,
} from "./shopping-list.js";

// The database side of the shopping list: load what the lists plan, apply the rule of
// computeShoppingLines (shopping-list.ts) to each list and write the differences. The recipes
// feature calls it in the same transaction as a recipe edit or delete, so shopping lists never
// disagree with recipes.
//
// Set-based: however many lists, five reads (plans, the planned recipes' ingredients,
// extras, previous lines, each for all the lists at once, and the units table, which says
// which units merge) and at most three writes (one
// delete, one update, one insert, each for all the lists, with arrays as parameters). A recipe
// planned on 5,000 lists is recomputed in seven statements, not 5,000 × four.
//
// The caller holds the lists' locks (FOR UPDATE, see db/locks.ts) before calling, and reads
// happen after them: in READ COMMITTED each statement sees everything committed before it
// started, so a change that held a list before us is fully included.

/** A JS array as ONE array parameter (node-postgres encodes it), whatever its length. */
const array = (values: unknown[], type: string): SQL => sql`${sql.param(values)}::${sql.raw(type)}`;

/**
 * What follows every change to a list's plans (a recipe or an extra planned or unplanned), in
 * the change's transaction with the list locked (db/locks.ts): the list counts as updated,
 * its shopping lines are recomputed, and its cooks' open screens hear of it (last, as
 * recordListChange must be).
 */
export async function plansChanged(tx: Tx, listId: number, byUsername: string): Promise<void> {
  await touchList(tx, listId);
  await recomputeShoppingList(tx, listId);
  await recordListChange(tx, listId, "planned", byUsername);
}

/** Recomputes one list: the same code path as many, with a list of one. */
export async function recomputeShoppingList(tx: Tx, groceryListId: number): Promise<void> {
  await recomputeShoppingLists(tx, [groceryListId]);
}

/**
 * Recomputes the shopping lines of every list in `groceryListIds` (missing lists: nothing).
 * Returns the ids of the lists whose lines changed: a recipe edit announces its change to
 * those (list-events.ts), not to every list that plans the recipe.
 */
export async function recomputeShoppingLists(tx: Tx, groceryListIds: number[]): Promise<number[]> {
  const ids = [...new Set(groceryListIds)];
  if (ids.length === 0) return [];
  const listIds = array(ids, "int[]");

  const plans = await tx
    .select({
      listId: plannedRecipes.groceryListId,
      recipeId: plannedRecipes.recipeId,
      guests: plannedRecipes.guests,
      title: recipes.title,
      servings: recipes.servings,
    })
    .from(plannedRecipes)
    .innerJoin(recipes, sql`${recipes.id} = ${plannedRecipes.recipeId}`)
    .where(sql`${plannedRecipes.groceryListId} = any(${listIds})`)
    .orderBy(sql`${plannedRecipes.plannedOn} asc nulls last, ${plannedRecipes.id} asc`);
  // Each planned recipe's ingredient lines once, however many plans share it: catalogue
  // rows with their ingredient's name, rows kept as written with their text.
  const recipeLines = await tx
    .select({
      recipeId: recipeIngredients.recipeId,
      ingredientId: recipeIngredients.ingredientId,
      ingredientName: ingredients.name,
      text: recipeIngredients.text,
      unitId: recipeIngredients.unitId,
      quantity: recipeIngredients.quantity,
    })
    .from(recipeIngredients)
    .leftJoin(ingredients, sql`${ingredients.id} = ${recipeIngredients.ingredientId}`)
    .where(
      sql`${recipeIngredients.recipeId} in (select ${plannedRecipes.recipeId} from ${plannedRecipes}
        where ${plannedRecipes.groceryListId} = any(${listIds}))`,
    )
    .orderBy(sql`${recipeIngredients.position} asc, ${recipeIngredients.id} asc`);
  // Catalogue extras with their ingredient's name, free-text ones with their text.
  const extras = await tx
    .select({
      listId: plannedExtras.groceryListId,
      ingredientId: plannedExtras.ingredientId,
      ingredientName: ingredients.name,
      text: plannedExtras.text,
      unitId: plannedExtras.unitId,
      quantity: plannedExtras.quantity,
    })
    .from(plannedExtras)
    .leftJoin(ingredients, sql`${ingredients.id} = ${plannedExtras.ingredientId}`)
    .where(sql`${plannedExtras.groceryListId} = any(${listIds})`)
    .orderBy(sql`${plannedExtras.id} asc`);
  const previous = await tx
    .select({
      listId: shoppingItems.groceryListId,
      id: shoppingItems.id,
      ingredientId: shoppingItems.ingredientId,
      text: shoppingItems.text,
      unitId: shoppingItems.unitId,
      quantity: shoppingItems.quantity,
      fromRecipes: shoppingItems.fromRecipes,
      isChecked: shoppingItems.isChecked,
    })
    .from(shoppingItems)
    .where(sql`${shoppingItems.groceryListId} = any(${listIds})`);
  const unitRows: UnitRow[] = await listUnits(tx);

  const linesOfRecipe = groupBy(recipeLines, (line) => line.recipeId);
  const plansOfList = groupBy(plans, (plan) => plan.listId);
  const extrasOfList = groupBy(extras, (extra) => extra.listId);
  const previousOfList = groupBy(previous, (line) => line.listId);
  const diff: ShoppingDiff = { vanished: [], changed: [], added: [] };
  const changedLists: number[] = [];
  for (const listId of ids) {
    const listPlans: PlannedRecipeInput[] = (plansOfList.get(listId) ?? []).map((plan) => ({
      recipeId: plan.recipeId,
      title: plan.title,
      guests: plan.guests,
      servings: plan.servings,
      ingredients: (linesOfRecipe.get(plan.recipeId) ?? []).map(toExtraInput),
    }));
    const listExtras = (extrasOfList.get(listId) ?? []).map(toExtraInput);
    const before = previousOfList.get(listId) ?? [];
    const lines = computeShoppingLines(listPlans, listExtras, before, unitRows);
    if (addDiff(diff, listId, before, lines)) changedLists.push(listId);
  }
  await writeDiff(tx, diff);
  return changedLists;
}

/**
 * A planned extra's row, or a planned recipe's ingredient row, as the rule takes it: a
 * catalogue ingredient or a free-text line (an extra's typed line, a recipe's row kept as
 * written). The tables' checks give a catalogue row its ingredient, unit and quantity.
 */
function toExtraInput(row: {
  ingredientId: number | null;
  ingredientName: string | null;
  text: string | null;
  unitId: number | null;
  quantity: number | null;
}): ExtraInput {
  if (row.text !== null) return { text: row.text, unitId: row.unitId, quantity: row.quantity };
  if (
    row.ingredientId === null ||
    row.ingredientName === null ||
    row.unitId === null ||
    row.quantity === null
  ) {
    throw new Error("a catalogue row without its ingredient, unit or quantity");
  }
  return {
    ingredientId: row.ingredientId,
    ingredientName: row.ingredientName,
    unitId: row.unitId,
    quantity: row.quantity,
  };
}

function groupBy<T, K>(rows: T[], key: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    const group = groups.get(k);
    if (group) group.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}

/** The changes to the shopping lines of many lists. */
interface ShoppingDiff {
  vanished: number[];
  changed: ShoppingLine[];
  added: (ShoppingLine & { listId: number })[];
}

/** Adds one list's changes to `diff`: its previous lines against its new ones; whether any. */
function addDiff(
  diff: ShoppingDiff,
  listId: number,
  previous: (PreviousLine & { fromRecipes: string })[],
  lines: ShoppingLine[],
): boolean {
  const sizeBefore = diff.vanished.length + diff.changed.length + diff.added.length;
  const kept = new Set(lines.flatMap((line) => (line.id === null ? [] : [line.id])));
  for (const p of previous) if (!kept.has(p.id)) diff.vanished.push(p.id);
  const previousById = new Map(previous.map((p) => [p.id, p]));
  for (const line of lines) {
    const before = line.id === null ? undefined : previousById.get(line.id);
    if (line.id === null) diff.added.push({ ...line, listId });
    else if (
      before !== undefined &&
      (before.quantity !== line.quantity ||
        before.unitId !== line.unitId ||
        (before.text ?? null) !== line.text ||
        before.fromRecipes !== line.fromRecipes ||
        before.isChecked !== line.isChecked)
    ) {
      diff.changed.push(line);
    }
  }
  return diff.vanished.length + diff.changed.length + diff.added.length > sizeBefore;
}

/** unnest() of parallel arrays, each one parameter: the rows of a write, however many. */
const unnest = (...columns: [unknown[], string][]): SQL =>
  sql`unnest(${sql.join(
    columns.map(([values, type]) => array(values, type)),
    sql`, `,
  )})`;

/** Writes the changes of all the lists: one delete, one update, one insert at most. */
async function writeDiff(tx: Tx, { vanished, changed, added }: ShoppingDiff): Promise<void> {
  if (vanished.length > 0) {
    await tx.execute(sql`delete from ${shoppingItems} where id = any(${array(vanished, "int[]")})`);
  }
  if (changed.length > 0) {
    // A merged line may change unit (500 g became 1.5 kg): still the same line.
    // A free-text line may also change how it reads ("Paper towels" went, "paper towels" stays).
    const rows = unnest(
      [changed.map((l) => l.id), "int[]"],
      [changed.map((l) => l.text), "text[]"],
      [changed.map((l) => l.unitId), "int[]"],
      [changed.map((l) => l.quantity), "float8[]"],
      [changed.map((l) => l.fromRecipes), "text[]"],
      [changed.map((l) => l.isChecked), "bool[]"],
    );
    await tx.execute(sql`
      update ${shoppingItems} as s
      set text = v.text, unit_id = v.unit_id, quantity = v.quantity,
          from_recipes = v.from_recipes, is_checked = v.is_checked
      from ${rows} as v(id, text, unit_id, quantity, from_recipes, is_checked)
      where s.id = v.id`);
  }
  if (added.length > 0) {
    const rows = unnest(
      [added.map((l) => l.listId), "int[]"],
      [added.map((l) => l.ingredientId), "int[]"],
      [added.map((l) => l.text), "text[]"],
      [added.map((l) => l.unitId), "int[]"],
      [added.map((l) => l.quantity), "float8[]"],
      [added.map((l) => l.fromRecipes), "text[]"],
      [added.map((l) => l.isChecked), "bool[]"],
    );
    await tx.execute(sql`
      insert into ${shoppingItems}
        (grocery_list_id, ingredient_id, text, unit_id, quantity, from_recipes, is_checked)
      select * from ${rows}`);
  }
}
