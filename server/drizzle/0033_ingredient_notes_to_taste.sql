ALTER TABLE "recipe_ingredients" DROP CONSTRAINT "recipe_ingredients_catalogue_amount";--> statement-breakpoint
ALTER TABLE "recipe_ingredients" DROP CONSTRAINT "recipe_ingredients_unit_has_quantity";--> statement-breakpoint
ALTER TABLE "shopping_items" DROP CONSTRAINT "shopping_items_catalogue_amount";--> statement-breakpoint
ALTER TABLE "recipe_ingredients" ADD COLUMN "note" text;--> statement-breakpoint
-- "To taste" has no quantity (issue 34 §11): the 1 the paste parser filled in goes.
UPDATE "recipe_ingredients" SET "quantity" = NULL WHERE "ingredient_id" IS NOT NULL AND "unit_id" IN (SELECT "id" FROM "units" WHERE lower("name") = 'to taste');--> statement-breakpoint
ALTER TABLE "recipe_ingredients" ADD COLUMN "optional" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "recipe_ingredients" ADD CONSTRAINT "recipe_ingredients_catalogue_unit" CHECK ("recipe_ingredients"."ingredient_id" is null or "recipe_ingredients"."unit_id" is not null);--> statement-breakpoint
ALTER TABLE "recipe_ingredients" ADD CONSTRAINT "recipe_ingredients_note_length" CHECK (char_length("recipe_ingredients"."note") between 1 and 200);--> statement-breakpoint
ALTER TABLE "recipe_ingredients" ADD CONSTRAINT "recipe_ingredients_unit_has_quantity" CHECK ("recipe_ingredients"."unit_id" is null or "recipe_ingredients"."quantity" is not null or "recipe_ingredients"."ingredient_id" is not null);--> statement-breakpoint
ALTER TABLE "shopping_items" ADD CONSTRAINT "shopping_items_catalogue_unit" CHECK ("shopping_items"."ingredient_id" is null or "shopping_items"."unit_id" is not null);