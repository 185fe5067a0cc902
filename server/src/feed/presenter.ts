import type { FeedComment, FeedItem } from "@potluck/contract";
import type { Viewer } from "../auth/policy.js";
import { imageUrls } from "../media/images.js";
import type { ImageStorage } from "../media/storage.js";
import { canReport } from "../moderation/policy.js";
import { canEditComment } from "./policy.js";
import type { CommentRow, FeedRow } from "./repository.js";

/** A feed card as the API returns it. */
export const presentFeedItem = (row: FeedRow, storage: ImageStorage): FeedItem => ({
  id: row.id,
  event_type: row.eventType,
  user_username: row.userUsername,
  created_on: row.createdOn,
  recipe: {
    id: row.recipeId,
    slug: row.recipeSlug,
    title: row.recipeTitle,
    // Feed cards show the smaller card version of the image.
    image: imageUrls(storage, row.recipeImageKey, row.recipeVisibility).image_card,
  },
  rating:
    row.rating === null
      ? null
      : {
          rating: row.rating,
          comment: row.ratingComment ?? "",
          author_username: row.ratingAuthor ?? "",
        },
  like_count: row.likeCount,
  is_liked_by_user: row.isLikedByUser,
  comment_count: row.commentCount,
});

/** A comment as the API returns it, with whether the viewer may edit and delete it. */
export const presentComment = (row: CommentRow, viewer: Viewer): FeedComment => ({
  id: row.id,
  text: row.text,
  user_username: row.userUsername,
  created_at: row.createdAt.toISOString(),
  can_edit: canEditComment(viewer, row),
  can_report: canReport(viewer, row.userId),
  ...(row.hidden ? { hidden_by_moderator: true } : {}),
});
