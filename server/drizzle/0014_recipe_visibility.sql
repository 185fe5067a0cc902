ALTER TABLE "recipes" ADD COLUMN "visibility" text DEFAULT 'public' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "default_visibility" text DEFAULT 'public' NOT NULL;--> statement-breakpoint
CREATE INDEX "recipes_public_created_idx" ON "recipes" USING btree ("created_on" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "recipes"."visibility" = 'public';--> statement-breakpoint
CREATE INDEX "recipes_image_key_idx" ON "recipes" USING btree ("image_key") WHERE "recipes"."image_key" is not null;--> statement-breakpoint
ALTER TABLE "recipes" ADD CONSTRAINT "recipes_visibility" CHECK ("recipes"."visibility" in ('public', 'followers', 'private'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_default_visibility" CHECK ("users"."default_visibility" in ('public', 'followers', 'private'));