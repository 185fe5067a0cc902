import { rm } from "node:fs/promises";
import path from "node:path";
import { IMPORT_RECIPES_MAX } from "@potluck/contract";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../config.js";
import type { Db } from "../db/client.js";
import { isDatabaseUnavailable } from "../db/unavailable.js";
import { JobInterrupted, type JobKind, type RunningJob } from "../jobs/queue.js";
import type { ImageStorage } from "../media/storage.js";
import { openSource } from "./formats/index.js";
import { BadEntry, InflateBudget, UnreadableArchive } from "./formats/safe-zip.js";
import type { RecipeSource } from "./formats/source.js";
import { urlSource } from "./formats/urls.js";
import type { ImportedRecipe } from "./imported-recipe.js";
import {
  donePositions,
  finishImport,
  type ImportRow,
  importById,
  recipeKeysOf,
  startImport,
  UNFINISHED,
} from "./repository.js";
import { recordAlone, restoreCollections, type SaveContext, saveImportedRecipe } from "./save.js";

export interface ImportJobData {
  importId: number;
}

/**
 * The import job: one per import, keyed by its cook, so a cook's imports run one at a time
 * (the next waits queued) while other cooks' run beside it.
 */
export const IMPORT_JOB: JobKind<ImportJobData> = {
  name: "recipe-import",
  oneAtATimePerKey: true,
  retries: 10,
  maxRunSeconds: 24 * 60 * 60,
  concurrency: 2,
};

export interface ImportDeps {
  db: Db;
  storage: ImageStorage;
  config: Pick<Config, "dataDir" | "import">;
  log: Pick<FastifyBaseLogger, "error" | "warn" | "info">;
}

/**
 * Runs (or carries on) an import: opens its file or list, skips the positions it has dealt
 * with, and saves the rest one at a time. Stops between recipes when the import is cancelled
 * (nothing more to do) or the process stops (JobInterrupted: the job runs again later, here or
 * in another process, and goes on from there).
 */
export async function runImport(deps: ImportDeps, job: RunningJob<ImportJobData>): Promise<void> {
  const { db } = deps;
  const row = await importById(db, job.data.importId);
  if (!row) return;
  const file = row.filePath ? path.join(deps.config.dataDir, row.filePath) : null;
  if (!UNFINISHED.includes(row.status as (typeof UNFINISHED)[number])) {
    if (file) await rm(file, { force: true });
    return;
  }
  try {
    await work(deps, job, row, file);
  } catch (error) {
    if (error instanceof JobInterrupted || !job.lastTry) throw error;
    // The last try failed too: the cook reads that it stopped, with what it did kept.
    deps.log.error({ err: error, importId: row.id }, "import failed for good");
    await finishImport(db, row.id, {
      status: "failed",
      reason: "The import stopped on an error. What it imported so far is kept.",
    }).catch(() => {});
    throw error;
  }
}

async function work(
  deps: ImportDeps,
  job: RunningJob<ImportJobData>,
  row: ImportRow,
  file: string | null,
): Promise<void> {
  const { db } = deps;
  let source: RecipeSource;
  try {
    if (row.urls) {
      source = urlSource(row.urls, {
        maxBytes: deps.config.import.maxPageBytes,
        timeoutMs: deps.config.import.timeoutMs,
        allowPrivateHosts: deps.config.import.allowPrivateHosts,
      });
    } else if (file) {
      source = await openSource(file, new InflateBudget());
    } else {
      throw new UnreadableArchive("The uploaded file is gone.");
    }
  } catch (error) {
    const gone = (error as NodeJS.ErrnoException).code === "ENOENT";
    if (!(error instanceof UnreadableArchive || gone)) throw error;
    const reason = gone ? "The uploaded file is gone: upload it again." : (error as Error).message;
    await finishImport(db, row.id, { status: "failed", reason });
    if (file) await rm(file, { force: true });
    return;
  }
  try {
    const items = source.items.slice(0, IMPORT_RECIPES_MAX);
    if (!(await startImport(db, row.id, { format: source.format, total: items.length }))) return;
    const done = await donePositions(db, row.id);
    const context: SaveContext = {
      db,
      storage: deps.storage,
      fetchLimits: {
        timeoutMs: deps.config.import.timeoutMs,
        allowPrivateHosts: deps.config.import.allowPrivateHosts,
      },
      importRow: row,
      known: await recipeKeysOf(db, row.userId),
    };
    for (const [position, item] of items.entries()) {
      if (done.has(position)) continue;
      if (job.signal.aborted) throw new JobInterrupted();
      let recipe: ImportedRecipe;
      try {
        recipe = await item.read();
      } catch (error) {
        if (error instanceof UnreadableArchive) {
          await finishImport(db, row.id, { status: "failed", reason: error.message });
          return;
        }
        if (isDatabaseUnavailable(error)) throw error;
        const reason =
          error instanceof BadEntry
            ? error.message
            : "It could not be read: it is not in the format we expected.";
        if (!(error instanceof BadEntry))
          deps.log.warn(
            { err: error, importId: row.id, position },
            "import: an item could not be read",
          );
        if (
          !(await recordAlone(context, { position, title: item.label, status: "failed", reason }))
        )
          return;
        continue;
      }
      if (!(await saveOne(deps, context, position, recipe))) return;
    }
    if (source.collections) await restoreCollections(context, source.collections);
    const left = source.items.length - items.length;
    await finishImport(db, row.id, {
      status: "done",
      ...(left > 0
        ? {
            reason: `The file holds ${source.items.length} recipes: only the first ${IMPORT_RECIPES_MAX} were imported.`,
          }
        : {}),
    });
  } finally {
    source.close();
  }
  if (file) await rm(file, { force: true });
}

/** Saves one recipe; a recipe that breaks the save (not the database) fails alone. */
async function saveOne(
  deps: ImportDeps,
  context: SaveContext,
  position: number,
  recipe: ImportedRecipe,
): Promise<boolean> {
  try {
    return await saveImportedRecipe(context, position, recipe);
  } catch (error) {
    if (isDatabaseUnavailable(error)) throw error;
    deps.log.error(
      { err: error, importId: context.importRow.id, position },
      "import: a recipe could not be saved",
    );
    return recordAlone(context, {
      position,
      title: recipe.name.trim().slice(0, 200) || "(no title)",
      status: "failed",
      reason: "It could not be saved.",
    });
  }
}
