import {
  type Allergen,
  type Diet,
  type Language,
  REQUIRED,
  type RecipeIngredientInput,
  type RecipeNutrition,
  type RecipeVisibility,
  type SourceNutrition,
  TO_TASTE_UNIT,
} from "@potluck/contract";
import { eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Viewer } from "../auth/policy.js";
import { inCollectionsColumn } from "../collections/repository.js";
import { executePrepared, literalLimit, opaque, type Tx } from "../db/client.js";
import {
  ingredients,
  recipeIngredients,
  recipes,
  recipeTags,
  tagCounts as tagCountsTable,
  units,
  users,
} from "../db/schema.js";
import type { CursorValues } from "../http/pagination.js";
import { mayRateRecipe } from "../ratings/policy.js";
import { mayReadRecipe, type ReaderFacts, readableBeyondPublic, readerFacts } from "./policy.js";

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
  /** Alphabetical. */
  tags: string[];
  prep_minutes: number | null;
  cook_minutes: number | null;
  source_url: string | null;
  /** The language it is written in. */
  language: Language;
  /** What it contains (facts.ts), as its last write of its rows left it; null until computed. */
  nutrition: RecipeNutrition | null;
  allergens: Allergen[];
  allergens_complete: boolean;
  diets: Diet[];
  /** created_on in microseconds since the epoch: exact, unlike a JS Date (milliseconds). */
  created_key: number;
  /** Search relevance, only on search results. */
  score?: number;
  /** A moderator hid it (only its author and superusers get it, policy.ts). */
  hidden: boolean;
};

export const recipeColumns = sql`r.id, r.title, r.slug, r.image_key, r.author_id, u.username as author_username,
  r.created_on, r.updated_on, r.rating_sum, r.rating_count, r.servings, r.visibility,
  r.prep_minutes, r.cook_minutes, r.source_url, r.language, r.hidden_at is not null as hidden,
  r.nutrition, r.allergens, r.allergens_complete, r.diets,
  array(select rt.tag from recipe_tags rt where rt.recipe_id = r.id order by rt.tag) as tags,
  (extract(epoch from r.created_on) * 1000000)::bigint as created_key`;

export interface ListOptions {
  /** Who is reading (null: signed out): they see the recipes they may read (policy.ts). */
  viewer: Viewer;
  /** Only this author's recipes (`?mine=true`). */
  authorId?: number;
  limit: number;
  /** The last row's created_key and id (decodeCursor checked their ranges). */
  cursor?: [createdKey: number, id: number];
  /** The list's filters (`?tag=` and the rest), all of which must hold. */
  filters?: RecipeFilters;
  /** The tag or ingredient filter the page is read from (listLead); by default the first. */
  lead?: Lead;
}

/**
 * The filters of `GET /api/recipes/recipes/` (the route checked who may use which). Each is a
 * condition on the `recipes` row aliased `r`, ANDed with the reading rule and the others.
 */
export interface RecipeFilters {
  /** Every one of these tags (stored form: trimmed, lower-cased). */
  tags?: string[];
  /** Total minutes at most this; recipes with neither time are out. */
  maxMinutes?: number;
  /** Uses every one of these ingredients. */
  ingredientIds?: number[];
  /** Uses none of these ingredients. */
  excludeIngredientIds?: number[];
  /** Mean rating at least this many stars (0–5); above 0, unrated recipes are out. */
  minRating?: number;
  /** By the cook of this username (any case); none when no cook has it. */
  authorUsername?: string;
  /** By a cook this user follows. */
  followedBy?: number;
  /** In this collection (the route checked it is the viewer's). */
  collectionId?: number;
  /** Of this visibility (the route allows it with `mine` only). */
  visibility?: RecipeVisibility;
  /** Written in this language. */
  language?: Language;
  /** Keeps to every one of these diets. */
  diets?: Diet[];
  /** Known to hold none of these allergens (its allergens complete). */
  withoutAllergens?: Allergen[];
  /** At most this many kcal per serving, every row counted. */
  maxKcal?: number;
}

const intArray = (ids: number[]): SQL => sql`${`{${ids.join(",")}}`}::int[]`;
/** Codes of the contract's enums (letters and _ only), as one text[] parameter. */
const textArray = (codes: string[]): SQL => sql`${`{${codes.join(",")}}`}::text[]`;

