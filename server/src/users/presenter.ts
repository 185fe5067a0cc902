import type { CookProfile, CookToFollow, Profile, UserSummary } from "@potluck/contract";
import { imageUrls } from "../media/images.js";
import type { ImageStorage } from "../media/storage.js";
import type { ProfileRow } from "./account-repository.js";
import { canBlock } from "./policy.js";
import type { CookProfileRow, CookToFollowRow, UserRow } from "./repository.js";

/** A person in the search and follow lists, as the API returns them. */
export const presentUserSummary = (row: UserRow): UserSummary => ({
  id: row.id,
  username: row.username,
  first_name: row.firstName,
  is_following: row.isFollowing,
  is_blocked: row.isBlocked,
});

/** A cook to follow with their latest recipe (its card image, as feed cards show it). */
export const presentCookToFollow = (row: CookToFollowRow, storage: ImageStorage): CookToFollow => ({
  id: row.id,
  username: row.username,
  follower_count: row.followerCount,
  latest_recipe: {
    id: row.recipeId,
    slug: row.recipeSlug,
    title: row.recipeTitle,
    image: imageUrls(storage, row.recipeImageKey, row.recipeVisibility).image_card,
  },
});

/** The cook's own profile (`GET /api/users/me/`). */
export const presentProfile = (row: ProfileRow): Profile => ({
  username: row.username,
  email: row.email,
  first_name: row.firstName,
  last_name: row.lastName,
  date_joined: row.createdAt.toISOString(),
});

/** Another cook's profile (`GET /api/users/{username}/`). */
export const presentCookProfile = (row: CookProfileRow, viewer: { id: number }): CookProfile => ({
  id: row.id,
  username: row.username,
  first_name: row.firstName,
  follower_count: row.followerCount,
  following_count: row.followingCount,
  recipe_count: row.recipeCount,
  is_followed: row.isFollowed,
  is_blocked: row.isBlocked,
  can_block: canBlock(viewer, row.id),
});
