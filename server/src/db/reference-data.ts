import { sql } from "drizzle-orm";
import ingredientNames from "../ingredients/data/ingredients.json" with { type: "json" };
import unitNames from "../ingredients/data/units.json" with { type: "json" };
import { FIRST_TERMS_VERSION } from "../terms/first-version.js";
import type { Db } from "./client.js";
import { ingredients, termsVersions, units } from "./schema.js";

/**
 * Loads the units, the ingredient catalogue and the first Terms of Service. Idempotent:
 * existing rows (matched case-insensitively) are left alone, so it runs on every start.
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
    await tx.insert(termsVersions).values(FIRST_TERMS_VERSION).onConflictDoNothing();
    return newUnits.length + newIngredients.length;
  });
  // Fresh planner statistics after a bulk load; later starts insert nothing and skip this.
  if (added > 0) await db.execute(sql`analyze units, ingredients`);
}
