import type { RecipeIngredientInput, RecipeVisibility } from "@potluck/contract";
import { eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Viewer } from "../auth/policy.js";
import { executePrepared, type Tx } from "../db/client.js";
import { ingredients, recipeIngredients, recipes, units, users } from "../db/schema.js";
import type { CursorValues } from "../http/pagination.js";
import { mayReadRecipe, type ReaderFacts, readerFacts } from "./policy.js";

/** A recipe row as lists and the detail page read it (author name joined in). */
export type RecipeRow = {
  id: number;
  title: string;
  slug: string;
  image_key: string | null;
  author_id: number;
  author_username: string;
  created_on: Date;
  updated_on: Date;
  rating_sum: number;
  rating_count: number;
  /** How many the recipe serves as written. */
  servings: number;
  /** Who may read it (policy.ts). */
  visibility: RecipeVisibility;
  /** created_on in microseconds since the epoch: exact, unlike a JS Date (milliseconds). */
  created_key: number;
  /** Search relevance, only on search results. */
  score?: number;
};

export const recipeColumns = sql`r.id, r.title, r.slug, r.image_key, r.author_id, u.username as author_username,
  r.created_on, r.updated_on, r.rating_sum, r.rating_count, r.servings, r.visibility,
  (extract(epoch from r.created_on) * 1000000)::bigint as created_key`;

export interface ListOptions {
  /** Who is reading (null: signed out): they see the recipes they may read (policy.ts). */
  viewer: Viewer;
  /** Only this author's recipes (`?mine=true`). */
  authorId?: number;
  limit: number;
  /** The last row's created_key and id (decodeCursor checked their ranges). */
  cursor?: [createdKey: number, id: number];
}

/**
 * Newest first, keyset-paginated on (created_on, id) so the recipes_created_idx (or, for one
 * author, recipes_author_created_idx) index is read in order and a deep page costs as little
 * as the first one. "nulls last" matches those indexes' order (the columns are never null,
 * but the planner only uses an index whose order is spelled the same).
 */
export function recipeListSql({ viewer, authorId, limit, cursor }: ListOptions): SQL {
  const conditions: SQL[] = [mayReadRecipe(viewer)];
  if (authorId !== undefined) conditions.push(sql`r.author_id = ${authorId}`);
  if (cursor) {
    const [createdKey, id] = cursor;
    conditions.push(
      sql`(r.created_on, r.id) < ('epoch'::timestamptz + ${createdKey}::bigint * interval '1 microsecond', ${id}::int)`,
    );
  }
  return sql`select ${recipeColumns}
    from ${recipes} r join ${users} u on u.id = r.author_id
    where ${sql.join(conditions, sql` and `)}
    order by r.created_on desc nulls last, r.id desc nulls last
    limit ${limit + 1}`;
}

export const listCursor = (row: RecipeRow): CursorValues => [row.created_key, row.id];

/** A page of the recipe list (recipeListSql), one row more than asked to tell if more follow. */
export async function listRecipes(db: Tx, options: ListOptions): Promise<RecipeRow[]> {
  return (await db.execute<RecipeRow>(recipeListSql(options))).rows;
}

/**
 * The recipe with its ingredient lines in the author's order, in one prepared query: the
 * detail page is read far more often than anything else about a recipe. Undefined when it
 * does not exist or the viewer may not read it.
 */
export async function findRecipe(
  db: Tx,
  id: number,
  viewer: Viewer,
): Promise<(RecipeRow & { content: string; lines: IngredientLine[] }) | undefined> {
  const [row] = await executePrepared<RecipeRow & { content: string; lines: IngredientLine[] }>(
    db,
    "recipe_detail",
    sql`select ${recipeColumns}, r.content, coalesce((
        select json_agg(json_build_object(
            'id', ri.id, 'quantity', ri.quantity,
            'ingredient', json_build_object('id', i.id, 'name', i.name),
            'unit', json_build_object('id', un.id, 'name', un.name)
          ) order by ri.position, ri.id)
        from ${recipeIngredients} ri
          join ${ingredients} i on i.id = ri.ingredient_id
          join ${units} un on un.id = ri.unit_id
        where ri.recipe_id = r.id
      ), '[]') as lines
      from ${recipes} r join ${users} u on u.id = r.author_id
      where r.id = ${id} and ${mayReadRecipe(viewer)}`,
  );
  return row;
}

