import { type ExportedRecipeRef, PLANNER_SLOTS, type PlannerSlot } from "@potluck/contract";
import { type SQL, sql } from "drizzle-orm";
import type { Viewer } from "../auth/policy.js";
import type { Tx } from "../db/client.js";
import { mayReadRecipe } from "../recipes/policy.js";

// The reads of a cook's export (export.ts): only rows the cook owns or wrote, each query by
// their id. A recipe they name (in a collection, a rating, a list, their planner) is an
// ExportedRecipeRef: its slug, title and author only while the cook may still read it
// (recipes/policy.ts), or others' private recipes would leave through the export. Raw SQL for
// the nested rows (json_agg per list or collection); timestamps come back as text and are
// written as ISO 8601 by export.ts.

/**
 * The recipe row aliased `r` as an ExportedRecipeRef (jsonb), for the cook `viewer`; null when
 * there is no row (a left join).
 */
const recipeRef = (viewer: Viewer): SQL =>
  sql`case when r.id is null then null
    else jsonb_build_object('id', r.id) || case when ${mayReadRecipe(viewer)}
      then jsonb_build_object('slug', r.slug, 'title', r.title,
        'author', (select username from users where id = r.author_id))
      else '{}'::jsonb end
    end`;

const rows = async <T>(db: Tx, query: SQL): Promise<T[]> => (await db.execute(query)).rows as T[];

/** The next `limit` of the cook's recipe ids after `afterId`, in id order (keyset). */
export async function recipeIdsAfter(
  db: Tx,
  userId: number,
  afterId: number,
  limit: number,
): Promise<number[]> {
  const result = await rows<{ id: number }>(
    db,
    sql`select id from recipes where author_id = ${userId} and id > ${afterId}
      order by id limit ${limit}`,
  );
  return result.map((row) => row.id);
}

export async function accountOf(db: Tx, userId: number) {
  const [row] = await rows<{
    id: number;
    username: string;
    email: string;
    first_name: string;
    last_name: string;
    created_at: string;
    units_preference: string;
    default_visibility: string;
    language: string | null;
  }>(
    db,
    sql`select id, username, email, first_name, last_name, created_at, units_preference,
      default_visibility, language from users where id = ${userId}`,
  );
  return row;
}

/** Ingredient names of the cook's staples. */
export async function stapleNames(db: Tx, userId: number): Promise<string[]> {
  const result = await rows<{ name: string }>(
    db,
    sql`select i.name from user_staples s join ingredients i on i.id = s.ingredient_id
      where s.user_id = ${userId} order by lower(i.name)`,
  );
  return result.map((row) => row.name);
}

export async function aislesOf(db: Tx, userId: number) {
  const order = await rows<{ name: string }>(
    db,
    sql`select a.name from user_aisle_order o join aisles a on a.id = o.aisle_id
      where o.user_id = ${userId} order by o.position, a.id`,
  );
  const ingredients = await rows<{ ingredient: string; aisle: string }>(
    db,
    sql`select i.name as ingredient, a.name as aisle from user_ingredient_aisles x
      join ingredients i on i.id = x.ingredient_id join aisles a on a.id = x.aisle_id
      where x.user_id = ${userId} order by lower(i.name)`,
  );
  const texts = await rows<{ text: string; aisle: string }>(
    db,
    sql`select x.text_key as text, a.name as aisle from user_text_aisles x
      join aisles a on a.id = x.aisle_id where x.user_id = ${userId} order by x.text_key`,
  );
  return { order: order.map((row) => row.name), ingredients, texts };
}

export async function followingOf(db: Tx, userId: number): Promise<string[]> {
  const result = await rows<{ username: string }>(
    db,
    sql`select u.username from follows f join users u on u.id = f.followee_id
      where f.follower_id = ${userId} order by lower(u.username)`,
  );
  return result.map((row) => row.username);
}

/** The cooks this cook blocked, by username, with when. */
export async function blockedBy(db: Tx, userId: number) {
  return rows<{ username: string; created_at: string }>(
    db,
    sql`select u.username, b.created_at from blocks b join users u on u.id = b.blocked_id
      where b.blocker_id = ${userId} order by lower(u.username)`,
  );
}

export async function collectionsOf(db: Tx, viewer: NonNullable<Viewer>) {
  return rows<{
    name: string;
    created_at: string;
    recipes: (ExportedRecipeRef & { added_on: string })[];
  }>(
    db,
    sql`select c.name, c.created_at, coalesce((
        select jsonb_agg(${recipeRef(viewer)} || jsonb_build_object('added_on', cr.added_at)
          order by cr.added_at, r.id)
        from collection_recipes cr join recipes r on r.id = cr.recipe_id
        where cr.collection_id = c.id), '[]') as recipes
      from collections c where c.owner_id = ${viewer.id} order by c.created_at, c.id`,
  );
}

