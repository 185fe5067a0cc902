CREATE TABLE "import_items" (
	"import_id" integer NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"status" text NOT NULL,
	"recipe_id" integer,
	"reason" text,
	CONSTRAINT "import_items_import_id_position_pk" PRIMARY KEY("import_id","position"),
	CONSTRAINT "import_items_status" CHECK ("import_items"."status" in ('imported', 'skipped', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"format" text,
	"total" integer DEFAULT 0 NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"imported" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_on" timestamp with time zone,
	"reason" text,
	"file_path" text,
	"urls" text[],
	CONSTRAINT "imports_status" CHECK ("imports"."status" in ('queued', 'running', 'done', 'failed', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "import_items" ADD CONSTRAINT "import_items_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_items" ADD CONSTRAINT "import_items_recipe_id_recipes_id_fk" FOREIGN KEY ("recipe_id") REFERENCES "public"."recipes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_items_recipe_idx" ON "import_items" USING btree ("recipe_id") WHERE "import_items"."recipe_id" is not null;--> statement-breakpoint
CREATE INDEX "imports_user_created_idx" ON "imports" USING btree ("user_id","created_on" DESC NULLS LAST,"id" DESC NULLS LAST);