import type { Language } from "@potluck/contract/languages";
import { asc, eq, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.js";
import { ingredients, units } from "../db/schema.js";
import type { CursorValues } from "../http/pagination.js";
import { LANGUAGE_WORDS } from "./languages/index.js";
import { nameKey } from "./languages/names.js";
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

/** One ingredient by id (the catalogue's or a cook's own), or undefined. */
export async function findIngredient(
  db: Tx,
  id: number,
): Promise<{ id: number; name: string } | undefined> {
  const [row] = await db
    .select({ id: ingredients.id, name: ingredients.name })
    .from(ingredients)
    .where(eq(ingredients.id, id));
  return row;
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
 *
 * In any shipped language (issue 37 §3): the catalogue's names in the other languages
 * (ingredient_names, every plural form) are matched by the same rules, and so are each
 * language's synonyms (the line parser's tables), the caller's `language` first: a match in
 * it ranks in the tiers above, one in another language after them all (tier + 6). An
 * ingredient counts once, by its best match; `lname` stays its English name (the keyset).
 */
export function ingredientSearchSql(
  search: string,
  limit: number,
  after?: IngredientCursor,
  language: Language = "en",
) {
  const folded = foldText(search.trim());
  const pattern = accentInsensitivePattern(folded);
  const synonym = synonymOf(folded) ?? null;
  const plain = sql`unaccent(lower(i.name))`;
  const keyset = after
    ? sql`where (s.tier, s.neg_score, s.lname, s.id) > (${after[0]}::int, ${after[1]}::numeric, ${after[2]}::text, ${after[3]}::int)`
    : sql``;
  // Scripts whose marks are part of the letter (Japanese voicing, Arabic hamza) are matched as
  // written too, lower-cased, not only folded.
  const written = search.trim().normalize("NFKC").toLowerCase();
  const writtenPattern = written.replace(/[\\^$.*+?()[\]{}|-]/g, "\\$&");
  const offset = (rowLanguage: SQL) =>
    sql`(case when ${rowLanguage} = ${language} then 0 else 6 end)`;
  const localSynonyms = synonymsOf(search);
  // A text the trigram index cannot serve (under 3 letters; Japanese, whose characters make no
  // trigrams) is matched against one language's names only, not every language's: the
  // caller's (none more in English, as before), or Japanese for Japanese script.
  const japanese = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(search);
  const onlyIn: string[] | null = japanese ? ["ja"] : [...folded].length < 3 ? [language] : null;
  const englishTier = sql`case
          when ${plain} = ${folded} then 0
          when ${plain} = ${synonym}::text then 1
          when lower(i.name) ~ ${`\\m${pattern}\\M`} then 2
          when lower(i.name) ~ ${`\\m${pattern}`} then 3
          when lower(i.name) ~ ${pattern} then 4
          else 5
        end`;
  const names = sql`unaccent(lower(n.name))`;
  const candidates = sql`
      select i.id, ${englishTier} + ${offset(sql`'en'`)} as tier,
        similarity(${plain}, ${folded}) as closeness
      from ${ingredients} i
      where lower(i.name) ~ ${pattern} or ${folded} <<% lower(i.name)
        or lower(i.name) = ${synonym}::text
      union all
      select n.ingredient_id, case
          when ${names} = ${folded} or lower(n.name) = ${written} then 0
          when lower(n.name) ~ ${`\\m${pattern}\\M`} or lower(n.name) ~ ${`\\m${writtenPattern}\\M`} then 2
          when lower(n.name) ~ ${`\\m${pattern}`} or lower(n.name) ~ ${`\\m${writtenPattern}`} then 3
          when lower(n.name) ~ ${pattern} or lower(n.name) ~ ${writtenPattern} then 4
          else 5
        end + ${offset(sql`n.language`)} as tier,
        greatest(similarity(${names}, ${folded}), similarity(lower(n.name), ${written})) as closeness
      from ingredient_names n
      where (lower(n.name) ~ ${pattern} or lower(n.name) ~ ${writtenPattern}
        or ${folded} <<% lower(n.name))
        ${onlyIn ? sql`and n.language = any(${sql.param(onlyIn)}::text[])` : sql``}
      union all
      select i.id, 1 + ${offset(sql`v.language`)} as tier, 1 as closeness
      from unnest(${sql.param(localSynonyms.map(([l]) => l))}::text[],
                  ${sql.param(localSynonyms.map(([, english]) => english))}::text[])
        as v(language, english)
      join ${ingredients} i on lower(i.name) = v.english`;
  return sql`
    select s.id, s.name, s.counted, s.tier, s.neg_score, s.lname from (
      select i.id, i.name, i.counted, lower(i.name) as lname, m.tier,
        -(${recipeUsesSql(sql`i.id`)} + round(m.closeness::numeric, 6)) as neg_score
      from (
        select distinct on (c.id) c.id, c.tier, c.closeness from (${candidates}) c
        order by c.id, c.tier, c.closeness desc
      ) m join ${ingredients} i on i.id = m.id
    ) s
    ${keyset}
    order by s.tier, s.neg_score, s.lname, s.id
    limit ${limit + 1}`;
}

/**
 * The catalogue ingredients `search` is a known synonym of in each shipped language other than
 * English (the line parser's tables: "mehl", "farine", "harina" → all-purpose flour):
 * [language, lower-cased English name].
 */
function synonymsOf(search: string): [Language, string][] {
  const found: [Language, string][] = [];
  for (const [language, words] of Object.entries(LANGUAGE_WORDS) as [
    Exclude<Language, "en">,
    { synonyms: Record<string, string> },
  ][]) {
    const english = words.synonyms[nameKey(search, language)];
    if (english) found.push([language, english.toLowerCase()]);
  }
  return found;
}

export async function searchIngredients(
  db: Db,
  search: string,
  limit: number,
  after?: IngredientCursor,
  language: Language = "en",
): Promise<IngredientMatch[]> {
  const query = ingredientSearchSql(search, limit, after, language);
  return withTypoTolerance(db, async (tx) => {
    // The planner prices the trigram operators on ingredient_names' 13,000 rows far below what
    // they cost (a scan of them all: 50 ms; through the trigram index: 1 ms), so it is told.
    await tx.execute(sql`set local enable_seqscan = off`);
    return (await tx.execute<IngredientMatch>(query)).rows;
  });
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
