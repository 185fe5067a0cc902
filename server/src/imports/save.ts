import {
  COLLECTION_NAME_MAX,
  FORM_SERVINGS,
  RECIPE_CONTENT_MAX_BYTES,
  RECIPE_IMAGE_MAX_BYTES,
  RECIPE_INGREDIENT_TEXT_MAX,
  RECIPE_INGREDIENTS_MAX,
  RECIPE_NOTES_MAX,
  RECIPE_SERVINGS_MAX,
  RECIPE_SERVINGS_MIN,
  RECIPE_SOURCE_NAME_MAX,
  RECIPE_SOURCE_URL_MAX,
  RECIPE_TITLE_MAX,
  type RecipeDraft,
  type RecipeIngredientInput,
  TO_TASTE_UNIT,
} from "@potluck/contract";
import { and, eq, inArray, sql } from "drizzle-orm";
import { addRecipe, createCollection } from "../collections/repository.js";
import type { Db, Tx } from "../db/client.js";
import { lockRunningImport } from "../db/locks.js";
import { collections, ingredients, units } from "../db/schema.js";
import { cleanHtml } from "../http/clean-html.js";
import { HttpError } from "../http/errors.js";
import { cutAtWord } from "../ingredients/as-written.js";
import type { ImageStorage } from "../media/storage.js";
import { adjustRecipeTotals, insertRating } from "../ratings/repository.js";
import { buildDraft } from "../recipes/import/draft.js";
import { FetchError, fetchPublic } from "../recipes/import/fetch-page.js";
import { mayReadRecipe } from "../recipes/policy.js";
import type { RecipeSubmission } from "../recipes/submission.js";
import { createRecipe } from "../recipes/writes.js";
import type { ImportedCollection } from "./formats/source.js";
import type { ExactLine, ImportedRecipe } from "./imported-recipe.js";
import { type ImportRow, recordItem } from "./repository.js";

// Making a recipe of an ImportedRecipe, the one way every format goes: the single-recipe
// import's draft (recipes/import/draft.ts: steps as an ordered list, ingredient lines parsed
// and matched, quantities from the yield, tags from keywords and categories, times), then the
// recipe form's write (recipes/writes.ts). Each recipe and its import item commit together,
// under the import's row lock, so a restarted job never makes one twice and a cancel waits
// for the recipe in hand.

export interface SaveContext {
  db: Db;
  storage: ImageStorage;
  fetchLimits: { timeoutMs: number; allowPrivateHosts: boolean };
  importRow: Pick<ImportRow, "id" | "userId">;
  /** The cook's recipes' addresses and lower-cased titles; grows with each import. */
  known: { sourceUrls: Set<string>; titles: Set<string> };
}

export const ALREADY_THERE = "Already in your recipes.";
/** An imported recipe's warning: it came as a title (and maybe a picture) and nothing more. */
export const NOTHING_FOUND = "No ingredients or steps were found in the file.";

/**
 * Saves the recipe at `position` and records its item; false when the import is no longer
 * running (cancelled), and nothing was saved.
 */
export async function saveImportedRecipe(
  context: SaveContext,
  position: number,
  recipe: ImportedRecipe,
): Promise<boolean> {
  const title = recipe.name.replace(/\s+/g, " ").trim().slice(0, RECIPE_TITLE_MAX);
  if (title === "") {
    return recordAlone(context, {
      position,
      title: "(no title)",
      status: "failed",
      reason: "It has no title.",
    });
  }
  if (isKnown(context, recipe, title)) {
    return recordAlone(context, { position, title, status: "skipped", reason: ALREADY_THERE });
  }
  const { submission, problem } = await submissionOf(context, recipe, title);
  if (problem && !submission) {
    return recordAlone(context, { position, title, status: "failed", reason: problem });
  }
  const picture = await pictureOf(context, recipe, submission?.imageUrl);
  const write = async (image: Buffer | undefined, reason: string | undefined) =>
    context.db.transaction(async (tx) => {
      if (!(await lockRunningImport(tx, context.importRow.id))) return false;
      const recipeId = await createRecipe(tx, context.storage, context.importRow.userId, {
        ...(submission as RecipeSubmission),
        image,
        imageUrl: undefined,
      });
      for (const name of recipe.exact?.collections ?? []) {
        await putInCollection(tx, context.importRow.userId, name, recipeId);
      }
      if (recipe.rating)
        await rateAsImporter(tx, context.importRow.userId, recipeId, recipe.rating);
      // Imported all the same (the title may be all the cook needs), but never silently.
      const warnings = [isEmpty(recipe) ? NOTHING_FOUND : undefined, reason].filter(Boolean);
      return recordItem(tx, context.importRow, {
        position,
        title,
        status: "imported",
        recipeId,
        reason: warnings.length > 0 ? warnings.join(" ") : undefined,
      });
    });
  let saved: boolean;
  try {
    saved = await write(picture.bytes, picture.problem);
  } catch (error) {
    if (!(error instanceof HttpError) || error.statusCode !== 400) throw error;
    const imageProblem = (error.body as Record<string, string[] | undefined>).image?.[0];
    if (imageProblem === undefined || picture.bytes === undefined) {
      return recordAlone(context, { position, title, status: "failed", reason: messageOf(error) });
    }
    saved = await write(undefined, `Imported without its picture: ${imageProblem}`);
  }
  if (saved) {
    context.known.titles.add(title.toLowerCase());
    if (recipe.sourceUrl) context.known.sourceUrls.add(recipe.sourceUrl);
  }
  return saved;
}

