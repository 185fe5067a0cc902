-- Issue 25 §1: a recipe's ingredient row may be free text, kept as written ("a handful of
-- fresh herbs"): no ingredient, an optional quantity (per serving) and unit, and its text.
-- The rows already there are all catalogue rows and pass the checks. The ingredient filter's
-- index (0017) is unchanged: a free row's ingredient_id is null, and no `?ingredient=` ever
-- matches it.
ALTER TABLE "recipe_ingredients" ALTER COLUMN "ingredient_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "recipe_ingredients" ALTER COLUMN "unit_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "recipe_ingredients" ALTER COLUMN "quantity" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "recipe_ingredients" ADD COLUMN "text" text;--> statement-breakpoint
ALTER TABLE "recipe_ingredients" ADD CONSTRAINT "recipe_ingredients_catalogue_or_text" CHECK (("recipe_ingredients"."ingredient_id" is null) <> ("recipe_ingredients"."text" is null));--> statement-breakpoint
ALTER TABLE "recipe_ingredients" ADD CONSTRAINT "recipe_ingredients_catalogue_amount" CHECK ("recipe_ingredients"."ingredient_id" is null or ("recipe_ingredients"."unit_id" is not null and "recipe_ingredients"."quantity" is not null));--> statement-breakpoint
ALTER TABLE "recipe_ingredients" ADD CONSTRAINT "recipe_ingredients_unit_has_quantity" CHECK ("recipe_ingredients"."unit_id" is null or "recipe_ingredients"."quantity" is not null);--> statement-breakpoint
ALTER TABLE "recipe_ingredients" ADD CONSTRAINT "recipe_ingredients_text_length" CHECK (char_length("recipe_ingredients"."text") between 1 and 200);