/**
 * The filters as conditions on `r`. Tags, ingredients, follows and collections are EXISTS
 * probes of one row each (recipe_tags' and collection_recipes' primary keys,
 * recipe_ingredients_recipe_idx, follows' primary key), so PostgreSQL can either walk the
 * list's index and probe each recipe, or start from a small set (a tag's
 * recipe_tags_tag_created_idx range, recipe_ingredients_ingredient_created_idx, the cooks one
 * follows) and sort what it finds. The list reads one tag or ingredient in order instead of
 * probing it (listSource); search pages probe them all.
 */
export function filterConditions(filters: RecipeFilters = {}): SQL[] {
  const conditions: SQL[] = [];
  for (const tag of new Set(filters.tags ?? [])) {
    conditions.push(
      sql`exists (select 1 from recipe_tags ft where ft.recipe_id = r.id
        and ft.tag = ${opaque(sql`${tag}::text`)})`,
    );
  }
  if (filters.maxMinutes !== undefined) {
    conditions.push(sql`(r.prep_minutes is not null or r.cook_minutes is not null)
      and coalesce(r.prep_minutes, 0) + coalesce(r.cook_minutes, 0) <= ${opaque(sql`${filters.maxMinutes}::int`)}`);
  }
  for (const id of new Set(filters.ingredientIds ?? [])) {
    conditions.push(sql`exists (select 1 from recipe_ingredients fi
      where fi.recipe_id = r.id and fi.ingredient_id = ${opaque(sql`${id}::int`)})`);
  }
  if (filters.excludeIngredientIds?.length) {
    conditions.push(sql`not exists (select 1 from recipe_ingredients fx
      where fx.recipe_id = r.id and fx.ingredient_id = any(${opaque(intArray(filters.excludeIngredientIds))}::int[]))`);
  }
  if (filters.minRating !== undefined && filters.minRating > 0) {
    // Stored as half stars (1–10): mean stars = rating_sum / rating_count / 2.
    conditions.push(sql`r.rating_count > 0
      and r.rating_sum::numeric >= ${opaque(sql`${filters.minRating}::numeric`)} * 2 * r.rating_count`);
  }
  if (filters.authorUsername !== undefined) {
    conditions.push(sql`r.author_id = (select fu.id from users fu
      where lower(fu.username) = lower(${filters.authorUsername}))`);
  }
  if (filters.followedBy !== undefined) {
    // policy's followsAuthor means the same, but as an EXISTS it becomes a join probing follows
    // for each recipe. As one array of the followed cooks (read once), it is also an index
    // condition: recipes_author_created_idx gives all their recipes at once, from the index
    // alone (it holds visibility for the reading rule), to sort.
    conditions.push(sql`r.author_id = any(array(select f.followee_id from follows f
      where f.follower_id = ${filters.followedBy}::int))`);
  }
  if (filters.collectionId !== undefined) {
    conditions.push(sql`exists (select 1 from collection_recipes fc
      where fc.collection_id = ${opaque(sql`${filters.collectionId}::int`)} and fc.recipe_id = r.id)`);
  }
  if (filters.visibility !== undefined) {
    conditions.push(sql`r.visibility = ${filters.visibility}`);
  }
  if (filters.language !== undefined) {
    // With the list's order this is recipes_language_created_idx's: its range alone is walked.
    conditions.push(sql`r.language = ${filters.language}`);
  }
  // What it contains is on the row (facts.ts): conditions on the rows the list walks anyway.
  if (filters.diets?.length) {
    conditions.push(sql`r.diets @> ${opaque(textArray(filters.diets))}`);
  }
  if (filters.withoutAllergens?.length) {
    conditions.push(sql`r.allergens_complete
      and not r.allergens && ${opaque(textArray(filters.withoutAllergens))}`);
  }
  if (filters.maxKcal !== undefined) {
    conditions.push(sql`r.kcal_per_serving <= ${opaque(sql`${filters.maxKcal}::real`)}`);
  }
  return conditions;
}

/**
 * The filters that keep a table safe: recipes known to hold none of its people's allergens,
 * keeping to all of their diets, with none of the ingredients they dislike. Nothing for a
 * table whose people have no needs.
 */
export function safeForEveryone(
  people: readonly { allergens: Allergen[]; diets: Diet[]; dislikes: { id: number }[] }[],
): RecipeFilters {
  const all = <T>(values: T[]) => [...new Set(values)];
  const allergens = all(people.flatMap((person) => person.allergens));
  const diets = all(people.flatMap((person) => person.diets));
  const dislikes = all(people.flatMap((person) => person.dislikes.map((one) => one.id)));
  return {
    ...(allergens.length > 0 ? { withoutAllergens: allergens } : {}),
    ...(diets.length > 0 ? { diets } : {}),
    ...(dislikes.length > 0 ? { excludeIngredientIds: dislikes } : {}),
  };
}