/** No ingredient line and no step: what an export the reader misread looks like. */
function isEmpty(recipe: ImportedRecipe): boolean {
  if (recipe.exact) {
    return (
      recipe.exact.lines.length === 0 && recipe.exact.content.replace(/<[^>]*>|\s/g, "") === ""
    );
  }
  return (
    recipe.ingredients.every((line) => line.trim() === "") &&
    recipe.sections.every((section) => section.steps.length === 0)
  );
}

/**
 * The export's own rating of the recipe, as the importer's rating (1–10, half stars): counted
 * in the recipe's average like any, but not news for the feed nor a notification.
 */
async function rateAsImporter(tx: Tx, userId: number, recipeId: number, rating: number) {
  const id = await insertRating(tx, { recipeId, authorId: userId, rating, comment: "" });
  if (id !== undefined) await adjustRecipeTotals(tx, recipeId, rating, 1);
}

/** Records an item that made no recipe (skipped or failed). */
export function recordAlone(
  context: Pick<SaveContext, "db" | "importRow">,
  item: Parameters<typeof recordItem>[2],
): Promise<boolean> {
  return context.db.transaction(async (tx) => {
    if (!(await lockRunningImport(tx, context.importRow.id))) return false;
    return recordItem(tx, context.importRow, item);
  });
}

/**
 * "Already in your recipes": the same address when the recipe has one, else the same title
 * (any case). Two recipes from one site are told apart by their addresses, not their titles.
 */
function isKnown(context: SaveContext, recipe: ImportedRecipe, title: string): boolean {
  if (recipe.sourceUrl) return context.known.sourceUrls.has(recipe.sourceUrl);
  return context.known.titles.has(title.toLowerCase());
}

async function submissionOf(
  context: SaveContext,
  recipe: ImportedRecipe,
  title: string,
): Promise<{ submission?: RecipeSubmission & { imageUrl?: string }; problem?: string }> {
  const sourceUrl =
    recipe.sourceUrl && recipe.sourceUrl.length <= RECIPE_SOURCE_URL_MAX ? recipe.sourceUrl : null;
  // The export's notes and source name as the recipe's own (the form's limits; cut at a word).
  const notes = plainOrNull(recipe.notes.replace(/\r\n?/g, "\n"), RECIPE_NOTES_MAX);
  const sourceName = plainOrNull(recipe.sourceName.replace(/\s+/g, " "), RECIPE_SOURCE_NAME_MAX);
  let submission: RecipeSubmission & { imageUrl?: string };
  if (recipe.exact) {
    submission = {
      title,
      content: cleanHtml(recipe.exact.content),
      servings: clampServings(recipe.exact.servings),
      visibility: recipe.exact.visibility,
      language: recipe.language ?? undefined,
      tags: recipe.exact.tags,
      prepMinutes: minutesOrNull(recipe.prepMinutes),
      cookMinutes: minutesOrNull(recipe.cookMinutes),
      sourceUrl,
      sourceName,
      notes,
      ingredients: await exactRows(context.db, recipe.exact.lines),
      sourceNutrition: recipe.nutrition ?? null,
      removeImage: false,
      image: undefined,
    };
  } else {
    const draft = await buildDraft(context.db, context.importRow.userId, recipe, sourceUrl);
    submission = {
      title,
      content: draft.content,
      servings: clampServings(recipe.servings ?? FORM_SERVINGS),
      // Absent: the cook's default visibility (users.default_visibility), as a new recipe.
      // The page's language when it states one of ours, else the cook's (createRecipe).
      language: draft.language ?? undefined,
      tags: draft.tags,
      prepMinutes: draft.prep_minutes,
      cookMinutes: draft.cook_minutes,
      sourceUrl,
      sourceName,
      notes,
      ingredients: draft.recipe_ingredients.map((line) =>
        ingredientRow(line, draft.servings ?? FORM_SERVINGS),
      ),
      sourceNutrition: draft.source_nutrition,
      removeImage: false,
      image: undefined,
      imageUrl: draft.image_url ?? undefined,
    };
  }
  if (Buffer.byteLength(submission.content, "utf8") > RECIPE_CONTENT_MAX_BYTES) {
    return { problem: `Its instructions are longer than ${RECIPE_CONTENT_MAX_BYTES / 1024} KB.` };
  }
  return { submission };
}