type PolicyRow = { authorId: number; visibility: RecipeVisibility } & ReaderFacts & {
    [column: string]: unknown;
  };

/** What the policy's row rules look at, for this viewer; undefined when it does not exist. */
export async function recipeForPolicy(
  db: Tx,
  id: number,
  viewer: Viewer,
): Promise<PolicyRow | undefined> {
  const result =
    await db.execute<PolicyRow>(sql`select r.author_id as "authorId", r.visibility, ${readerFacts(viewer)}
    from ${recipes} r where r.id = ${id}`);
  return result.rows[0];
}

/**
 * The recipe whose picture this stored key is (`key` is the full version's), with what the
 * policy's row rules look at for this viewer (recipes_image_key_idx); undefined when none.
 */
export async function recipeOfImage(
  db: Tx,
  key: string,
  viewer: Viewer,
): Promise<PolicyRow | undefined> {
  const result = await db.execute<PolicyRow>(sql`select r.author_id as "authorId", r.visibility,
      ${readerFacts(viewer)}
    from ${recipes} r where r.image_key = ${key} and r.image_key is not null`);
  return result.rows[0];
}

export interface IngredientLine {
  id: number;
  quantity: number;
  ingredient: { id: number; name: string };
  unit: { id: number; name: string };
}

/** Messages for rows naming an ingredient or unit that does not exist (empty when all do). */
export async function unknownReferences(db: Tx, rows: RecipeIngredientInput[]): Promise<string[]> {
  if (rows.length === 0) return [];
  const ingredientIds = [...new Set(rows.map((row) => row.ingredient_id))];
  const unitIds = [...new Set(rows.map((row) => row.unit_id))];
  const [knownIngredients, knownUnits] = await Promise.all([
    db
      .select({ id: ingredients.id })
      .from(ingredients)
      .where(inArray(ingredients.id, ingredientIds)),
    db.select({ id: units.id }).from(units).where(inArray(units.id, unitIds)),
  ]);
  const ingredientSet = new Set(knownIngredients.map((row) => row.id));
  const unitSet = new Set(knownUnits.map((row) => row.id));
  const messages: string[] = [];
  rows.forEach((row, index) => {
    if (!ingredientSet.has(row.ingredient_id)) {
      messages.push(`Row ${index + 1}: unknown ingredient id ${row.ingredient_id}.`);
    }
    if (!unitSet.has(row.unit_id)) {
      messages.push(`Row ${index + 1}: unknown unit id ${row.unit_id}.`);
    }
  });
  return messages;
}

export async function insertIngredientLines(
  tx: Tx,
  recipeId: number,
  rows: RecipeIngredientInput[],
): Promise<void> {
  if (rows.length === 0) return;
  await tx.insert(recipeIngredients).values(
    rows.map((row, position) => ({
      recipeId,
      ingredientId: row.ingredient_id,
      unitId: row.unit_id,
      quantity: row.quantity,
      position,
    })),
  );
}

export async function replaceIngredientLines(
  tx: Tx,
  recipeId: number,
  rows: RecipeIngredientInput[],
): Promise<void> {
  await tx.delete(recipeIngredients).where(eq(recipeIngredients.recipeId, recipeId));
  await insertIngredientLines(tx, recipeId, rows);
}

export async function deleteRecipe(tx: Tx, id: number): Promise<{ imageKey: string | null }[]> {
  return tx.delete(recipes).where(eq(recipes.id, id)).returning({ imageKey: recipes.imageKey });
}
