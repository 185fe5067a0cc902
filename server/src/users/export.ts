import {
  type AccountExport,
  EXPORT_FORMAT,
  EXPORT_FORMAT_VERSION,
  type ExportedRecipe,
  type RecipeDetail,
  type RecipeVisibility,
  type UnitsPreference,
} from "@potluck/contract";
import { isLanguage } from "@potluck/contract/languages";
import type { FastifyInstance } from "fastify";
import type { SessionUser } from "../auth/sessions.js";
import { toRecipeJsonLd } from "../recipes/jsonld.js";
import { toDetail } from "../recipes/presenter.js";
import { findRecipe } from "../recipes/repository.js";
import {
  accountOf,
  aislesOf,
  blockedBy,
  collectionsOf,
  commentsBy,
  followingOf,
  likesBy,
  listsOwnedBy,
  plannerOf,
  ratingsBy,
  recipeIdsAfter,
  stapleNames,
} from "./export-repository.js";
import type { ZipEntry } from "./zip-stream.js";

// A cook's export: everything they own, as the files of a zip (decision 0026):
//   potluck.json                  the account, preferences, collections, ratings, comments,
//                                 likes, lists, planner (AccountExport)
//   recipes/<id>-<slug>.json      each recipe: the JSON-LD of GET .../jsonld/ plus
//                                 "potluck:recipe" (ExportedRecipe)
//   images/<id>-<slug>.webp       each recipe's picture, the full-size version as stored
// The recipes are read a batch of ids at a time (keyset on id) and each as the detail page
// reads it, so the JSON-LD is the API's own; nothing is read before the zip asks for it.

/** Recipe ids read per query. */
const RECIPES_PER_BATCH = 100;

/** "2026-03-01": the date in the archive's name. */
export const exportFileName = (username: string, now: Date) =>
  `potluck-export-${username}-${now.toISOString().slice(0, 10)}.zip`;

const iso = (value: string | Date) => new Date(value).toISOString();

/** Where a recipe's files go: `<id>-<slug>`, the slug being ASCII by construction (slugify). */
const baseName = (recipe: { id: number; slug: string }) => `${recipe.id}-${recipe.slug}`;

/** The file name of a stored picture inside the archive, keeping the stored extension. */
const imagePath = (recipe: { id: number; slug: string }, key: string) =>
  `images/${baseName(recipe)}${key.slice(key.lastIndexOf("."))}`;

/** The exported recipe: its JSON-LD with Potluck's own fields beside. */
export function exportedRecipe(
  detail: RecipeDetail,
  origin: string,
  image: string | null,
): ExportedRecipe {
  return {
    ...toRecipeJsonLd(detail, origin),
    "potluck:recipe": {
      id: detail.id,
      slug: detail.slug,
      title: detail.title,
      visibility: detail.visibility,
      servings: detail.servings,
      prep_minutes: detail.prep_minutes,
      cook_minutes: detail.cook_minutes,
      source_url: detail.source_url,
      source_name: detail.source_name,
      notes: detail.notes,
      tags: detail.tags,
      content: detail.content,
      language: detail.language,
      ingredients: detail.recipe_ingredients.map((line) => ({
        ingredient: line.ingredient?.name ?? null,
        text: line.text,
        quantity: line.quantity,
        unit: line.unit?.name ?? null,
        note: line.note,
        optional: line.optional,
      })),
      created_on: detail.created_on,
      updated_on: detail.updated_on,
      image,
    },
  };
}