const clampServings = (servings: number) =>
  Math.min(RECIPE_SERVINGS_MAX, Math.max(RECIPE_SERVINGS_MIN, Math.round(servings) || 1));

const minutesOrNull = (minutes: number | null) =>
  minutes !== null && minutes >= 0 && minutes <= 10080 ? Math.round(minutes) : null;

/** Trimmed text of at most `max` characters (cut at a word), or null when blank. */
const plainOrNull = (text: string, max: number): string | null => {
  const trimmed = text.trim();
  return trimmed ? cutAtWord(trimmed, max) : null;
};

/**
 * A draft line as a recipe row, its quantity per ONE serving (the draft's are for
 * `servings`): a line the parser keeps as written (`as_written`: no ingredient matched, or
 * the one that did leaves out words the cook wrote, decision 27) as that, its words with its
 * amount when it had one; else a catalogue row when the line named an ingredient with an
 * amount the catalogue can hold; else the whole line as written.
 */
export function ingredientRow(
  line: RecipeDraft["recipe_ingredients"][number],
  servings: number = FORM_SERVINGS,
): RecipeIngredientInput {
  const perServing = (quantity: number | null) =>
    quantity !== null && quantity > 0 ? Math.round((quantity / servings) * 1e6) / 1e6 : null;
  const optional = line.optional ? { optional: true } : {};
  const kept = line.as_written;
  if (kept && kept.text.trim() !== "") {
    const keptQuantity = perServing(kept.quantity);
    return {
      text: kept.text.slice(0, RECIPE_INGREDIENT_TEXT_MAX),
      ...(keptQuantity !== null ? { quantity: keptQuantity } : {}),
      ...(keptQuantity !== null && kept.unit ? { unit_id: kept.unit.id } : {}),
      ...noteOf(kept.note),
      ...optional,
    };
  }
  const quantity = perServing(line.quantity);
  const toTaste = line.unit?.name.toLowerCase() === TO_TASTE_UNIT;
  if (line.ingredient && line.unit && (quantity !== null || toTaste)) {
    return {
      ingredient_id: line.ingredient.id,
      unit_id: line.unit.id,
      ...(quantity !== null && !toTaste ? { quantity } : {}),
      ...noteOf(line.note),
      ...optional,
    };
  }
  // A matched ingredient without an amount ("salt"): the line as it was, amount and all.
  return { text: line.original.slice(0, RECIPE_INGREDIENT_TEXT_MAX), ...optional };
}

/** A note for a row: at most RECIPE_INGREDIENT_TEXT_MAX characters, none when blank. */
const noteOf = (note: string | null | undefined): { note?: string } => {
  const trimmed = note?.trim();
  return trimmed ? { note: cutAtWord(trimmed, RECIPE_INGREDIENT_TEXT_MAX) } : {};
};

/**
 * A Potluck export's lines as rows of this site: a catalogue row when its ingredient and unit
 * are here by name (any case), else kept as written with its amount.
 */
