CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
-- Existing recipes' words: new and edited recipes add theirs as they are written.
INSERT INTO "search_words" ("word")
SELECT DISTINCT unnest(tsvector_to_array("search_vector")) FROM "recipes"
ON CONFLICT DO NOTHING;
