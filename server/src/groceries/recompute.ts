import { type SQL, sql } from "drizzle-orm";
import { executePrepared, type Tx } from "../db/client.js";
import {
  ingredients,
  plannedExtras,
  plannedRecipes,
  recipeIngredients,
  recipes,
  shoppingItems,
} from "../db/schema.js";
import { type Food, foodOf, gramsInOne } from "../ingredients/food-data.js";
import { listUnits } from "../ingredients/repository.js";
import { recordListChange } from "./list-events.js";
import { touchList } from "./repository.js";
import {
  computeShoppingLines,
  type ExtraInput,
  type GramsPerUnit,
  type LineSources,
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
// Set-based: however many lists, one read (plans, the planned recipes' ingredients, extras
// and previous lines, each for all the lists at once: loadLists), the units table (which says
// which units merge; read once per process) and at most three writes (one delete, one update,
// one insert, each for all the lists, with arrays as parameters). A recipe planned on 5,000
// lists is recomputed in four statements, not 5,000 × four.
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

/** What a recompute reads of its lists, each part in the order the rule takes it. */
interface LoadedLists {
  plans: { listId: number; recipeId: number; guests: number; title: string; servings: number }[];
  /** Each planned recipe's ingredient lines once, however many plans share the recipe. */
  recipeLines: (IngredientRow & { recipeId: number })[];
  extras: (IngredientRow & { listId: number })[];
  previous: (PreviousLine & { listId: number } & WrittenSources)[];
}

/** How a previous line names its sources: its text, and its data (null on an older line). */
interface WrittenSources {
  fromRecipes: string;
  sources: LineSources | null;
}

/** A catalogue row with its ingredient's name, or a row kept as written with its text. */
interface IngredientRow {
  ingredientId: number | null;
  ingredientName: string | null;
  text: string | null;
  unitId: number | null;
  quantity: number | null;
}

/**
 * The lists' plans, their recipes' lines, their extras and their current lines, in ONE
 * statement (four JSON arrays in one row): a recompute runs with the list locked, so each
 * round trip saved is time another cook's change to the list no longer waits.
 */
const loadLists = (listIds: SQL): SQL => sql`select
  (select coalesce(json_agg(json_build_object('listId', pr.grocery_list_id,
      'recipeId', pr.recipe_id, 'guests', pr.guests, 'title', r.title, 'servings', r.servings)
      order by pr.planned_on asc nulls last, pr.id asc), '[]')
    from ${plannedRecipes} pr join ${recipes} r on r.id = pr.recipe_id
    where pr.grocery_list_id = any(${listIds})) as plans,
  (select coalesce(json_agg(json_build_object('recipeId', ri.recipe_id,
      'ingredientId', ri.ingredient_id, 'ingredientName', i.name, 'text', ri.text,
      'unitId', ri.unit_id, 'quantity', ri.quantity) order by ri.position asc, ri.id asc), '[]')
    from ${recipeIngredients} ri left join ${ingredients} i on i.id = ri.ingredient_id
    where ri.recipe_id in (select recipe_id from ${plannedRecipes}
      where grocery_list_id = any(${listIds}))
      -- An optional row is not needed to make the recipe: not on the list (issue 34 §7).
      and not ri.optional) as "recipeLines",
  (select coalesce(json_agg(json_build_object('listId', pe.grocery_list_id,
      'ingredientId', pe.ingredient_id, 'ingredientName', i.name, 'text', pe.text,
      'unitId', pe.unit_id, 'quantity', pe.quantity) order by pe.id asc), '[]')
    from ${plannedExtras} pe left join ${ingredients} i on i.id = pe.ingredient_id
    where pe.grocery_list_id = any(${listIds})) as extras,
  (select coalesce(json_agg(json_build_object('listId', s.grocery_list_id, 'id', s.id,
      'ingredientId', s.ingredient_id, 'text', s.text, 'unitId', s.unit_id,
      'quantity', s.quantity, 'fromRecipes', s.from_recipes, 'sources', s.sources,
      'isChecked', s.is_checked)), '[]')
    from ${shoppingItems} s where s.grocery_list_id = any(${listIds})) as previous`;

/**
 * Recomputes the shopping lines of every list in `groceryListIds` (missing lists: nothing).
 * Returns the ids of the lists whose lines changed: a recipe edit announces its change to
 * those (list-events.ts), not to every list that plans the recipe.
 */
export async function recomputeShoppingLists(tx: Tx, groceryListIds: number[]): Promise<number[]> {
  const ids = [...new Set(groceryListIds)];
  if (ids.length === 0) return [];
  const listIds = array(ids, "int[]");

  // Named: planning it took twice its run, with the lists locked.
  const [loaded] = await executePrepared<LoadedLists>(
    tx,
    "load_shopping_lists",
    loadLists(listIds),
  );
  if (!loaded) throw new Error("the lists' load returned no row");
  const { plans, recipeLines, extras, previous } = loaded;
  const unitRows: UnitRow[] = await listUnits(tx);
  const gramsPerUnit = weightsOf([...recipeLines, ...extras]);

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
    const lines = computeShoppingLines(listPlans, listExtras, before, unitRows, gramsPerUnit);
    if (addDiff(diff, listId, before, lines)) changedLists.push(listId);
  }
  await writeDiff(tx, diff);
  return changedLists;
}

