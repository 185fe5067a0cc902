import { sql } from "drizzle-orm";
import type { Db, Tx } from "./db/client.js";
import {
  aisles,
  ingredients,
  ingredientNames as namesTable,
  termsVersions,
  units,
} from "./db/schema.js";
import { allNames, TRANSLATED_LANGUAGES } from "./ingredients/catalogue-names.js";
import aisleCatalogue from "./ingredients/data/aisles.json" with { type: "json" };
import countedNames from "./ingredients/data/counted.json" with { type: "json" };
import ingredientNames from "./ingredients/data/ingredients.json" with { type: "json" };
import unitNames from "./ingredients/data/units.json" with { type: "json" };
import { FIRST_TERMS_VERSION } from "./terms/first-version.js";

/**
 * Loads the units, the aisles, the ingredient catalogue with each ingredient's aisle and the
 * first Terms of Service. Idempotent: existing rows (matched case-insensitively) are left
 * alone, so it runs on every start; only what differs from the files is written (the aisles'
 * default order, a catalogue ingredient's aisle).
 */
export async function loadReferenceData(db: Db): Promise<void> {
  const added = await db.transaction(async (tx) => {
    const newUnits = await tx
      .insert(units)
      .values(unitNames.map((name) => ({ name })))
      .onConflictDoNothing()
      .returning({ id: units.id });
    const newIngredients = await tx
      .insert(ingredients)
      .values(ingredientNames.map((name) => ({ name })))
      .onConflictDoNothing()
      .returning({ id: ingredients.id });
    const sorted =
      (await loadAisles(tx)) + (await loadCounted(tx)) + (await loadIngredientNames(tx));
    await tx.insert(termsVersions).values(FIRST_TERMS_VERSION).onConflictDoNothing();
    return newUnits.length + newIngredients.length + sorted;
  });
  // Fresh planner statistics after a bulk load; later starts insert nothing and skip this.
  if (added > 0) await db.execute(sql`analyze units, ingredients, aisles, ingredient_names`);
}

/**
 * The aisles in the order of aisles.json (their default order), and the aisle of every
 * catalogue ingredient it names (reviewed by hand, each ingredient once). Ingredients cooks
 * added are in none: "Other" for them (groceries/aisles.ts). Returns how many rows changed.
 */
async function loadAisles(tx: Tx): Promise<number> {
  const names = Object.keys(aisleCatalogue);
  const placed = await tx
    .insert(aisles)
    .values(names.map((name, index) => ({ name, position: index + 1 })))
    .onConflictDoUpdate({
      target: aisles.name,
      set: { position: sql`excluded.position` },
      setWhere: sql`${aisles.position} <> excluded.position`,
    })
    .returning({ id: aisles.id });
  const pairs = Object.entries(aisleCatalogue as Record<string, string[]>).flatMap(
    ([aisle, members]) => members.map((ingredient) => [ingredient, aisle] as const),
  );
  // One statement for the whole catalogue; the lower(name) index finds each ingredient.
  const sorted = await tx.execute(sql`
    update ${ingredients} as i set aisle_id = a.id
    from unnest(${sql.param(pairs.map(([ingredient]) => ingredient))}::text[],
                ${sql.param(pairs.map(([, aisle]) => aisle))}::text[]) as v(ingredient, aisle)
    join ${aisles} a on a.name = v.aisle
    where lower(i.name) = lower(v.ingredient) and i.aisle_id is distinct from a.id`);
  return placed.length + (sorted.rowCount ?? 0);
}

/**
 * Which catalogue ingredients are usually counted (counted.json: eggs, lemons, onions...), so
 * that the recipe form starts their unit at a count. Only catalogue rows (a cook's own stay
 * uncounted), and only those that differ. Returns how many rows changed.
 */
async function loadCounted(tx: Tx): Promise<number> {
  const names = sql.param(countedNames.map((name) => name.toLowerCase()));
  const changed = await tx.execute(sql`
    update ${ingredients} as i set counted = not i.counted
    where i.created_by is null and i.counted <> (lower(i.name) = any(${names}::text[]))`);
  return changed.rowCount ?? 0;
}

/**
 * The catalogue ingredients' names in the other languages (data/names/<language>.json, every
 * plural form a row), for the ingredient search in any language (issue 37 §3): rows the files
 * no longer give go (a corrected name), new ones come. Returns how many rows changed.
 */
async function loadIngredientNames(tx: Tx): Promise<number> {
  const languages: string[] = [];
  const englishNames: string[] = [];
  const localNames: string[] = [];
  for (const language of TRANSLATED_LANGUAGES) {
    for (const { english, names } of allNames("ingredients", language)) {
      for (const name of names) {
        languages.push(language);
        englishNames.push(english.toLowerCase());
        localNames.push(name);
      }
    }
  }
  const wanted = sql`select i.id as ingredient_id, v.language, v.name
    from unnest(${sql.param(languages)}::text[], ${sql.param(englishNames)}::text[],
                ${sql.param(localNames)}::text[]) as v(language, english, name)
    join ${ingredients} i on lower(i.name) = v.english`;
  // Most starts find the table as the files say: one comparison, no writes.
  const differing = await tx.execute<{ n: number }>(sql`
    select count(*)::int as n from (
      (select w.ingredient_id, w.language, w.name from (${wanted}) w
        except select ingredient_id, language, name from ${namesTable})
      union all
      (select ingredient_id, language, name from ${namesTable}
        except select w.ingredient_id, w.language, w.name from (${wanted}) w)
    ) d`);
  if ((differing.rows[0]?.n ?? 0) === 0) return 0;
  const removed = await tx.execute(sql`
    delete from ${namesTable} n where (n.ingredient_id, n.language, n.name) not in (
      select w.ingredient_id, w.language, w.name from (${wanted}) w)`);
  const inserted = await tx.execute(sql`
    insert into ${namesTable} (ingredient_id, language, name)
    select w.ingredient_id, w.language, w.name from (${wanted}) w
    on conflict do nothing`);
  return (removed.rowCount ?? 0) + (inserted.rowCount ?? 0);
}
