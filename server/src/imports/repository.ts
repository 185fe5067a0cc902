import type { ImportItemStatus, ImportStatus } from "@potluck/contract";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.js";
import { importItems, imports, recipes } from "../db/schema.js";
import { notify } from "../notifications/notify.js";
import { recordImportChange } from "./events.js";

export type ImportRow = typeof imports.$inferSelect;
export type ImportItemRow = typeof importItems.$inferSelect;

/** Imports that a job may still work on. */
export const UNFINISHED: ImportStatus[] = ["queued", "running"];

export async function createImport(
  db: Tx,
  values: { userId: number; format?: string; total?: number; urls?: string[]; filePath?: string },
): Promise<ImportRow> {
  const [row] = await db.insert(imports).values(values).returning();
  if (!row) throw new Error("import insert returned no row");
  return row;
}

/** How many of the cook's imports wait or run. */
export async function unfinishedCount(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(imports)
    .where(and(eq(imports.userId, userId), inArray(imports.status, UNFINISHED)));
  return row?.count ?? 0;
}

/** The cook's imports, newest first (the list is short: a cook imports a few times). */
export function importsOf(db: Db, userId: number, limit = 50): Promise<ImportRow[]> {
  return db
    .select()
    .from(imports)
    .where(eq(imports.userId, userId))
    .orderBy(desc(imports.createdOn), desc(imports.id))
    .limit(limit);
}

/** The import when it is the cook's; undefined otherwise (others' imports are 404). */
export async function importOf(db: Tx, userId: number, id: number): Promise<ImportRow | undefined> {
  const [row] = await db
    .select()
    .from(imports)
    .where(and(eq(imports.id, id), eq(imports.userId, userId)));
  return row;
}

export async function importById(db: Tx, id: number): Promise<ImportRow | undefined> {
  const [row] = await db.select().from(imports).where(eq(imports.id, id));
  return row;
}

export function itemsOf(db: Db, importId: number): Promise<ImportItemRow[]> {
  return db
    .select()
    .from(importItems)
    .where(eq(importItems.importId, importId))
    .orderBy(asc(importItems.position));
}

/** The positions a job has dealt with already: a restarted job skips them. */
export async function donePositions(db: Db, importId: number): Promise<Set<number>> {
  const rows = await db
    .select({ position: importItems.position })
    .from(importItems)
    .where(eq(importItems.importId, importId));
  return new Set(rows.map((row) => row.position));
}

/**
 * Cancels the import unless it has ended; returns the row as it is now. What it imported
 * stays; its job notices at the next recipe.
 */
export async function cancelImport(db: Db, userId: number, id: number) {
  return db.transaction(async (tx) => {
    const [cancelled] = await tx
      .update(imports)
      .set({ status: "cancelled", finishedOn: sql`now()` })
      .where(
        and(eq(imports.id, id), eq(imports.userId, userId), inArray(imports.status, UNFINISHED)),
      )
      .returning();
    if (cancelled) await recordImportChange(tx, cancelled);
    return cancelled ?? importOf(tx, userId, id);
  });
}

/** Marks a queued import running, with its format and size once the file has been read. */
export async function startImport(
  db: Db,
  id: number,
  values: { format: string; total: number },
): Promise<ImportRow | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(imports)
      .set({ status: "running", ...values })
      .where(and(eq(imports.id, id), inArray(imports.status, UNFINISHED)))
      .returning();
    if (row) await recordImportChange(tx, row);
    return row;
  });
}

/** Ends a running or queued import: done, or failed with the reason the cook reads. */
export async function finishImport(
  db: Db,
  id: number,
  outcome: { status: "done" | "failed"; reason?: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(imports)
      .set({ ...outcome, finishedOn: sql`now()`, filePath: null })
      .where(and(eq(imports.id, id), inArray(imports.status, UNFINISHED)))
      .returning();
    if (!row) return;
    await recordImportChange(tx, row);
    await notify(tx, { kind: "import_done", userId: row.userId, importId: row.id });
  });
}

/**
 * Records one dealt-with recipe and moves the counters, in the caller's transaction (the one
 * that created the recipe, so the two commit together). False when the import is no longer
 * running (cancelled): the caller rolls back and stops.
 */
export async function recordItem(
  tx: Tx,
  importRow: Pick<ImportRow, "id" | "userId">,
  item: {
    position: number;
    title: string;
    status: ImportItemStatus;
    recipeId?: number;
    reason?: string;
  },
): Promise<boolean> {
  const counter = { imported: imports.imported, skipped: imports.skipped, failed: imports.failed }[
    item.status
  ];
  const [row] = await tx
    .update(imports)
    .set({ processed: sql`${imports.processed} + 1`, [item.status]: sql`${counter} + 1` })
    .where(and(eq(imports.id, importRow.id), eq(imports.status, "running")))
    .returning();
  if (!row) return false;
  await tx.insert(importItems).values({
    importId: importRow.id,
    position: item.position,
    title: item.title,
    status: item.status,
    recipeId: item.recipeId ?? null,
    reason: item.reason ?? null,
  });
  await recordImportChange(tx, row);
  return true;
}

/** What tells the cook's recipes apart for "already in your recipes": addresses and titles. */
export async function recipeKeysOf(
  db: Db,
  userId: number,
): Promise<{ sourceUrls: Set<string>; titles: Set<string> }> {
  const rows = await db
    .select({ sourceUrl: recipes.sourceUrl, title: recipes.title })
    .from(recipes)
    .where(eq(recipes.authorId, userId));
  return {
    sourceUrls: new Set(rows.flatMap((row) => (row.sourceUrl ? [row.sourceUrl] : []))),
    titles: new Set(rows.map((row) => row.title.toLowerCase())),
  };
}