/**
 * A planned extra's row, or a planned recipe's ingredient row, as the rule takes it: a
 * catalogue ingredient or a free-text line (an extra's typed line, a recipe's row kept as
 * written). The tables' checks give a catalogue row its ingredient and unit, and the API its
 * quantity but for "to taste" (null).
 */
function toExtraInput(row: IngredientRow): ExtraInput {
  if (row.text !== null) return { text: row.text, unitId: row.unitId, quantity: row.quantity };
  if (row.ingredientId === null || row.ingredientName === null || row.unitId === null) {
    throw new Error("a catalogue row without its ingredient or unit");
  }
  return {
    ingredientId: row.ingredientId,
    ingredientName: row.ingredientName,
    unitId: row.unitId,
    quantity: row.quantity,
  };
}

/**
 * The weights of the units of the catalogue ingredients among `rows`, by their food data
 * (issue 38 §3): what lets a cup of flour and grams of it be one line.
 */
function weightsOf(rows: IngredientRow[]): GramsPerUnit {
  const foods = new Map<number, Food | undefined>();
  for (const row of rows) {
    if (row.ingredientId !== null && row.ingredientName !== null) {
      foods.set(row.ingredientId, foodOf(row.ingredientName));
    }
  }
  return (ingredientId, unitName) => {
    const food = foods.get(ingredientId);
    return food && gramsInOne(food, unitName);
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
  previous: (PreviousLine & WrittenSources)[],
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
        // The text says what the sources do; a line from before the sources were kept as
        // data gets them now.
        before.fromRecipes !== line.fromRecipes ||
        before.sources === null ||
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
      [changed.map((l) => JSON.stringify(l.sources)), "jsonb[]"],
      [changed.map((l) => l.isChecked), "bool[]"],
    );
    await tx.execute(sql`
      update ${shoppingItems} as s
      set text = v.text, unit_id = v.unit_id, quantity = v.quantity,
          from_recipes = v.from_recipes, sources = v.sources, is_checked = v.is_checked
      from ${rows} as v(id, text, unit_id, quantity, from_recipes, sources, is_checked)
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
      [added.map((l) => JSON.stringify(l.sources)), "jsonb[]"],
      [added.map((l) => l.isChecked), "bool[]"],
    );
    await tx.execute(sql`
      insert into ${shoppingItems}
        (grocery_list_id, ingredient_id, text, unit_id, quantity, from_recipes, sources,
          is_checked)
      select * from ${rows}`);
  }
}