/** A tag or ingredient filter that a page can be read from (listSource). */
export type Lead = { tag: string } | { ingredientId: number };

/** The tag and ingredient filters as leads: ingredients first, each once. */
function leadsOf(filters: RecipeFilters = {}): Lead[] {
  return [
    ...[...new Set(filters.ingredientIds ?? [])].map((ingredientId) => ({ ingredientId })),
    ...[...new Set(filters.tags ?? [])].map((tag) => ({ tag })),
  ];
}

/** Counting a lead's rows stops here: past it, any of them makes a page cheap. */
const LEAD_COUNT_CAP = 10_000;

/**
 * Of several tag and ingredient filters, the one on the fewest recipes (rows counted from its
 * index, up to LEAD_COUNT_CAP): the page is read from it, and the others are probed for each
 * of its recipes. Read from a common tag, a rare second one would be probed for thousands of
 * recipes before a page fills (tag=dinner&tag=hearty at 1M: 66 ms, against 0.4 ms the other
 * way round). One query, and only when there is a choice.
 */
export async function listLead(db: Tx, filters?: RecipeFilters): Promise<Lead | undefined> {
  const leads = leadsOf(filters);
  if (leads.length <= 1) return leads[0];
  const counts = leads.map((lead, index) => {
    const rows =
      "tag" in lead
        ? sql`select from recipe_tags where tag = ${lead.tag}`
        : sql`select from recipe_ingredients where ingredient_id = ${lead.ingredientId}::int`;
    return sql`select ${index}::int as index,
      (select count(*) from (${rows} limit ${LEAD_COUNT_CAP}) capped) as count`;
  });
  const result = await db.execute<{ index: number }>(
    sql`${sql.join(counts, sql` union all `)} order by count, index limit 1`,
  );
  return leads[result.rows[0]?.index ?? 0];
}

/**
 * Where a page of the list is read from, in its order. With a tag or ingredient filter (the
 * lead), that tag's rows of recipe_tags (or that ingredient's lines) newest first, from
 * recipe_tags_tag_created_idx (recipe_ingredients_ingredient_created_idx), each recipe probed
 * by its primary key: a page then costs about its size over the share of those recipes the
 * other conditions keep, however many recipes carry the tag (a rare tag's, sorted, cost as
 * many look-ups as it had recipes). The other tags and ingredients stay probes; PostgreSQL
 * may still gather a small set (an author's recipes, a collection, the followed cooks') and
 * sort it instead.
 */
interface ListSource {
  /** The rows, with the recipe aliased `r`. */
  from: SQL;
  /** Conditions of the source itself (its tag or ingredient). */
  conditions: SQL[];
  /** The sort key: the recipe's created_on and id, as the source's index holds them. */
  key: [createdOn: SQL, id: SQL];
  /** A recipe may come more than once (an ingredient on two lines): keep one. */
  distinct: boolean;
  /** The filters the source does not already apply. */
  rest: RecipeFilters;
}

function listSource(filters: RecipeFilters = {}, lead = leadsOf(filters)[0]): ListSource {
  if (lead && "ingredientId" in lead) {
    const { ingredientId } = lead;
    return {
      from: sql`recipe_ingredients d join ${recipes} r on r.id = d.recipe_id`,
      conditions: [sql`d.ingredient_id = ${opaque(sql`${ingredientId}::int`)}`],
      key: [sql`d.created_on`, sql`d.recipe_id`],
      distinct: true,
      rest: {
        ...filters,
        ingredientIds: filters.ingredientIds?.filter((id) => id !== ingredientId),
      },
    };
  }
  if (lead) {
    const { tag } = lead;
    return {
      from: sql`recipe_tags d join ${recipes} r on r.id = d.recipe_id`,
      conditions: [sql`d.tag = ${opaque(sql`${tag}::text`)}`],
      key: [sql`d.created_on`, sql`d.recipe_id`],
      distinct: false,
      rest: { ...filters, tags: filters.tags?.filter((other) => other !== tag) },
    };
  }
  return {
    from: sql`${recipes} r`,
    conditions: [],
    key: [sql`r.created_on`, sql`r.id`],
    distinct: false,
    rest: filters,
  };
}

