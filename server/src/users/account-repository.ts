import { sql } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import { recipes, users } from "../db/schema.js";

// The rows of a cook's own account that its deletion removes itself (actions/delete-account.ts);
// the rest goes by ON DELETE CASCADE from the users row.

/** Deletes the cook's recipes (their cascades follow), under lockRecipesOfCook (db/locks.ts). */
export async function deleteRecipesOfAuthor(tx: Tx, authorId: number): Promise<void> {
  await tx.delete(recipes).where(sql`${recipes.authorId} = ${authorId}`);
}

/** Deletes the users row, and by its cascades everything else that is the cook's. */
export async function deleteUser(tx: Tx, userId: number): Promise<void> {
  await tx.delete(users).where(sql`${users.id} = ${userId}`);
}
