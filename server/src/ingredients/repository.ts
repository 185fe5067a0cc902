import { asc, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.js";
import { ingredients, units } from "../db/schema.js";
import type { CursorValues } from "../http/pagination.js";
import { synonymOf } from "./match-lines.js";
import { recipeUsesSql } from "./ranking.js";
import { accentInsensitivePattern, foldText } from "./search-text.js";

let unitsRead: Promise<{ id: number; name: string }[]> | undefined;

/**
 * The units by name. Reference data, written only by loadReferenceData before the server
 * serves (src/reference-data.ts): read once per process and kept (a line parsed and a list
 * recomputed each read them); a failed read is not kept.
 */
export function listUnits(db: Tx): Promise<{ id: number; name: string }[]> {
  unitsRead ??= db
    .select({ id: units.id, name: units.name })
    .from(units)
    .orderBy(asc(units.name))
    .catch((error: unknown) => {
      unitsRead = undefined;
      throw error;
    });
  return unitsRead;
}

/**
 * pg_trgm's default strict word similarity threshold (0.5) lets through only some one-letter
 * typos ("chiken" vs "chicken" scores exactly 0.5, "tahni" vs "tahini" 0.44); 0.4 takes them
 * while still keeping "rice" apart from "price" (0.375). Set per transaction, as the
 * operators read it from a setting.
 */
const TYPO_THRESHOLD = 0.4;

/** Runs a search whose `<<%` operator should tolerate a small typo. */
export function withTypoTolerance<T>(db: Db, run: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(
    async (tx) => {
      await tx.execute(
        sql.raw(`set local pg_trgm.strict_word_similarity_threshold = ${TYPO_THRESHOLD}`),
      );
      return run(tx);
    },
    { accessMode: "read only" },
  );
}

export type IngredientMatch = {
  id: number;
  name: string;
  counted: boolean;
  tier: number;
  neg_score: number;
  lname: string;
};

/** The last row's tier, neg_score, lname and id. */
export type IngredientCursor = [tier: number, negScore: number, lname: string, id: number];

/**
 * The ingredient search as one SQL query. Candidates come from the trigram index on
 * lower(name): an accent-insensitive substring match (`~`) or close words (`<<%`, small
 * typos; see withTypoTolerance), plus the catalogue name the text is a known synonym of
 * ("flour" is all-purpose flour, "plain flour" too; the line parser's table). They are ranked
 * in tiers, best first:
 *   0 the exact name; 1 the synonym's name; 2 the text as whole words of the name ("Bread
 *   flour", "Flour tortilla"); 3 the name or one of its words starts with the text
 *   ("Flourless…", "Eggplant" for "egg"); 4 inside a word ("Buttermilk" for "milk"); 5 a typo.
 * Within a tier the ingredients more recipes use come first, then the closest (trigram
 * similarity, which favours shorter names), then name and id. neg_score holds uses plus
 * similarity (below 1) negated, so one number orders both and the keyset of the next page
 * (tier, neg_score, lname, id) stays as it was.
 */
export function ingredientSearchSql(search: string, limit: number, after?: IngredientCursor) {
  const folded = foldText(search.trim());
  const pattern = accentInsensitivePattern(folded);
  const synonym = synonymOf(folded) ?? null;
  const plain = sql`unaccent(lower(i.name))`;
  const keyset = after
    ? sql`where (s.tier, s.neg_score, s.lname, s.id) > (${after[0]}::int, ${after[1]}::numeric, ${after[2]}::text, ${after[3]}::int)`
    : sql``;
  return sql`
    select s.id, s.name, s.counted, s.tier, s.neg_score, s.lname from (
      select i.id, i.name, i.counted, lower(i.name) as lname,
        case
          when ${plain} = ${folded} then 0
          when ${plain} = ${synonym}::text then 1
          when lower(i.name) ~ ${`\\m${pattern}\\M`} then 2
          when lower(i.name) ~ ${`\\m${pattern}`} then 3
          when lower(i.name) ~ ${pattern} then 4
          else 5
        end as tier,
        -(${recipeUsesSql(sql`i.id`)} + round(similarity(${plain}, ${folded})::numeric, 6))
          as neg_score
      from ${ingredients} i
      where lower(i.name) ~ ${pattern} or ${folded} <<% lower(i.name)
        or lower(i.name) = ${synonym}::text
    ) s
    ${keyset}
    order by s.tier, s.neg_score, s.lname, s.id
    limit ${limit + 1}`;
}

export async function searchIngredients(
  db: Db,
  search: string,
  limit: number,
  after?: IngredientCursor,
): Promise<IngredientMatch[]> {
  const query = ingredientSearchSql(search, limit, after);
  return withTypoTolerance(db, async (tx) => (await tx.execute<IngredientMatch>(query)).rows);
}

export const ingredientCursor = (row: IngredientMatch): CursorValues => [
  row.tier,
  row.neg_score,
  row.lname,
  row.id,
];

/**
 * Returns the ingredient with this name (case-insensitively), adding it when missing. The
 * unique index on lower(name) settles two people adding the same name at once.
 */
export async function findOrCreateIngredient(
  db: Tx,
  name: string,
  userId: number,
): Promise<{ ingredient: { id: number; name: string; counted: boolean }; created: boolean }> {
  const columns = { id: ingredients.id, name: ingredients.name, counted: ingredients.counted };
  const [created] = await db
    .insert(ingredients)
    .values({ name, createdBy: userId })
    .onConflictDoNothing()
    .returning(columns);
  if (created) return { ingredient: created, created: true };
  const [existing] = await db
    .select(columns)
    .from(ingredients)
    .where(sql`lower(${ingredients.name}) = lower(${name})`);
  if (!existing) throw new Error(`ingredient ${name} neither inserted nor found`);
  return { ingredient: existing, created: false };
}
