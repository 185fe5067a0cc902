import type { Viewer } from "../auth/policy.js";
import type { Tx } from "../db/client.js";
import { canReadRecipe } from "./policy.js";
import { recipeOfImage } from "./repository.js";

/**
 * Who may see a stored picture, by its recipe's reading rule (decision 0023): "public" for a
 * public recipe's, "private" for one the viewer may read, "hidden" for one they may not (a 404,
 * as for a key that does not exist), undefined for a file no recipe names. The image server
 * (media/serve.ts) is handed this rule by app.ts: media/ knows no recipe.
 */
export async function recipeImageAccess(
  db: Tx,
  key: string,
  viewer: Viewer,
): Promise<"public" | "private" | "hidden" | undefined> {
  const recipe = await recipeOfImage(db, key, viewer);
  if (!recipe) return undefined;
  if (!canReadRecipe(viewer, recipe, recipe)) return "hidden";
  return recipe.visibility === "public" ? "public" : "private";
}
