import type { RecipeVisibility, UnitsPreference } from "@potluck/contract";
import { eq } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import { users } from "../db/schema.js";

// A cook's preferences. Units change how the web app shows data, never the data: quantities
// are stored and answered as written and merged, whatever the cook prefers. The default
// visibility is what a new recipe of theirs gets when its submission names none.

const columns = { units: users.unitsPreference, defaultVisibility: users.defaultVisibility };

type PreferencesRow = { units: string; defaultVisibility: string };

/** The answer: every preference, always (a reader of preferences expects each one). */
function present(row: PreferencesRow) {
  return {
    units: row.units as UnitsPreference,
    default_visibility: row.defaultVisibility as RecipeVisibility,
  };
}

/** The cook's preferences (the signed-in user exists: the session's row cascades with it). */
export async function preferencesOf(tx: Tx, userId: number) {
  const [row] = await tx.select(columns).from(users).where(eq(users.id, userId));
  return present(row ?? { units: "as_written", defaultVisibility: "public" });
}

/** The visibility a new recipe of this cook gets when the submission names none. */
export async function defaultVisibilityOf(tx: Tx, userId: number): Promise<RecipeVisibility> {
  const [row] = await tx
    .select({ visibility: users.defaultVisibility })
    .from(users)
    .where(eq(users.id, userId));
  return (row?.visibility ?? "public") as RecipeVisibility;
}

export async function updatePreferences(
  tx: Tx,
  userId: number,
  changes: { units?: UnitsPreference; default_visibility?: RecipeVisibility },
) {
  const set = {
    ...(changes.units !== undefined ? { unitsPreference: changes.units } : {}),
    ...(changes.default_visibility !== undefined
      ? { defaultVisibility: changes.default_visibility }
      : {}),
  };
  if (Object.keys(set).length === 0) return preferencesOf(tx, userId);
  const [row] = await tx.update(users).set(set).where(eq(users.id, userId)).returning(columns);
  if (!row) return preferencesOf(tx, userId);
  return present(row);
}
