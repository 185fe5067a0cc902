import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Viewer } from "../auth/policy.js";
import { executePrepared, type Tx } from "../db/client.js";
import { collectionRecipes, collections, recipes } from "../db/schema.js";
import { mayReadRecipe } from "../recipes/policy.js";
import { mayUseCollection, mayUseCollectionId } from "./policy.js";

// Every query of collections and their recipes. A collection holds recipe ids; which of them
// it shows and counts is decided at read time by the recipes' rule for its owner
// (mayReadRecipe), so a recipe made private or whose author the owner unfollowed is hidden,
// not removed, and shows again once readable. Deleting a recipe or a collection deletes its
// rows (foreign keys, on delete cascade).

export interface CollectionRow {
  id: number;
  name: string;
  recipeCount: number;
}

/**
 * How many of the collection's recipes the owner may read now: collection_recipes' primary
 * key for the collection's rows, a primary-key probe of each recipe for the rule. (Spelled
 * `"collections".id`: in a select list Drizzle writes a column unqualified, and a bare "id"
 * would be the recipe's.)
 */
const recipeCount = (owner: NonNullable<Viewer>): SQL<number> =>
  sql<number>`(select count(*)::int from ${collectionRecipes} cr
    join ${recipes} r on r.id = cr.recipe_id
    where cr.collection_id = ${collections}.id and ${mayReadRecipe(owner)})`;

/** A collection's row as CollectionRow names it, with its count for the owner. */
const collectionColumns = (owner: NonNullable<Viewer>): SQL =>
  sql`${collections.id} as id, ${collections.name} as name, ${recipeCount(owner)} as "recipeCount"`;

/**
 * The owner's collections by name, any case: the order of collections_owner_name_key, which
 * also makes it unique (no tie to break, no sort). A named statement: the counts carry the
 * reading rule's subqueries, which took PostgreSQL longer to plan on every call than to run
 * (the benchmark's collections row ran at 15% of its pgbench replay, which plans once).
 */
export async function collectionsOf(db: Tx, owner: NonNullable<Viewer>): Promise<CollectionRow[]> {
  return executePrepared<CollectionRow>(
    db,
    "collections_of",
    sql`select ${collectionColumns(owner)}
      from ${collections}
      where ${mayUseCollection(owner.id)}
      order by lower(${collections.name})`,
  );
}

/** One of the owner's collections; undefined when it does not exist or is someone else's. */
export async function findCollection(
  db: Tx,
  owner: NonNullable<Viewer>,
  id: number,
): Promise<CollectionRow | undefined> {
  const [row] = await executePrepared<CollectionRow>(
    db,
    "collection",
    sql`select ${collectionColumns(owner)} from ${collections}
      where ${collections.id} = ${id} and ${mayUseCollection(owner.id)}`,
  );
  return row;
}

/** Whether the collection exists and is the viewer's (else the caller answers 404). */
export async function ownsCollection(db: Tx, viewerId: number, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: collections.id })
    .from(collections)
    .where(and(eq(collections.id, id), mayUseCollection(viewerId)));
  return row !== undefined;
}

const isNameTaken = (error: unknown): boolean => {
  const cause = (error as { cause?: { code?: string; constraint?: string } })?.cause ?? error;
  const pgError = cause as { code?: string; constraint?: string };
  return pgError.code === "23505" && pgError.constraint === "collections_owner_name_key";
};

/**
 * A new empty collection; undefined when the owner already has one of this name in any case
 * (the unique index decides, so of two concurrent creates one wins and the other gets
 * undefined, never an error).
 */
export async function createCollection(
  db: Tx,
  ownerId: number,
  name: string,
): Promise<CollectionRow | undefined> {
  const [row] = await db
    .insert(collections)
    .values({ ownerId, name })
    .onConflictDoNothing()
    .returning({ id: collections.id, name: collections.name });
  return row && { ...row, recipeCount: 0 };
}

/**
 * Renames the owner's collection: "missing" when it is not theirs, "taken" when another of
 * theirs has this name in any case (the unique index, race-free).
 */
export async function renameCollection(
  db: Tx,
  ownerId: number,
  id: number,
  name: string,
): Promise<"done" | "missing" | "taken"> {
  try {
    const rows = await db
      .update(collections)
      .set({ name })
      .where(and(eq(collections.id, id), mayUseCollection(ownerId)))
      .returning({ id: collections.id });
    return rows.length > 0 ? "done" : "missing";
  } catch (error) {
    if (isNameTaken(error)) return "taken";
    throw error;
  }
}

/** Deletes the owner's collection (its recipes stay); false when it is not theirs. */
export async function deleteCollection(db: Tx, ownerId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(collections)
    .where(and(eq(collections.id, id), mayUseCollection(ownerId)))
    .returning({ id: collections.id });
  return rows.length > 0;
}

const isGone = (error: unknown): boolean => {
  const cause = (error as { cause?: { code?: string } })?.cause ?? error;
  return (cause as { code?: string }).code === "23503";
};

/**
 * Puts a recipe in a collection (already there: nothing changes). False when the collection
 * or the recipe was deleted meanwhile (the foreign keys refuse the row): the caller answers 404.
 */
export async function addRecipe(db: Tx, collectionId: number, recipeId: number): Promise<boolean> {
  try {
    await db.insert(collectionRecipes).values({ collectionId, recipeId }).onConflictDoNothing();
    return true;
  } catch (error) {
    if (isGone(error)) return false;
    throw error;
  }
}

/** Takes a recipe out of a collection (not in it: nothing changes). */
export async function removeRecipe(db: Tx, collectionId: number, recipeId: number): Promise<void> {
  await db
    .delete(collectionRecipes)
    .where(
      and(
        eq(collectionRecipes.collectionId, collectionId),
        eq(collectionRecipes.recipeId, recipeId),
      ),
    );
}

/**
 * For the recipe list's `?collection=` (on the `recipes` row aliased `r`, with the list's own
 * mayReadRecipe for the same viewer): the recipes in the collection, when it is the viewer's;
 * no rows otherwise. collection_recipes' primary key gives the collection's recipe ids.
 */
export const collectionCondition = (viewerId: number, collectionId: number): SQL =>
  sql`(${mayUseCollectionId(viewerId, collectionId)} and r.id in (
    select cr.recipe_id from ${collectionRecipes} cr where cr.collection_id = ${collectionId}))`;

/**
 * A column of the recipe detail (the `recipes` row aliased `r`): the ids of the viewer's
 * collections that hold it, ascending; '{}' signed out. collection_recipes_recipe_idx gives
 * the recipe's collections, a primary-key probe of each keeps the viewer's.
 */
export const inCollectionsColumn = (viewer: Viewer): SQL => {
  if (viewer === null) return sql`'{}'::int[] as in_collections`;
  return sql`array(select cr.collection_id from ${collectionRecipes} cr
      join ${collections} c on c.id = cr.collection_id
      where cr.recipe_id = r.id and c.owner_id = ${viewer.id}
      order by cr.collection_id) as in_collections`;
};
