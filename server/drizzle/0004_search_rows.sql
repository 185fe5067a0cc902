-- Search moves to narrow rows of its own (recipe_search), read instead of the wide recipes
-- rows, and ranks title words above ingredient words with tsvector weights (cheap per match)
-- instead of a trigram similarity to the title (computed for every match).
CREATE TABLE "recipe_search" (
	"recipe_id" integer PRIMARY KEY NOT NULL,
	"created_on" timestamp with time zone NOT NULL,
	"title" text NOT NULL,
	"ingredients" text NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple', title), 'A') || to_tsvector('simple', ingredients)) STORED
);
--> statement-breakpoint
-- Existing recipes, in creation order (the order searches walk them in).
INSERT INTO "recipe_search" ("recipe_id", "created_on", "title", "ingredients")
SELECT r."id", r."created_on", lower(unaccent(r."title")), lower(unaccent(coalesce((
    SELECT string_agg(i."name", ' ' ORDER BY ri."position", ri."id")
    FROM "recipe_ingredients" ri JOIN "ingredients" i ON i."id" = ri."ingredient_id"
    WHERE ri."recipe_id" = r."id"
  ), '')))
FROM "recipes" r
ORDER BY r."created_on", r."id";--> statement-breakpoint
ALTER TABLE "recipe_search" ADD CONSTRAINT "recipe_search_recipe_id_recipes_id_fk" FOREIGN KEY ("recipe_id") REFERENCES "public"."recipes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recipe_search_created_idx" ON "recipe_search" USING btree ("created_on" DESC NULLS LAST,"recipe_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "recipe_search_vector_idx" ON "recipe_search" USING gin ("search_vector");--> statement-breakpoint
DROP INDEX "recipes_search_vector_idx";--> statement-breakpoint
DROP INDEX "recipes_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "recipes" DROP COLUMN "search_vector";--> statement-breakpoint
ALTER TABLE "recipes" DROP COLUMN "search_text";
