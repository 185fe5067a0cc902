ALTER TABLE "recipes" ADD COLUMN "source_name" text;--> statement-breakpoint
ALTER TABLE "recipes" ADD COLUMN "notes" text;--> statement-breakpoint
ALTER TABLE "recipes" ADD CONSTRAINT "recipes_source_name_length" CHECK (char_length("recipes"."source_name") between 1 and 200);--> statement-breakpoint
ALTER TABLE "recipes" ADD CONSTRAINT "recipes_notes_length" CHECK (char_length("recipes"."notes") between 1 and 5000);