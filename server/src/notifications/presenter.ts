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
    created_on: row.createdOn,
    read: row.read,
  };
}
