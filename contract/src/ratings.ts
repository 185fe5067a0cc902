// The ratings API: request and response schemas shared by server and web.
import { z } from "zod";
import { idParams, MAX_ID, olderPageCursor, olderPageLimit, text } from "./common.js";
import { RATING_COMMENT_MAX } from "./limits.js";

export const ratingSchema = z.object({
  id: z.number(),
  /** 1–10: stars × 2 (half stars). */
  rating: z.number(),
  comment: z.string(),
  /** The recipe's id. */
  recipe: z.number(),
  author_username: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Whether the caller may change and delete it: its author only (false signed out). */
  can_edit: z.boolean(),
});
export type Rating = z.infer<typeof ratingSchema>;

/**
 * How many of a recipe's ratings its list returns: the newest ones. A signed-in reader whose
 * own rating is older gets it too, last, so the list is still newest first and the rating
 * form always finds it.
 */
export const RECIPE_RATINGS_LIMIT = 100;

/**
 * `GET /api/recipes/ratings/?recipe={id}` → `Rating[]`, newest first: the newest `limit`
 * (RECIPE_RATINGS_LIMIT by default), and the reader's own. Older ones page backwards: when
 * there are more, the answer's `Link: <url>; rel="next"` header is the URL of the next older
 * page (`?before=` an opaque cursor). The reader's own rating comes on the first page only.
 */
export const ratingListQuery = z.object({
  recipe: z.coerce.number().int().positive().max(MAX_ID),
  before: olderPageCursor,
  limit: olderPageLimit(RECIPE_RATINGS_LIMIT),
});
export const ratingListResponse = z.array(ratingSchema);

/** POST and PUT body. */
export const ratingBody = z.object({
  rating: z
    .number()
    .int("A valid integer is required.")
    .min(1, "Ensure this value is greater than or equal to 1.")
    .max(10, "Ensure this value is less than or equal to 10."),
  /** Optional; trimmed. */
  comment: z.preprocess(
    (value) => value ?? "",
    text()
      .trim()
      .max(
        RATING_COMMENT_MAX,
        `Ensure this field has no more than ${RATING_COMMENT_MAX} characters.`,
      ),
  ),
  recipe: z.number().int().positive().max(MAX_ID),
});

export const ratingIdParams = idParams;
export type RatingBody = z.input<typeof ratingBody>;
