// The collections API: request and response schemas shared by server and web. A cook keeps
// recipes (their own and others' they may read) in named collections, private to them: anyone
// else gets 404 on every call. A collection lists and counts only the recipes its owner may
// read at the moment (a recipe made private or whose author they unfollowed is hidden, not
// taken out, and comes back when readable again).
import { z } from "zod";
import { idParams, MAX_ID, missingOr, text } from "./common.js";
import { COLLECTION_NAME_MAX } from "./limits.js";

/** The 400 `{"name": [...]}` of a name the cook already gave another collection (any case). */
export const COLLECTION_NAME_TAKEN = "You already have a collection with this name.";

const collectionName = text({ error: missingOr("Not a valid string.") })
  .trim()
  .min(1, "This field may not be blank.")
  .max(
    COLLECTION_NAME_MAX,
    `Ensure this field has no more than ${COLLECTION_NAME_MAX} characters.`,
  );

export const collectionSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** The recipes in it that the owner may read now. */
  recipe_count: z.number(),
});
export type Collection = z.infer<typeof collectionSchema>;

/** `GET /api/recipes/collections/`: the caller's collections by name (any case). */
export const collectionsResponse = z.array(collectionSchema);

/** `POST /api/recipes/collections/` (JSON or form body) → 201 Collection (recipe_count 0). */
export const createCollectionBody = z.object({ name: collectionName });
export type CreateCollectionBody = z.input<typeof createCollectionBody>;

/** `PATCH /api/recipes/collections/{id}/` → Collection; without `name` it changes nothing. */
export const updateCollectionBody = z.object({ name: collectionName.optional() });
export type UpdateCollectionBody = z.input<typeof updateCollectionBody>;

export const collectionIdParams = idParams;

/**
 * `PUT /api/recipes/collections/{id}/recipes/{recipe_id}/` → 204, idempotent (404 for a
 * recipe the caller may not read); `DELETE` the same → 204, also when it is not in it.
 */
export const collectionRecipeParams = z.object({
  id: z.coerce.number().int().positive().max(MAX_ID),
  recipe_id: z.coerce.number().int().positive().max(MAX_ID),
});
