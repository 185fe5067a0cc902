CREATE TABLE "ingredient_names" (
	"ingredient_id" integer NOT NULL,
	"language" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "ingredient_names_language_ingredient_id_name_pk" PRIMARY KEY("language","ingredient_id","name")
);
--> statement-breakpoint
ALTER TABLE "ingredient_names" ADD CONSTRAINT "ingredient_names_ingredient_id_ingredients_id_fk" FOREIGN KEY ("ingredient_id") REFERENCES "public"."ingredients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ingredient_names_name_trgm_idx" ON "ingredient_names" USING gin (lower("name") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "ingredient_names_ingredient_idx" ON "ingredient_names" USING btree ("ingredient_id");