async function exactRows(db: Db, lines: ExactLine[]): Promise<RecipeIngredientInput[]> {
  const wanted = (values: (string | null)[]) => [
    ...new Set(values.flatMap((value) => (value ? [value.toLowerCase()] : []))),
  ];
  const ingredientNames = wanted(lines.map((line) => line.ingredient));
  const unitNames = wanted(lines.map((line) => line.unit));
  const found = async (table: typeof ingredients | typeof units, names: string[]) =>
    names.length === 0
      ? new Map<string, number>()
      : new Map(
          (
            await db
              .select({ id: table.id, name: table.name })
              .from(table)
              .where(inArray(sql`lower(${table.name})`, names))
          ).map((row) => [row.name.toLowerCase(), row.id]),
        );
  const ingredientIds = await found(ingredients, ingredientNames);
  const unitIds = await found(units, unitNames);
  return lines.slice(0, RECIPE_INGREDIENTS_MAX).flatMap((line): RecipeIngredientInput[] => {
    const quantity = typeof line.quantity === "number" && line.quantity > 0 ? line.quantity : null;
    const unitId = line.unit ? unitIds.get(line.unit.toLowerCase()) : undefined;
    const ingredientId = line.ingredient
      ? ingredientIds.get(line.ingredient.toLowerCase())
      : undefined;
    // The row's note and mark, as exported (older exports have neither).
    const extras = {
      ...noteOf(typeof line.note === "string" ? line.note : null),
      ...(line.optional === true ? { optional: true } : {}),
    };
    const toTaste = line.unit?.toLowerCase() === TO_TASTE_UNIT;
    if (ingredientId !== undefined && unitId !== undefined && (quantity !== null || toTaste)) {
      return [
        {
          ingredient_id: ingredientId,
          unit_id: unitId,
          ...(quantity !== null && !toTaste ? { quantity } : {}),
          ...extras,
        },
      ];
    }
    const text = (line.text ?? line.ingredient ?? "").trim().slice(0, RECIPE_INGREDIENT_TEXT_MAX);
    if (text === "") return [];
    // A unit this site lacks goes into the words, so the line still reads as it did.
    const words =
      line.unit && unitId === undefined
        ? `${line.unit} ${text}`.slice(0, RECIPE_INGREDIENT_TEXT_MAX)
        : text;
    return [
      {
        text: words,
        ...(quantity !== null ? { quantity } : {}),
        ...(unitId !== undefined && quantity !== null ? { unit_id: unitId } : {}),
        ...extras,
      },
    ];
  });
}

/** The picture's bytes: the file's own, or fetched from its address; or why there is none. */
async function pictureOf(
  context: SaveContext,
  recipe: ImportedRecipe,
  imageUrl: string | undefined,
): Promise<{ bytes?: Buffer; problem?: string }> {
  if (recipe.picture) return { bytes: recipe.picture };
  if (!imageUrl) return {};
  try {
    const fetched = await fetchPublic(
      imageUrl,
      { maxBytes: RECIPE_IMAGE_MAX_BYTES, ...context.fetchLimits },
      "image/webp,image/png,image/jpeg,image/*;q=0.8",
    );
    return { bytes: fetched.body };
  } catch (error) {
    if (!(error instanceof FetchError)) throw error;
    return {
      problem: `Imported without its picture: ${error.message.replace(/The page/, "the picture")}`,
    };
  }
}

/** The cook's collection of this name (made when missing), with the recipe in it. */
async function putInCollection(tx: Tx, userId: number, name: string, recipeId: number) {
  const id = await collectionNamed(tx, userId, name);
  if (id !== undefined) await addRecipe(tx, id, recipeId);
}

/** The id of the cook's collection of this name, made when missing; undefined for a bad name. */
async function collectionNamed(tx: Tx, userId: number, name: string) {
  const trimmed = name.trim();
  if (trimmed === "" || trimmed.length > COLLECTION_NAME_MAX) return undefined;
  const created = await createCollection(tx, userId, trimmed);
  if (created) return created.id;
  const [found] = await tx
    .select({ id: collections.id })
    .from(collections)
    .where(
      and(eq(collections.ownerId, userId), sql`lower(${collections.name}) = lower(${trimmed})`),
    );
  return found?.id;
}

/**
 * After an export's recipes: every collection it had (empty ones too), with the other cooks'
 * recipes it held where they are this site's recipes (same id, slug and author; an export
 * from another site names different recipes) and the importer may read them. Run again after a
 * restart, it changes nothing.
 */
export async function restoreCollections(
  context: SaveContext,
  restored: ImportedCollection[],
): Promise<void> {
  const userId = context.importRow.userId;
  const viewer = { id: userId, isSuperuser: false };
  await context.db.transaction(async (tx) => {
    for (const collection of restored) {
      const id = await collectionNamed(tx, userId, collection.name);
      if (id === undefined) continue;
      for (const ref of collection.recipes) {
        if (ref.slug === undefined || ref.author === undefined) continue;
        const found = await tx.execute(
          sql`select r.id from recipes r join users u on u.id = r.author_id
            where r.id = ${ref.id} and r.slug = ${ref.slug} and u.username = ${ref.author}
              and ${mayReadRecipe(viewer)}`,
        );
        if (found.rows.length > 0) await addRecipe(tx, id, ref.id);
      }
    }
  });
}

function messageOf(error: HttpError): string {
  const body = error.body as Record<string, unknown>;
  const first = Object.entries(body)[0];
  if (!first) return "It could not be saved.";
  const [field, value] = first;
  const text = Array.isArray(value) ? String(value[0]) : String(value);
  return field === "detail" ? text : `${field}: ${text}`;
}
