import { quantityForGuests } from "@potluck/contract";
import { and, asc, desc, eq, exists, sql } from "drizzle-orm";
import { type Db, preparedPerDb, type Tx } from "../db/client.js";
import { shareListOfItem } from "../db/locks.js";
import {
  aisles,
  groceryListMembers,
  groceryLists,
  ingredients,
  plannedExtras,
  plannedRecipes,
  recipeIngredients,
  recipes,
  shoppingItems,
  units,
  userAisleOrder,
  userIngredientAisles,
  userStaples,
  users,
  userTextAisles,
} from "../db/schema.js";
import { listUnits } from "../ingredients/repository.js";
import {
  type CookId,
  cookAisleJoin,
  cookAisleOrderJoin,
  cookAislePosition,
  cookLineAisleId,
  cookTextAisleJoin,
} from "./aisles.js";
import { mayUseList, roleOn } from "./policy.js";

// Every query of a list here is scoped by mayUseList (policy.ts): a list, plan or item of a list
// the user may not use is simply not found. Rows come back as Drizzle reads them; presenter.ts
// shapes them into responses.

/** The user's own lists and those shared with them, newest first, each with its owner's name. */
export async function listsOf(tx: Tx, userId: number) {
  return tx
    .select({
      id: groceryLists.id,
      name: groceryLists.name,
      ownerId: groceryLists.ownerId,
      ownerUsername: users.username,
      createdAt: groceryLists.createdAt,
      updatedAt: groceryLists.updatedAt,
    })
    .from(groceryLists)
    .innerJoin(users, eq(users.id, groceryLists.ownerId))
    .where(mayUseList(userId))
    .orderBy(desc(groceryLists.createdAt), desc(groceryLists.id));
}

export async function createList(tx: Tx, ownerId: number, name: string) {
  const [list] = await tx
    .insert(groceryLists)
    .values({ ownerId, name })
    .returning({ id: groceryLists.id, name: groceryLists.name });
  if (!list) throw new Error("insert returned no row");
  return list;
}

export async function findList(tx: Tx, id: number, userId: number) {
  const [list] = await tx
    .select({ id: groceryLists.id, name: groceryLists.name, notes: groceryLists.notes })
    .from(groceryLists)
    .where(and(eq(groceryLists.id, id), mayUseList(userId)));
  return list;
}

/** Renames a list or saves its notes: the owner or a member. */
export async function updateList(
  tx: Tx,
  id: number,
  userId: number,
  changes: { name?: string; notes?: string },
) {
  const [list] = await tx
    .update(groceryLists)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(groceryLists.id, id), mayUseList(userId)))
    .returning({ id: groceryLists.id, name: groceryLists.name, notes: groceryLists.notes });
  return list;
}

/**
 * Deletes a list with its plans, items and members (the foreign keys cascade). The caller
 * has checked that the user owns it (roleOn).
 */
