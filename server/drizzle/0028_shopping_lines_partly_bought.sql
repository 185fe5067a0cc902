DROP INDEX "shopping_items_line_key";--> statement-breakpoint
DROP INDEX "shopping_items_text_line_key";--> statement-breakpoint
CREATE INDEX "shopping_items_line_idx" ON "shopping_items" USING btree ("grocery_list_id","ingredient_id","unit_id");--> statement-breakpoint
CREATE INDEX "shopping_items_text_line_idx" ON "shopping_items" USING btree ("grocery_list_id",lower("text"),coalesce("unit_id", 0)) WHERE "shopping_items"."text" is not null;