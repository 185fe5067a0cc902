import type { Collection } from "@potluck/contract";
import type { CollectionRow } from "./repository.js";

// Collection rows (as repository.ts reads them) into the contract's response.

/** A collection in its owner's index, with the recipes in it the owner may read now. */
export const presentCollection = (row: CollectionRow): Collection => ({
  id: row.id,
  name: row.name,
  recipe_count: row.recipeCount,
});
