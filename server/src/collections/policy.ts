import { eq, type SQL, sql } from "drizzle-orm";
import type { Viewer } from "../auth/policy.js";
import { collections } from "../db/schema.js";

// THE ONE HOME of who may use a collection: its owner, and nobody else (not a superuser
// either: a collection is a cook's private bookmarks, not content to look after). Every query
// of a collection and its recipes goes through mayUseCollection, so anyone else finds nothing
// and is answered 404, exactly as for a collection that does not exist. Which of its recipes
// show is the recipes' own rule (recipes/policy.ts mayReadRecipe, for the owner).

/** Using a loaded collection (listing, renaming, deleting, adding and removing recipes). */
export const canUseCollection = (viewer: Viewer, collection: { ownerId: number }): boolean =>
  viewer !== null && viewer.id === collection.ownerId;

/** canUseCollection as a condition on `collections` (collections_owner_name_key serves it). */
export const mayUseCollection = (viewerId: number): SQL => eq(collections.ownerId, viewerId);

/**
 * canUseCollection as a condition on a collection id (for the recipe list's `?collection=`):
 * true when the collection is the viewer's. A one-time check (an InitPlan), not per row.
 */
export const mayUseCollectionId = (viewerId: number, collectionId: SQL | number): SQL =>
  sql`exists (select 1 from ${collections} c where c.id = ${collectionId} and c.owner_id = ${viewerId})`;
