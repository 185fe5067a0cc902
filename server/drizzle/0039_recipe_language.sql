ALTER TABLE "recipe_search" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "recipe_search" ADD COLUMN "stem_vector" "tsvector" GENERATED ALWAYS AS (case language
        when 'de' then setweight(to_tsvector('german', title), 'A') || to_tsvector('german', ingredients)
        when 'fr' then setweight(to_tsvector('french', title), 'A') || to_tsvector('french', ingredients)
        when 'es' then setweight(to_tsvector('spanish', title), 'A') || to_tsvector('spanish', ingredients)
        when 'it' then setweight(to_tsvector('italian', title), 'A') || to_tsvector('italian', ingredients)
        when 'nl' then setweight(to_tsvector('dutch', title), 'A') || to_tsvector('dutch', ingredients)
        when 'pt-BR' then setweight(to_tsvector('portuguese', title), 'A') || to_tsvector('portuguese', ingredients)
      end) STORED;--> statement-breakpoint
ALTER TABLE "recipes" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
CREATE INDEX "recipe_search_stem_vector_idx" ON "recipe_search" USING gin ("stem_vector");--> statement-breakpoint
CREATE INDEX "recipes_language_created_idx" ON "recipes" USING btree ("language","created_on" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "recipes" ADD CONSTRAINT "recipes_language" CHECK ("recipes"."language" in ('en', 'de', 'fr', 'es', 'it', 'nl', 'pt-BR', 'pl', 'ja', 'ar'));--> statement-breakpoint
-- A recipe written before languages were kept is taken to be in its author's language.
UPDATE "recipes" r SET "language" = u."language" FROM "users" u
  WHERE u."id" = r."author_id" AND u."language" IS NOT NULL AND u."language" <> 'en';--> statement-breakpoint
UPDATE "recipe_search" rs SET "language" = r."language" FROM "recipes" r
  WHERE r."id" = rs."recipe_id" AND r."language" <> 'en';