export async function deleteList(tx: Tx, id: number): Promise<void> {
  await tx.delete(groceryLists).where(eq(groceryLists.id, id));
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
/** A list's planned recipes by date, undated last (then in the order they were planned). */
export async function plannedRecipesOf(tx: Tx, groceryListId: number) {
  return tx
    .select(plannedRecipeColumns)
    .from(plannedRecipes)
    .innerJoin(recipes, eq(recipes.id, plannedRecipes.recipeId))
    .where(eq(plannedRecipes.groceryListId, groceryListId))
    .orderBy(sql`${plannedRecipes.plannedOn} asc nulls last`, asc(plannedRecipes.id));
}

/** The list a planned recipe is on (whoever asks: a planner entry's link names it). */
export async function listOfPlannedRecipe(tx: Tx, planId: number): Promise<number | undefined> {
  const [row] = await tx
    .select({ listId: plannedRecipes.groceryListId })
    .from(plannedRecipes)
    .where(eq(plannedRecipes.id, planId));
  return row?.listId;
}

/** Gives a planned recipe a new date (its list locked by the caller); whether it still exists. */
export async function setPlannedRecipeDate(tx: Tx, planId: number, plannedOn: string) {
  const rows = await tx
    .update(plannedRecipes)
    .set({ plannedOn })
    .where(eq(plannedRecipes.id, planId))
    .returning({ id: plannedRecipes.id });
  return rows.length > 0;
}

export async function plannedRecipeById(tx: Tx, id: number) {
  const [row] = await tx
    .select(plannedRecipeColumns)
    .from(plannedRecipes)
    .innerJoin(recipes, eq(recipes.id, plannedRecipes.recipeId))
    .where(eq(plannedRecipes.id, id));
  return row;
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
  const [ingredient] = await tx
    .select({ id: ingredients.id })
    .from(ingredients)
    .where(eq(ingredients.id, ingredientId));
  const [unit] = await tx.select({ id: units.id }).from(units).where(eq(units.id, unitId));
  return { ingredient: ingredient !== undefined, unit: unit !== undefined };
}

/**
 * Plans an extra: a catalogue ingredient with its unit and quantity, or a free-text line
 * (`text`) with a unit and quantity only when the line gave them (the table checks both).
 */
/** The extra an earlier add with this client key made on this list, if any. */
export async function plannedExtraIdByClientKey(tx: Tx, groceryListId: number, clientKey: string) {
  const [row] = await tx
    .select({ id: plannedExtras.id })
    .from(plannedExtras)
    .where(
      and(eq(plannedExtras.groceryListId, groceryListId), eq(plannedExtras.clientKey, clientKey)),
    );
  return row?.id;
}

export async function insertPlannedExtra(
  tx: Tx,
  extra: { groceryListId: number; plannedOn: string | null; clientKey?: string } & (
    | { ingredientId: number; unitId: number; quantity: number }
    | { text: string; unitId: number | null; quantity: number | null }
  ),
) {
  const [row] = await tx.insert(plannedExtras).values(extra).returning({ id: plannedExtras.id });
  if (!row) throw new Error("insert returned no row");
  return row;
}

/** Planned extras: a catalogue one with its ingredient and unit, a free-text one with its text. */
const plannedExtraQuery = (tx: Tx) =>
  tx
    .select({
      id: plannedExtras.id,
      ingredientId: ingredients.id,
      ingredientName: ingredients.name,
      text: plannedExtras.text,
      quantity: plannedExtras.quantity,
      unitId: units.id,
      unitName: units.name,
    })
    .from(plannedExtras)
    .leftJoin(ingredients, eq(ingredients.id, plannedExtras.ingredientId))
    .leftJoin(units, eq(units.id, plannedExtras.unitId));
export type PlannedExtraRow = Awaited<ReturnType<typeof plannedExtraQuery>>[number];

/** A list's planned extras by date, undated last (then in the order they were planned). */
export async function plannedExtrasOf(tx: Tx, groceryListId: number) {
  return plannedExtraQuery(tx)
    .where(eq(plannedExtras.groceryListId, groceryListId))
    .orderBy(sql`${plannedExtras.plannedOn} asc nulls last`, asc(plannedExtras.id));
}

export async function plannedExtraById(tx: Tx, id: number) {
  const [row] = await plannedExtraQuery(tx).where(eq(plannedExtras.id, id));
  return row;
}

export async function deletePlannedExtra(tx: Tx, extraId: number, groceryListId: number) {
  const deleted = await tx
    .delete(plannedExtras)
    .where(and(eq(plannedExtras.id, extraId), eq(plannedExtras.groceryListId, groceryListId)))
    .returning({ id: plannedExtras.id });
  return deleted.length > 0;
}

// ---------- shopping items ----------

/**
 * Shopping lines as `userId` sees them: with the line's aisle for that cook (an ingredient's,
 * or a free-text line's by its text), its place in their aisle order, and whether it is one of
 * their staples (each a primary-key probe of the cook's rows, see aisles.ts), so the members
 * of a shared list each get their own. A free-text line has no ingredient (so is no staple),
 * and no unit when it has no amount.
 */
const itemQuery = (tx: Tx, userId: CookId) =>
  tx
    .select({
      id: shoppingItems.id,
      isChecked: shoppingItems.isChecked,
      quantity: shoppingItems.quantity,
      unitId: units.id,
      unitName: units.name,
      ingredientId: ingredients.id,
      ingredientName: ingredients.name,
      text: shoppingItems.text,
      fromRecipes: shoppingItems.fromRecipes,
      sources: shoppingItems.sources,
      groceryListId: shoppingItems.groceryListId,
      aisleId: aisles.id,
      aisleName: aisles.name,
      isStaple: sql<boolean>`${userStaples.userId} is not null`,
    })
    .from(shoppingItems)
    .leftJoin(ingredients, eq(ingredients.id, shoppingItems.ingredientId))
    .leftJoin(units, eq(units.id, shoppingItems.unitId))
    .leftJoin(userIngredientAisles, cookAisleJoin(userId, shoppingItems.ingredientId))
    .leftJoin(userTextAisles, cookTextAisleJoin(userId, shoppingItems.text))
    .innerJoin(aisles, eq(aisles.id, cookLineAisleId))
    .leftJoin(userAisleOrder, cookAisleOrderJoin(userId))
    .leftJoin(
      userStaples,
      and(eq(userStaples.userId, userId), eq(userStaples.ingredientId, shoppingItems.ingredientId)),
    );
export type ShoppingItemRow = Awaited<ReturnType<typeof itemQuery>>[number];

/**
 * The lines of a list in the order `userId` walks the shop (see shoppingItemsResponse): their
 * staples last; by their aisle order; unchecked before checked; by ingredient name. Undefined
 * when the user may not use the list. One query when the list has lines (the page polls it); an
 * empty result also asks whether the list exists.
 */
export async function listItems(db: Db, groceryListId: number, userId: number) {
  const rows = await itemsOfListQuery(db).execute({ groceryListId, userId });
  if (rows.length === 0 && !(await roleOn(db, groceryListId, userId))) return undefined;
  return rows;
}

/** listItems' query, named and built once per database handle (preparedPerDb). */
const itemsOfListQuery = preparedPerDb((db) => {
  const groceryListId = sql.placeholder("groceryListId");
  const userId = sql.placeholder("userId");
  return itemQuery(db, userId)
    .where(
      and(
        eq(shoppingItems.groceryListId, groceryListId),
        exists(
          db
            .select({ id: groceryLists.id })
            .from(groceryLists)
            .where(and(eq(groceryLists.id, groceryListId), mayUseList(userId))),
        ),
      ),
    )
    .orderBy(
      sql`${userStaples.userId} is not null`,
      cookAislePosition,
      asc(aisles.id),
      asc(shoppingItems.isChecked),
      asc(sql`lower(coalesce(${ingredients.name}, ${shoppingItems.text}))`),
      asc(units.name),
      asc(shoppingItems.id),
    )
    .prepare("shopping_items_of_list");
});

/**
 * Ticks or unticks a line of a list the user may use, holding the list FOR SHARE
 * (shareListOfItem) so that no recompute runs in between and undoes the tick.
 */
export async function setItemChecked(tx: Tx, itemId: number, userId: number, isChecked: boolean) {
  if ((await shareListOfItem(tx, itemId, mayUseList(userId))) === undefined) return undefined;
  await tx.update(shoppingItems).set({ isChecked }).where(eq(shoppingItems.id, itemId));
  const [row] = await itemQuery(tx, userId).where(eq(shoppingItems.id, itemId));
  return row;
}

// ---------- members ----------

/** The list's owner, then its members by username; ids for the routes' checks. */
export async function membersOf(tx: Tx, groceryListId: number) {
  const owners = await tx
    .select({ id: users.id, username: users.username })
    .from(groceryLists)
    .innerJoin(users, eq(users.id, groceryLists.ownerId))
    .where(eq(groceryLists.id, groceryListId));
  const members = await tx
    .select({ id: users.id, username: users.username })
    .from(groceryListMembers)
    .innerJoin(users, eq(users.id, groceryListMembers.userId))
    .where(eq(groceryListMembers.groceryListId, groceryListId))
    .orderBy(asc(sql`lower(${users.username})`), asc(users.id));
  return [
    ...owners.map((owner) => ({ ...owner, role: "owner" as const })),
    ...members.map((member) => ({ ...member, role: "member" as const })),
  ];
}

/** Shares the list with a cook; false when they are a member already. */
export async function addMember(tx: Tx, groceryListId: number, userId: number): Promise<boolean> {
  const added = await tx
    .insert(groceryListMembers)
    .values({ groceryListId, userId })
    .onConflictDoNothing()
    .returning({ userId: groceryListMembers.userId });
  return added.length > 0;
}

export async function removeMember(tx: Tx, groceryListId: number, userId: number): Promise<void> {
  await tx
    .delete(groceryListMembers)
    .where(
      and(
        eq(groceryListMembers.groceryListId, groceryListId),
        eq(groceryListMembers.userId, userId),
      ),
    );
}

/**
 * The lists one of the two cooks owns and the other is a member of, either way: what a block
 * between them ends (decision 0032). Read under their pair lock, so no new one can appear.
 */
export async function listsSharedBetween(
  tx: Tx,
  a: number,
  b: number,
): Promise<{ listId: number; memberId: number }[]> {
  return tx
    .select({ listId: groceryLists.id, memberId: groceryListMembers.userId })
    .from(groceryListMembers)
    .innerJoin(groceryLists, eq(groceryLists.id, groceryListMembers.groceryListId))
    .where(
      sql`(${groceryLists.ownerId} = ${a} and ${groceryListMembers.userId} = ${b})
        or (${groceryLists.ownerId} = ${b} and ${groceryListMembers.userId} = ${a})`,
    )
    .orderBy(asc(groceryLists.id));
}

/**
 * Before a cook's account and recipes go: each plan of their recipes on another cook's list
 * becomes that list's extras, the recipe's rows × the plan's guests, so the list keeps its
 * lines (and their ticks: a line continues by ingredient and measure) instead of losing them
 * with the recipe (issue 34 §3). Runs with those lists locked (db/locks.ts lockListsOfCook);
 * the caller recomputes them. The plans it kept: their list, its owner and the recipe.
 */
export async function keepPlansOfAuthorsRecipes(
  tx: Tx,
  authorId: number,
): Promise<{ listId: number; ownerId: number; recipeId: number; title: string }[]> {
  const result = await tx.execute<{
    planId: number;
    listId: number;
    ownerId: number;
    recipeId: number;
    title: string;
    guests: number;
    servings: number;
    plannedOn: string | null;
    ingredientId: number | null;
    text: string | null;
    unitId: number | null;
    unitName: string | null;
    quantity: number | null;
  }>(sql`
    select pr.id as "planId", pr.grocery_list_id as "listId", g.owner_id as "ownerId",
      r.id as "recipeId", r.title, pr.guests, r.servings, pr.planned_on::text as "plannedOn",
      ri.ingredient_id as "ingredientId", ri.text, ri.unit_id as "unitId", u.name as "unitName",
      ri.quantity
    from ${plannedRecipes} pr
    join ${groceryLists} g on g.id = pr.grocery_list_id
    join ${recipes} r on r.id = pr.recipe_id
    -- An optional row was not on the list (recompute.ts): it does not come onto it now.
    left join ${recipeIngredients} ri on ri.recipe_id = r.id and not ri.optional
    left join ${units} u on u.id = ri.unit_id
    where r.author_id = ${authorId} and g.owner_id <> ${authorId}
    order by pr.id, ri.position, ri.id`);
  const piece = (await listUnits(tx)).find((unit) => unit.name === "piece");
  const extras = result.rows.flatMap((row) => {
    if (row.ingredientId === null && row.text === null) return []; // a recipe without rows
    const amount =
      row.quantity === null
        ? // "to taste": its unit and no amount, as the recipe's row put it on the list.
          { quantity: null, unitId: row.ingredientId === null ? null : row.unitId }
        : {
            quantity: quantityForGuests(row.quantity, row.unitName ?? "", row.guests, row.servings),
            // A row kept as written with a quantity and no unit is a count, as on the list.
            unitId: row.unitId ?? piece?.id ?? null,
          };
    return [
      {
        groceryListId: row.listId,
        ingredientId: row.ingredientId,
        text: row.text === null ? null : row.text.slice(0, 200),
        plannedOn: row.plannedOn,
        ...(amount.unitId === null ? { quantity: null, unitId: null } : amount),
      },
    ];
  });
  if (extras.length > 0) await tx.insert(plannedExtras).values(extras);
  const plans = new Map(result.rows.map((row) => [row.planId, row]));
  return [...plans.values()].map(({ listId, ownerId, recipeId, title }) => ({
    listId,
    ownerId,
    recipeId,
    title,
  }));
}

/** The lists that plan any of these recipes (read before the recipes go with an account). */
export async function listsPlanningRecipes(tx: Tx, recipeIds: readonly number[]) {
  const rows = await tx
    .selectDistinct({ id: plannedRecipes.groceryListId })
    .from(plannedRecipes)
    .where(sql`${plannedRecipes.recipeId} = any(${sql.param([...recipeIds])}::int[])`);
  return rows.map((row) => row.id);
}

/** The cook leaves every list shared with them; the ids of those lists. */
export async function leaveEveryList(tx: Tx, userId: number): Promise<number[]> {
  const rows = await tx
    .delete(groceryListMembers)
    .where(sql`${groceryListMembers.userId} = ${userId}`)
    .returning({ id: groceryListMembers.groceryListId });
  return rows.map((row) => row.id);
}
