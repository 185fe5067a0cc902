ALTER TABLE "recipes" ADD COLUMN "nutrition" jsonb;--> statement-breakpoint
ALTER TABLE "recipes" ADD COLUMN "allergens" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "recipes" ADD COLUMN "allergens_complete" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "recipes" ADD COLUMN "diets" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "recipes" ADD COLUMN "kcal_per_serving" real;--> statement-breakpoint
ALTER TABLE "recipes" ADD COLUMN "facts_version" text;