export async function ratingsBy(db: Tx, viewer: NonNullable<Viewer>) {
  return rows<{
    recipe: ExportedRecipeRef;
    rating: number;
    comment: string;
    created_at: string;
    updated_at: string;
  }>(
    db,
    sql`select ${recipeRef(viewer)} as recipe, ra.rating, ra.comment, ra.created_at, ra.updated_at
      from ratings ra join recipes r on r.id = ra.recipe_id
      where ra.author_id = ${viewer.id} order by ra.created_at, ra.id`,
  );
}

type FeedItemRow = { id: number; event_type: string; by: string; recipe: ExportedRecipeRef };

/** The feed item of a comment or like aliased `x`, as jsonb. */
const feedItemOf = (viewer: Viewer): SQL =>
  sql`(select jsonb_build_object('id', fi.id, 'event_type', fi.event_type, 'by', u.username,
      'recipe', ${recipeRef(viewer)})
    from feed_items fi join users u on u.id = fi.user_id join recipes r on r.id = fi.recipe_id
    where fi.id = x.feed_item_id)`;

export async function commentsBy(db: Tx, viewer: NonNullable<Viewer>) {
  return rows<{ feed_item: FeedItemRow; text: string; created_at: string }>(
    db,
    sql`select ${feedItemOf(viewer)} as feed_item, x.text, x.created_at
      from feed_comments x where x.user_id = ${viewer.id} order by x.created_at, x.id`,
  );
}

export async function likesBy(db: Tx, viewer: NonNullable<Viewer>) {
  return rows<{ feed_item: FeedItemRow; created_at: string }>(
    db,
    sql`select ${feedItemOf(viewer)} as feed_item, x.created_at
      from feed_likes x where x.user_id = ${viewer.id} order by x.created_at, x.feed_item_id`,
  );
}

/** The lists the cook owns, each with its people, plans, extras and shopping lines. */
export async function listsOwnedBy(db: Tx, viewer: NonNullable<Viewer>) {
  return rows<{
    id: number;
    name: string;
    notes: string;
    created_at: string;
    updated_at: string;
    shared_with: string[];
    planned_recipes: { recipe: ExportedRecipeRef; guests: number; planned_on: string | null }[];
    planned_extras: {
      ingredient: string | null;
      text: string | null;
      quantity: number | null;
      unit: string | null;
      planned_on: string | null;
    }[];
    lines: {
      ingredient: string | null;
      text: string | null;
      quantity: number | null;
      unit: string | null;
      from_recipes: string;
      ticked: boolean;
    }[];
  }>(
    db,
    sql`select l.id, l.name, l.notes, l.created_at, l.updated_at,
      array(select u.username from grocery_list_members m join users u on u.id = m.user_id
        where m.grocery_list_id = l.id order by lower(u.username)) as shared_with,
      coalesce((select jsonb_agg(jsonb_build_object('recipe', ${recipeRef(viewer)},
          'guests', pr.guests, 'planned_on', pr.planned_on)
          order by pr.planned_on nulls last, pr.id)
        from planned_recipes pr join recipes r on r.id = pr.recipe_id
        where pr.grocery_list_id = l.id), '[]') as planned_recipes,
      coalesce((select jsonb_agg(jsonb_build_object('ingredient', i.name, 'text', e.text,
          'quantity', e.quantity, 'unit', un.name, 'planned_on', e.planned_on) order by e.id)
        from planned_extras e left join ingredients i on i.id = e.ingredient_id
          left join units un on un.id = e.unit_id
        where e.grocery_list_id = l.id), '[]') as planned_extras,
      coalesce((select jsonb_agg(jsonb_build_object('ingredient', i.name, 'text', s.text,
          'quantity', s.quantity, 'unit', un.name, 'from_recipes', s.from_recipes,
          'ticked', s.is_checked) order by s.id)
        from shopping_items s left join ingredients i on i.id = s.ingredient_id
          left join units un on un.id = s.unit_id
        where s.grocery_list_id = l.id), '[]') as lines
      from grocery_lists l where l.owner_id = ${viewer.id} order by l.created_at, l.id`,
  );
}

/** The cook's own planner: its members and every entry, by day, slot and position. */
export async function plannerOf(db: Tx, viewer: NonNullable<Viewer>) {
  const members = await rows<{ username: string }>(
    db,
    sql`select u.username from planner_members m join users u on u.id = m.user_id
      where m.owner_id = ${viewer.id} order by lower(u.username)`,
  );
  const entries = await rows<{
    date: string;
    slot: PlannerSlot;
    position: number;
    recipe: ExportedRecipeRef | null;
    guests: number | null;
    note: string | null;
    added_by: string | null;
  }>(
    db,
    sql`select pe.date::text as date, pe.slot, pe.position, ${recipeRef(viewer)} as recipe,
        pe.guests, pe.note, cb.username as added_by
      from planner_entries pe
        left join recipes r on r.id = pe.recipe_id
        left join users cb on cb.id = pe.created_by_id
      where pe.owner_id = ${viewer.id}
      order by pe.date,
        array_position(${sql.param([...PLANNER_SLOTS])}::text[], pe.slot),
        pe.position, pe.id`,
  );
  return { shared_with: members.map((row) => row.username), entries };
}
