DROP INDEX "feed_comments_item_idx";--> statement-breakpoint
ALTER TABLE "rate_limits" ADD COLUMN "window_ends_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "ratings_recipe_created_idx" ON "ratings" USING btree ("recipe_id","created_at","id");--> statement-breakpoint
CREATE INDEX "feed_comments_item_idx" ON "feed_comments" USING btree ("feed_item_id","created_at","id");--> statement-breakpoint
ALTER TABLE "rate_limits" DROP COLUMN "window_start";