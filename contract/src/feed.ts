// The feed API: schemas shared by server and web.
import { z } from "zod";
import { olderPageCursor, olderPageLimit, paginated, text } from "./common.js";
import { MAX_COMMENT_LENGTH } from "./limits.js";

export const FEED_EVENT_TYPES = [
  "new_recipe",
  "update_recipe",
  "new_rating",
  "update_rating",
] as const;
export type FeedEventType = (typeof FEED_EVENT_TYPES)[number];

export const feedItem = z.object({
  id: z.number(),
  /** One of FEED_EVENT_TYPES; typed as a string so clients can handle a type they don't know. */
  event_type: z.string(),
  user_username: z.string(),
  created_on: z.string(),
  recipe: z.object({
    id: z.number(),
    slug: z.string(),
    title: z.string(),
    /** URL of the recipe's card image, or null when it has none. */
    image: z.string().nullable(),
  }),
  /** Null for recipe events. `rating` is 1–10 (stars × 2). */
  rating: z
    .object({ rating: z.number(), comment: z.string(), author_username: z.string() })
    .nullable(),
  like_count: z.number(),
  is_liked_by_user: z.boolean(),
  comment_count: z.number(),
});
export type FeedItem = z.infer<typeof feedItem>;

export const feedPage = paginated(feedItem);

/** `?exclude_event_types=a,b`: comma-separated event types to leave out; unknown names are ignored. */
export const feedItemsQuery = z.object({
  exclude_event_types: text()
    .max(200)
    .optional()
    .transform((value) =>
      (value ?? "")
        .split(",")
        .map((type) => type.trim())
        .filter((type): type is FeedEventType =>
          (FEED_EVENT_TYPES as readonly string[]).includes(type),
        ),
    ),
  cursor: text().max(300).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const feedComment = z.object({
  id: z.number(),
  text: z.string(),
  user_username: z.string(),
  created_at: z.string(),
  /** Whether the caller may edit and delete it: its author or a superuser. */
  can_edit: z.boolean(),
  /** Whether the caller may report it (and block its cook): anyone signed in but its author. */
  can_report: z.boolean(),
  /**
   * true: a moderator hid it, and only its author and superusers get it ("Hidden by a
   * moderator"); absent otherwise.
   */
  hidden_by_moderator: z.literal(true).optional(),
});
export type FeedComment = z.infer<typeof feedComment>;

/**
 * `GET /api/feed/items/{id}/comments/` → `FeedComment[]`, oldest first: the newest
 * FEED_COMMENTS_LIMIT of them, so the latest conversation and a comment just posted are shown.
 * An item's `comment_count` says how many there are in all.
 */
export const FEED_COMMENTS_LIMIT = 100;

/**
 * `GET /api/feed/items/{id}/comments/?before=&limit=`: the newest `limit` (FEED_COMMENTS_LIMIT
 * by default) before the cursor. When older ones remain, the answer's `Link: <url>; rel="next"`
 * header is the URL of the next older page, as for a recipe's ratings.
 */
export const commentListQuery = z.object({
  before: olderPageCursor,
  limit: olderPageLimit(FEED_COMMENTS_LIMIT),
});

export const commentBody = z.object({
  text: text({ error: "This field is required." })
    .trim()
    .min(1, "This field may not be blank.")
    .max(
      MAX_COMMENT_LENGTH,
      `Ensure this field has no more than ${MAX_COMMENT_LENGTH} characters.`,
    ),
});
export type CommentBody = z.input<typeof commentBody>;
