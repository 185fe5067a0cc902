-- Search ranks title words above ingredient words with tsvector weights (cheap per match)
-- instead of a trigram similarity to the title (computed for every match). The title and the
-- ingredient names are folded into columns of their own; the unused trigram index goes.
DROP INDEX "recipes_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "recipes" ADD COLUMN "search_title" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "recipes" r SET
  "search_title" = lower(unaccent(r."title")),
  "search_text" = lower(unaccent(coalesce((
    SELECT string_agg(i."name", ' ' ORDER BY ri."position", ri."id")
    FROM "recipe_ingredients" ri JOIN "ingredients" i ON i."id" = ri."ingredient_id"
    WHERE ri."recipe_id" = r."id"
  ), '')));--> statement-breakpoint
ALTER TABLE "recipes" DROP COLUMN "search_vector";--> statement-breakpoint
ALTER TABLE "recipes" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple', search_title), 'A') || to_tsvector('simple', search_text)) STORED;--> statement-breakpoint
CREATE INDEX "recipes_search_vector_idx" ON "recipes" USING gin ("search_vector");
