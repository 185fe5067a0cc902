import { eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.js";
import { lockListsPlanningRecipe, lockRecipe, lockSearchGeneration } from "../db/locks.js";
import { recipes } from "../db/schema.js";
import { recordFeedEvent } from "../feed/events.js";
import { recordChangeOnLockedLists } from "../groceries/list-events.js";
import { recomputeShoppingLists } from "../groceries/recompute.js";
import { HttpError, notFound } from "../http/errors.js";
import { type ProcessedImage, processImage, removeImage, storeImage } from "../media/images.js";
import type { ImageStorage } from "../media/storage.js";
import { refreshFactsOf } from "./facts.js";
import {
  checkRowReferences,
  deleteRecipe,
  insertIngredientLines,
  replaceIngredientLines,
  replaceTags,
} from "./repository.js";
import { refreshSearchRow } from "./search-index.js";
import { slugify } from "./slug.js";
import type { RecipeSubmission } from "./submission.js";

// The recipe writes. Each is one transaction: the recipe, its ingredient lines, its search
// text, its feed item and the shopping lists that plan it change together or not at all.
// Image files are written before the transaction, so a committed recipe never points at a
// missing file, and deleted again when it fails; files a write replaces are deleted after
// the commit (by the caller, with removeImage). Each takes its locks first, in the order of
// db/locks.ts (recipe, then the lists that plan it, then the search counter), then writes;
// last, the change events of the lists whose shopping lines or planned entries changed.

/**
 * Creates the recipe; returns its id. Inside a caller's transaction (a bulk import records
 * its item with it) the recipe's writes are a savepoint of that transaction.
 */
export async function createRecipe(
  db: Tx,
  storage: ImageStorage,
  authorId: number,
  submission: RecipeSubmission,
): Promise<number> {
  await checkReferences(db, submission);
  const imageKey = await storeUpload(storage, submission);
  return withImageCleanup(storage, imageKey, () =>
    db.transaction(async (tx) => {
      const [created] = await tx
        .insert(recipes)
        .values({
          authorId,
          title: submission.title,
          slug: slugify(submission.title),
          content: submission.content,
          servings: submission.servings,
          prepMinutes: submission.prepMinutes,
          cookMinutes: submission.cookMinutes,
          sourceUrl: submission.sourceUrl,
          sourceName: submission.sourceName,
          notes: submission.notes,
          sourceNutrition: submission.sourceNutrition ?? null,
          // Absent from the submission: the author's default_visibility preference.
          visibility:
            submission.visibility ??
            sql`(select default_visibility from users where id = ${authorId})`,
          // Absent (a bulk import): the language the author chose, else English.
          language:
            submission.language ??
            sql`(select coalesce(language, 'en') from users where id = ${authorId})`,
          imageKey,
        })
        .returning({ id: recipes.id });
      if (!created) throw new Error("recipe insert returned no row");
      await insertIngredientLines(tx, created.id, submission.ingredients ?? []);
      await replaceTags(tx, created.id, submission.tags ?? []);
      await refreshFactsOf(tx, created.id);
      // A new recipe is planned nowhere yet and no one else can see its row: the search
      // counter is the only lock it needs.
      await lockSearchGeneration(tx);
      await refreshSearchRow(tx, created.id);
      await recordFeedEvent(tx, {
        userId: authorId,
        eventType: "new_recipe",
        recipeId: created.id,
      });
      return created.id;
    }),
  );
}

/**
 * Replaces the recipe's fields (and ingredient lines, when given); the slug follows the title.
 * Returns the image key it dropped (replaced or removed), for deletion after the commit.
 */
export async function updateRecipe(
  db: Db,
  storage: ImageStorage,
  id: number,
  submission: RecipeSubmission,
): Promise<string | null> {
  await checkReferences(db, submission);
  const newImageKey = await storeUpload(storage, submission);
  return withImageCleanup(storage, newImageKey, () =>
    db.transaction(async (tx) => {
      const current = await lockRecipe(tx, id);
      if (!current) throw notFound();
      const lists = await lockListsPlanningRecipe(tx, id);
      await lockSearchGeneration(tx);
      const replacesImage = newImageKey !== null || submission.removeImage;
      await tx
        .update(recipes)
        .set({
          title: submission.title,
          slug: slugify(submission.title),
          content: submission.content,
          servings: submission.servings,
          visibility: submission.visibility,
          language: submission.language,
          prepMinutes: submission.prepMinutes,
          cookMinutes: submission.cookMinutes,
          sourceUrl: submission.sourceUrl,
          sourceName: submission.sourceName,
          notes: submission.notes,
          sourceNutrition: submission.sourceNutrition,
          imageKey: replacesImage ? newImageKey : current.imageKey,
          updatedOn: sql`now()`,
        })
        .where(eq(recipes.id, id));
      if (submission.ingredients) {
        await replaceIngredientLines(tx, id, submission.ingredients);
        await refreshFactsOf(tx, id);
      }
      if (submission.tags) await replaceTags(tx, id, submission.tags);
      await refreshSearchRow(tx, id);
      // The item belongs to the author's feed even when a superuser made the edit: followers
      // follow the cook, and the card reads as news of the cook's recipe.
      await recordFeedEvent(tx, {
        userId: current.authorId,
        eventType: "update_recipe",
        recipeId: id,
      });
      const linesChanged = await recomputeShoppingLists(tx, lists);
      // The title shows on every list's planned entries (and in its lines' "from" text): all
      // of them refetch plans and lines. Otherwise only lists whose lines changed refetch
      // those; a new description or photo changes nothing a list shows.
      const titleChanged = submission.title !== current.title;
      await recordChangeOnLockedLists(
        tx,
        titleChanged ? lists : linesChanged,
        titleChanged ? "planned" : "items",
        current.authorId,
      );
      return replacesImage ? current.imageKey : null;
    }),
  );
}

/**
 * Deletes the recipe; its ratings, feed items, ingredient lines and planned entries go with
 * it (ON DELETE CASCADE), and the shopping lists that planned it are recomputed so none keeps
 * lines of a recipe that no longer exists. Returns its image key, for deletion after commit.
 * Given a transaction (a moderator's delete, which logs it), it runs inside it (a savepoint).
 */
export async function deleteRecipeEverywhere(db: Tx, id: number): Promise<string | null> {
  return db.transaction(async (tx) => {
    const recipe = await lockRecipe(tx, id);
    if (!recipe) throw notFound();
    const lists = await lockListsPlanningRecipe(tx, id);
    // The cascade to recipe_search fires the search counter's trigger: locked here, last.
    await lockSearchGeneration(tx);
    const [row] = await deleteRecipe(tx, id);
    if (!row) throw new Error("locked recipe vanished inside its transaction");
    await recomputeShoppingLists(tx, lists);
    // Its planned entries are gone from every one of those lists, and their lines with them.
    await recordChangeOnLockedLists(tx, lists, "planned", recipe.authorId);
    return row.imageKey;
  });
}

async function checkReferences(db: Tx, submission: RecipeSubmission): Promise<void> {
  const unknown = await checkRowReferences(db, submission.ingredients ?? []);
  if (unknown.length > 0) throw new HttpError(400, { recipe_ingredients: unknown });
}

/** Checks, re-encodes and stores the uploaded image; null without one. */
async function storeUpload(
  storage: ImageStorage,
  submission: RecipeSubmission,
): Promise<string | null> {
  if (!submission.image) return null;
  let processed: ProcessedImage;
  try {
    processed = await processImage(submission.image);
  } catch (error) {
    // A fetched picture's problems belong to the address the cook gave.
    if (error instanceof HttpError && submission.imageField === "image_url") {
      throw new HttpError(400, { image_url: error.body.image });
    }
    throw error;
  }
  return storeImage(storage, processed);
}

async function withImageCleanup<T>(
  storage: ImageStorage,
  newImageKey: string | null,
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    await removeImage(storage, newImageKey).catch(() => {});
    throw error;
  }
}