/**
 * Newest first, keyset-paginated on (created_on, id) so that an index is read in order
 * (recipes_created_idx; for one author recipes_author_created_idx; for a tag or ingredient
 * see listSource) and a deep page costs as little as the first one. "nulls last" matches those
 * indexes' order (the columns are never null, but the planner only uses an index whose order
 * is spelled the same). In two steps: the page's ids, from the conditions alone (no author
 * joined to rows a sort may drop; `?following=true` reads only recipes_author_created_idx),
 * then those rows with their authors and tags.
 */
export function recipeListSql({
  viewer,
  authorId,
  limit,
  cursor,
  filters,
  lead,
}: ListOptions): SQL {
  const source = listSource(filters, lead);
  const [createdOn, id] = source.key;
  const conditions: SQL[] = [
    ...source.conditions,
    mayReadRecipe(viewer),
    ...filterConditions(source.rest),
  ];
  if (authorId !== undefined) conditions.push(sql`r.author_id = ${authorId}`);
  if (cursor) {
    const [createdKey, lastId] = cursor;
    conditions.push(
      sql`(${createdOn}, ${id}) < ('epoch'::timestamptz + ${createdKey}::bigint * interval '1 microsecond', ${lastId}::int)`,
    );
  }
  return sql`select ${recipeColumns}
    from (
      select ${source.distinct ? sql`distinct on (${createdOn}, ${id})` : sql``} ${id} as id
      from ${source.from}
      where ${sql.join(conditions, sql` and `)}
      order by ${createdOn} desc nulls last, ${id} desc nulls last
      limit ${literalLimit(limit + 1)}
    ) page
    join ${recipes} r on r.id = page.id
    join ${users} u on u.id = r.author_id
    order by r.created_on desc nulls last, r.id desc nulls last`;
}

export const listCursor = (row: RecipeRow): CursorValues => [row.created_key, row.id];

/**
 * A page of the recipe list (recipeListSql), one row more than asked to tell if more follow.
 * Named, so each connection plans each shape of the list once: its plan took longer than its
 * run. That takes its LIMIT as a literal and its filters' values opaque (db/client.ts).
 */
export async function listRecipes(db: Tx, options: ListOptions): Promise<RecipeRow[]> {
  const lead = await listLead(db, options.filters);
  const query = recipeListSql({ ...options, lead });
  return executePrepared<RecipeRow>(db, "recipe_list", query);
}

/**
 * The detail page's row: the recipe, its lines, the viewer's collections that hold it, and
 * whether the viewer may rate it.
 */
export type RecipeDetailRow = RecipeRow & {
  content: string;
  notes: string | null;
  source_name: string | null;
  source_nutrition: SourceNutrition | null;
  lines: IngredientLine[];
  in_collections: number[];
  can_rate: boolean;
};

/**
 * The recipe with its ingredient lines in the author's order, in one prepared query: the
 * detail page is read far more often than anything else about a recipe. Undefined when it
 * does not exist or the viewer may not read it.
 */
export async function findRecipe(
  db: Tx,
  id: number,
  viewer: Viewer,
): Promise<RecipeDetailRow | undefined> {
  const [row] = await executePrepared<RecipeDetailRow>(
    db,
    "recipe_detail",
    sql`select ${recipeColumns}, r.content, r.notes, r.source_name, r.source_nutrition, coalesce((
        select json_agg(json_build_object(
            'id', ri.id, 'quantity', ri.quantity,
            'ingredient', case when i.id is not null
              then json_build_object('id', i.id, 'name', i.name) end,
            'unit', case when un.id is not null
              then json_build_object('id', un.id, 'name', un.name) end,
            'text', ri.text, 'note', ri.note, 'optional', ri.optional
          ) order by ri.position, ri.id)
        from ${recipeIngredients} ri
          left join ${ingredients} i on i.id = ri.ingredient_id
          left join ${units} un on un.id = ri.unit_id
        where ri.recipe_id = r.id
      ), '[]') as lines, ${inCollectionsColumn(viewer)},
      ${viewer ? mayRateRecipe(viewer) : sql`false`} as can_rate
      from ${recipes} r join ${users} u on u.id = r.author_id
      where r.id = ${id} and ${mayReadRecipe(viewer)}`,
  );
  return row;
}

