import type { RecipeVisibility, UnitsPreference } from "@potluck/contract";
import { isLanguage, type Language } from "@potluck/contract/languages";
import { and, eq, ne, sql } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import { recipes, users } from "../db/schema.js";

// The signed-in cook's own account: their profile, their preferences, and the rows its
// deletion removes itself (actions/delete-account.ts; the rest goes by ON DELETE CASCADE from
// the users row).

/** The signed-in cook's own account, as their settings show it. */
export async function findProfile(db: Tx, userId: number) {
  const [row] = await db
    .select({
      username: users.username,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}
export type ProfileRow = NonNullable<Awaited<ReturnType<typeof findProfile>>>;

/** Whether another account uses the address, ignoring case (one account per address). */
export async function emailTakenByOther(db: Tx, userId: number, email: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email.toLowerCase()), ne(users.id, userId)))
    .limit(1);
  return row !== undefined;
}

export async function updateProfile(
  db: Tx,
  userId: number,
  values: { email?: string; firstName?: string; lastName?: string },
) {
  if (Object.keys(values).length > 0)
    await db.update(users).set(values).where(eq(users.id, userId));
}

// A cook's preferences. Units change how the web app shows data, never the data: quantities
// are stored and answered as written and merged, whatever the cook prefers. The default
// visibility is what a new recipe of theirs gets when its submission names none.

const columns = {
  units: users.unitsPreference,
  defaultVisibility: users.defaultVisibility,
  language: users.language,
};

type PreferencesRow = { units: string; defaultVisibility: string; language: string | null };

/** The answer: every preference, always (a reader of preferences expects each one). */
function present(row: PreferencesRow) {
  return {
    units: row.units as UnitsPreference,
    default_visibility: row.defaultVisibility as RecipeVisibility,
    language: isLanguage(row.language) ? row.language : null,
  };
}

/** The cook's preferences (the signed-in user exists: the session's row cascades with it). */
export async function preferencesOf(tx: Tx, userId: number) {
  const [row] = await tx.select(columns).from(users).where(eq(users.id, userId));
  return present(row ?? { units: "as_written", defaultVisibility: "public", language: null });
}

export async function updatePreferences(
  tx: Tx,
  userId: number,
  changes: { units?: UnitsPreference; default_visibility?: RecipeVisibility; language?: Language },
) {
  const set = {
    ...(changes.language !== undefined ? { language: changes.language } : {}),
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

/** The language a cook chose, or null (mails are written in it: issue 37). */
export async function languageOf(tx: Tx, userId: number): Promise<Language | null> {
  const [row] = await tx
    .select({ language: users.language })
    .from(users)
    .where(eq(users.id, userId));
  return isLanguage(row?.language) ? row.language : null;
}

// ---------- deleting the account ----------

/** Deletes the cook's recipes (their cascades follow), under lockRecipesOfCook (db/locks.ts). */
export async function deleteRecipesOfAuthor(tx: Tx, authorId: number): Promise<void> {
  await tx.delete(recipes).where(sql`${recipes.authorId} = ${authorId}`);
}

/** Deletes the users row, and by its cascades everything else that is the cook's. */
export async function deleteUser(tx: Tx, userId: number): Promise<void> {
  await tx.delete(users).where(sql`${users.id} = ${userId}`);
}
