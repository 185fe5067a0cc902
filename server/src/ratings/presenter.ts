import type { Rating } from "@potluck/contract";
import type { Viewer } from "../auth/policy.js";
import { canEditRating } from "./policy.js";
import type { RatingRow } from "./repository.js";

/** A rating as the API returns it, with what the viewer may do with it. */
export const presentRating = (row: RatingRow, viewer: Viewer): Rating => ({
  id: row.id,
  rating: row.rating,
  comment: row.comment,
  recipe: row.recipeId,
  author_username: row.authorUsername,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
  can_edit: canEditRating(viewer, row),
});