type PolicyRow = {
  authorId: number;
  visibility: RecipeVisibility;
  withheld: boolean;
} & ReaderFacts & {
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

/**
 * A recipe's ingredient row (RecipeIngredient): a catalogue one, or one kept as written
 * (ingredient null, its words in `text`, quantity and unit when it has them).
 */
export interface IngredientLine {
  id: number;
  quantity: number | null;
  ingredient: { id: number; name: string } | null;
  unit: { id: number; name: string } | null;
  text: string | null;
  note: string | null;
  optional: boolean;
}

/**
 * Messages for rows naming an ingredient or unit that does not exist, and for catalogue rows
 * without a quantity whose unit is not "to taste" (empty when all are fine). Rows whose unit
 * is "to taste" lose any quantity sent (an older client's 1): such a row has none. The
 * contract cannot check that, knowing unit ids and not their names.
 */
export async function checkRowReferences(db: Tx, rows: RecipeIngredientInput[]): Promise<string[]> {
  const ingredientIds = [...new Set(rows.flatMap((row) => row.ingredient_id ?? []))];
  const unitIds = [...new Set(rows.flatMap((row) => row.unit_id ?? []))];
  const [knownIngredients, knownUnits] = await Promise.all([
    ingredientIds.length === 0
      ? []
      : db
          .select({ id: ingredients.id })
          .from(ingredients)
          .where(inArray(ingredients.id, ingredientIds)),
    unitIds.length === 0
      ? []
      : db.select({ id: units.id, name: units.name }).from(units).where(inArray(units.id, unitIds)),
  ]);
  const ingredientSet = new Set(knownIngredients.map((row) => row.id));
  const unitNames = new Map(knownUnits.map((row) => [row.id, row.name.toLowerCase()]));
  const messages: string[] = [];
  rows.forEach((row, index) => {
    if (row.ingredient_id !== undefined && !ingredientSet.has(row.ingredient_id)) {
      messages.push(`Row ${index + 1}: unknown ingredient id ${row.ingredient_id}.`);
    }
    if (row.unit_id !== undefined && !unitNames.has(row.unit_id)) {
      messages.push(`Row ${index + 1}: unknown unit id ${row.unit_id}.`);
    }
    if (row.ingredient_id === undefined || row.unit_id === undefined) return;
    if (unitNames.get(row.unit_id) === TO_TASTE_UNIT) row.quantity = undefined;
    else if (unitNames.has(row.unit_id) && row.quantity === undefined) {
      messages.push(`Row ${index + 1}: quantity: ${REQUIRED}`);
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
      ingredientId: row.ingredient_id ?? null,
      unitId: row.unit_id ?? null,
      quantity: row.quantity ?? null,
      text: row.text ?? null,
      note: row.note ?? null,
      optional: row.optional ?? false,
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

/** `%`, `_` and `\` stand for themselves in a LIKE pattern. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The tags of recipes the viewer may read, with how many of those carry each, most used first
 * (then by name); with `prefix`, only tags starting with it. Counted from tag_counts (kept by
 * triggers: every recipe, and those everyone may read) plus, for a signed-in cook, the tags of
 * the recipes only they may read (readableBeyondPublic); superusers read every recipe.
 */
export async function tagCounts(
  db: Tx,
  viewer: Viewer,
  { prefix, limit }: { prefix?: string; limit: number },
): Promise<{ name: string; count: number }[]> {
  const count =
    viewer === null
      ? sql`t.public_recipes`
      : viewer.isSuperuser
        ? sql`t.recipes`
        : sql`(t.public_recipes + coalesce(mine.count, 0))`;
  const theirs =
    viewer === null || viewer.isSuperuser
      ? sql``
      : sql`left join (
          select rt.tag, count(*)::int as count from recipe_tags rt
          where rt.recipe_id in (${readableBeyondPublic(viewer.id)})
          group by rt.tag
        ) mine on mine.tag = t.tag`;
  const result = await db.execute<{ name: string; count: number }>(sql`
    select t.tag as name, ${count}::int as count
    from ${tagCountsTable} t ${theirs}
    where ${count} > 0 ${prefix ? sql`and t.tag like ${`${escapeLike(prefix)}%`}` : sql``}
    order by 2 desc, t.tag
    limit ${limit}`);
  return result.rows;
}

/** The recipe's tags become these (already trimmed, lower-cased and without duplicates). */
export async function replaceTags(tx: Tx, recipeId: number, tags: string[]): Promise<void> {
  await tx.delete(recipeTags).where(eq(recipeTags.recipeId, recipeId));
  if (tags.length === 0) return;
  await tx.insert(recipeTags).values(tags.map((tag) => ({ recipeId, tag })));
}

export async function deleteRecipe(tx: Tx, id: number): Promise<{ imageKey: string | null }[]> {
  return tx.delete(recipes).where(eq(recipes.id, id)).returning({ imageKey: recipes.imageKey });
}
