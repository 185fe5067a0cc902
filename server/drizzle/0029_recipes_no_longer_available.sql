ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind";--> statement-breakpoint
ALTER TABLE "planner_entries" DROP CONSTRAINT "planner_entries_recipe_or_note";--> statement-breakpoint
ALTER TABLE "planner_entries" DROP CONSTRAINT "planner_entries_guests";--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "recipe_title" text;--> statement-breakpoint
ALTER TABLE "planner_entries" ADD COLUMN "unavailable_title" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind" CHECK ("notifications"."kind" in ('follow', 'rating', 'comment', 'like', 'list_shared', 'planner_shared', 'import_done', 'recipe_unavailable'));--> statement-breakpoint
ALTER TABLE "planner_entries" ADD CONSTRAINT "planner_entries_recipe_or_note" CHECK (num_nonnulls("planner_entries"."recipe_id", "planner_entries"."note", "planner_entries"."unavailable_title") = 1);--> statement-breakpoint
ALTER TABLE "planner_entries" ADD CONSTRAINT "planner_entries_guests" CHECK (("planner_entries"."note" is not null and "planner_entries"."guests" is null) or "planner_entries"."guests" between 1 and 1000);