/** potluck.json: everything of the cook's but their recipes. */
export async function accountDocument(
  app: FastifyInstance,
  user: SessionUser,
  origin: string,
  now: Date,
): Promise<AccountExport> {
  const db = app.db;
  // Refs to others' recipes follow a cook's own reading rights, superuser or not: the export
  // is the cook's data, not everything a superuser may look after.
  const viewer = { id: user.id, isSuperuser: false };
  const account = await accountOf(db, user.id);
  if (!account) throw new Error("the signed-in cook has no users row");
  const lists = await listsOwnedBy(db, viewer);
  return {
    format: EXPORT_FORMAT,
    version: EXPORT_FORMAT_VERSION,
    exported_on: now.toISOString(),
    origin,
    account: {
      id: account.id,
      username: account.username,
      email: account.email,
      first_name: account.first_name,
      last_name: account.last_name,
      joined_on: iso(account.created_at),
    },
    preferences: {
      units: account.units_preference as UnitsPreference,
      default_visibility: account.default_visibility as RecipeVisibility,
      language: isLanguage(account.language) ? account.language : null,
    },
    staples: await stapleNames(db, user.id),
    aisles: await aislesOf(db, user.id),
    following: await followingOf(db, user.id),
    blocked: (await blockedBy(db, user.id)).map((block) => ({
      username: block.username,
      blocked_on: iso(block.created_at),
    })),
    collections: (await collectionsOf(db, viewer)).map((collection) => ({
      name: collection.name,
      created_on: iso(collection.created_at),
      recipes: collection.recipes.map((ref) => ({ ...ref, added_on: iso(ref.added_on) })),
    })),
    ratings: (await ratingsBy(db, viewer)).map((rating) => ({
      recipe: rating.recipe,
      rating: rating.rating,
      stars: rating.rating / 2,
      comment: rating.comment,
      created_on: iso(rating.created_at),
      updated_on: iso(rating.updated_at),
    })),
    comments: (await commentsBy(db, viewer)).map((comment) => ({
      feed_item: comment.feed_item,
      text: comment.text,
      created_on: iso(comment.created_at),
    })),
    likes: (await likesBy(db, viewer)).map((like) => ({
      feed_item: like.feed_item,
      created_on: iso(like.created_at),
    })),
    grocery_lists: lists.map((list) => ({
      id: list.id,
      name: list.name,
      notes: list.notes,
      created_on: iso(list.created_at),
      updated_on: iso(list.updated_at),
      shared_with: list.shared_with,
      planned_recipes: list.planned_recipes,
      planned_extras: list.planned_extras,
      lines: list.lines,
    })),
    planner: await plannerOf(db, viewer),
  };
}

/**
 * The files of the cook's export, read as they are asked for: potluck.json, then each recipe
 * and its picture. A picture is read whole before it is written (at most a few MB, one at a
 * time), so a slow download never holds a bucket's connection idle past its timeout.
 */
export async function* accountArchiveEntries(
  app: FastifyInstance,
  user: SessionUser,
  origin: string,
  now: Date,
): AsyncGenerator<ZipEntry> {
  const document = await accountDocument(app, user, origin, now);
  yield { name: "potluck.json", data: json(document), mtime: now };
  const viewer = { id: user.id, isSuperuser: false };
  let afterId = 0;
  for (;;) {
    const ids = await recipeIdsAfter(app.db, user.id, afterId, RECIPES_PER_BATCH);
    if (ids.length === 0) return;
    afterId = ids[ids.length - 1] ?? afterId;
    for (const id of ids) {
      const row = await findRecipe(app.db, id, viewer);
      if (!row) continue; // deleted since its id was read
      const picture = row.image_key ? await readWhole(app, row.image_key) : null;
      const image = picture && row.image_key ? imagePath(row, row.image_key) : null;
      const detail = toDetail(app.storage, row, row.lines, viewer);
      const mtime = new Date(row.updated_on);
      yield {
        name: `recipes/${baseName(row)}.json`,
        data: json(exportedRecipe(detail, origin, image)),
        mtime,
      };
      if (picture && image) yield { name: image, data: picture, mtime, compress: false };
    }
  }
}

const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`);

/** The stored picture's bytes; null when storage holds nothing under the key. */
async function readWhole(app: FastifyInstance, key: string): Promise<Buffer | null> {
  const stream = await app.storage.read(key);
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
