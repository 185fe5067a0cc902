import type { UnitsPreference } from "@potluck/contract";
import { eq } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import { users } from "../db/schema.js";

// A cook's preferences. They change how the web app shows data, never the data: quantities
// are stored and answered as written and merged, whatever the cook prefers.

const columns = { units: users.unitsPreference };

/** The cook's preferences (the signed-in user exists: the session's row cascades with it). */
export async function preferencesOf(tx: Tx, userId: number) {
  const [row] = await tx.select(columns).from(users).where(eq(users.id, userId));
  return { units: (row?.units ?? "as_written") as UnitsPreference };
}

export async function updatePreferences(
  tx: Tx,
  userId: number,
  changes: { units?: UnitsPreference },
) {
  if (changes.units === undefined) return preferencesOf(tx, userId);
  const [row] = await tx
    .update(users)
    .set({ unitsPreference: changes.units })
    .where(eq(users.id, userId))
    .returning(columns);
  return { units: (row?.units ?? changes.units) as UnitsPreference };
}
