import type { Notification } from "@potluck/contract";
import type { NotificationRow } from "./repository.js";

/** A notification as the API shows it (contract `notification`). */
export function presentNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    kind: row.kind,
    actors: row.actors,
    actor_count: row.actorCount,
    recipe:
      row.recipeId !== null && row.recipeSlug !== null && row.recipeTitle !== null
        ? { id: row.recipeId, slug: row.recipeSlug, title: row.recipeTitle }
        : null,
    feed_item_id: row.feedItemId,
    grocery_list:
      row.groceryListId !== null && row.groceryListName !== null
        ? { id: row.groceryListId, name: row.groceryListName }
        : null,
    import_id: row.importId,
    recipe_title: row.unavailableTitle,
    liked: likedOf(row.likedEventType),
    created_on: row.createdOn,
    read: row.read,
  };
}

/** What a like was of, from its feed item's event type: a recipe post or a rating post. */
export function likedOf(eventType: string | null): "recipe" | "rating" | null {
  if (eventType === "new_recipe" || eventType === "update_recipe") return "recipe";
  if (eventType === "new_rating" || eventType === "update_rating") return "rating";
  return null;
}
