-- A recipe's language (issue 37 §3), and search that stems its words in it.
-- Its stems, each marked "~" so that a stem only ever matches a query's stem (never an English
-- word spelt like it) and the typo lexicon can leave them out. IMMUTABLE, as a generated column
-- needs: to_tsvector with a fixed configuration is.
CREATE FUNCTION potluck_marked_stems(config regconfig, document text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT array_to_tsvector(ARRAY(SELECT '~' || lexeme FROM unnest(to_tsvector(config, document)))) $$;--> statement-breakpoint
ALTER TABLE "recipes" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "recipes" ADD CONSTRAINT "recipes_language" CHECK ("recipes"."language" in ('en', 'de', 'fr', 'es', 'it', 'nl', 'pt-BR', 'pl', 'ja', 'ar'));--> statement-breakpoint
-- A recipe written before languages were kept is taken to be in its author's language.
UPDATE "recipes" r SET "language" = u."language" FROM "users" u
  WHERE u."id" = r."author_id" AND u."language" IS NOT NULL AND u."language" <> 'en';--> statement-breakpoint
CREATE INDEX "recipes_language_created_idx" ON "recipes" USING btree ("language","created_on" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- The search vector is made again with the stems (its index with it), the languages copied first
-- so that each row is written once.
ALTER TABLE "recipe_search" DROP COLUMN "search_vector";--> statement-breakpoint
ALTER TABLE "recipe_search" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
UPDATE "recipe_search" rs SET "language" = r."language" FROM "recipes" r
  WHERE r."id" = rs."recipe_id" AND r."language" <> 'en';--> statement-breakpoint
ALTER TABLE "recipe_search" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple', title), 'A') || to_tsvector('simple', ingredients) ||
        case language
          when 'de' then potluck_marked_stems('german', title || ' ' || ingredients)
          when 'fr' then potluck_marked_stems('french', title || ' ' || ingredients)
          when 'es' then potluck_marked_stems('spanish', title || ' ' || ingredients)
          when 'it' then potluck_marked_stems('italian', title || ' ' || ingredients)
          when 'nl' then potluck_marked_stems('dutch', title || ' ' || ingredients)
          when 'pt-BR' then potluck_marked_stems('portuguese', title || ' ' || ingredients)
          else ''::tsvector
        end) STORED;--> statement-breakpoint
CREATE INDEX "recipe_search_vector_idx" ON "recipe_search" USING gin ("search_vector");
