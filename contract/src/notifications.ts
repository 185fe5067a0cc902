// Notifications (issue 27 §1): what a cook is told about, the unread count and their choices.
import { z } from "zod";
import { idListField, text } from "./common.js";
import { NOTIFICATION_KINDS, type NotificationKind } from "./limits.js";

/** How many ids one `POST /api/notifications/read/` may name. */
export const NOTIFICATION_READ_MAX = 500;

/** `GET /api/notifications/?cursor=&limit=`: newest first; `limit` 1–100, default 20. */
export const notificationsQuery = z.object({
  cursor: text().max(300).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type NotificationsQuery = z.input<typeof notificationsQuery>;

/**
 * One notification. Likes of one feed item are grouped while unread: `actors` are the newest
 * few usernames (newest first), `actor_count` how many in all ("Ana and 3 others liked…").
 * `created_on` is the newest activity. `recipe` is null when the cook may no longer read it.
 */
export const notification = z.object({
  id: z.number(),
  kind: z.enum(NOTIFICATION_KINDS),
  actors: z.array(z.string()),
  actor_count: z.number(),
  recipe: z.object({ id: z.number(), slug: z.string(), title: z.string() }).nullable(),
  feed_item_id: z.number().nullable(),
  grocery_list: z.object({ id: z.number(), name: z.string() }).nullable(),
  import_id: z.number().nullable(),
  /**
   * `recipe_unavailable`: the title of the recipe that is no longer available (its cook deleted
   * their account; it stays on the cook's planner and list); null for other kinds.
   */
  recipe_title: z.string().nullable(),
  /**
   * `like`: what was liked, the cook's post of the recipe (`"recipe"`: their new or updated
   * recipe) or of their rating of it (`"rating"`); null for other kinds and once the post is gone.
   */
  liked: z.enum(["recipe", "rating"]).nullable(),
  created_on: z.string(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof notification>;

export const notificationPage = z.object({
  results: z.array(notification),
  next: z.string().nullable(),
  unread_count: z.number(),
});
export type NotificationPage = z.infer<typeof notificationPage>;

/** `POST /api/notifications/read/`: the ids to mark read; none (or `{}`) marks all. */
export const markNotificationsReadBody = z.object({
  ids: idListField(NOTIFICATION_READ_MAX).optional(),
});
export type MarkNotificationsReadBody = z.infer<typeof markNotificationsReadBody>;

/** `event: unread` of `GET /api/notifications/events/`. */
export const unreadCountEvent = z.object({ unread_count: z.number() });
export type UnreadCountEvent = z.infer<typeof unreadCountEvent>;

const channelSetting = z.object({ in_app: z.boolean(), email: z.boolean() });
export type NotificationChannelSetting = z.infer<typeof channelSetting>;
const channelChange = channelSetting.partial().strict().optional();

/** `GET /api/users/me/notification-settings/`: every kind; defaults in app on, email off. */
export const notificationSettings = z.object({
  follow: channelSetting,
  rating: channelSetting,
  comment: channelSetting,
  like: channelSetting,
  list_shared: channelSetting,
  planner_shared: channelSetting,
  import_done: channelSetting,
  recipe_unavailable: channelSetting,
} satisfies Record<NotificationKind, typeof channelSetting>);
export type NotificationSettings = z.infer<typeof notificationSettings>;

/** `PATCH` the same: the kinds given change (each a whole `{in_app, email}` or a part of it). */
export const updateNotificationSettingsBody = z
  .object({
    follow: channelChange,
    rating: channelChange,
    comment: channelChange,
    like: channelChange,
    list_shared: channelChange,
    planner_shared: channelChange,
    import_done: channelChange,
    recipe_unavailable: channelChange,
  } satisfies Record<NotificationKind, typeof channelChange>)
  .strict();
export type UpdateNotificationSettingsBody = z.infer<typeof updateNotificationSettingsBody>;
