CREATE TABLE "planner_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"date" date NOT NULL,
	"slot" text NOT NULL,
	"position" smallint NOT NULL,
	"recipe_id" integer,
	"guests" integer,
	"note" text,
	"sent_planned_recipe_id" integer,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "planner_entries_slot" CHECK ("planner_entries"."slot" in ('breakfast', 'lunch', 'dinner', 'snack')),
	CONSTRAINT "planner_entries_recipe_or_note" CHECK (("planner_entries"."recipe_id" is null) <> ("planner_entries"."note" is null)),
	CONSTRAINT "planner_entries_guests" CHECK (("planner_entries"."recipe_id" is null and "planner_entries"."guests" is null) or "planner_entries"."guests" between 1 and 1000),
	CONSTRAINT "planner_entries_note_length" CHECK (char_length("planner_entries"."note") between 1 and 200),
	CONSTRAINT "planner_entries_position" CHECK ("planner_entries"."position" >= 0)
);
--> statement-breakpoint
CREATE TABLE "planner_members" (
	"owner_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "planner_members_owner_id_user_id_pk" PRIMARY KEY("owner_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "planners" (
	"owner_id" integer PRIMARY KEY NOT NULL,
	"calendar_token_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_text_aisles" (
	"user_id" integer NOT NULL,
	"text_key" text NOT NULL,
	"aisle_id" integer NOT NULL,
	CONSTRAINT "user_text_aisles_user_id_text_key_pk" PRIMARY KEY("user_id","text_key")
);
--> statement-breakpoint
ALTER TABLE "planned_extras" ALTER COLUMN "ingredient_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "planned_extras" ALTER COLUMN "unit_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "planned_extras" ALTER COLUMN "quantity" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "shopping_items" ALTER COLUMN "ingredient_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "shopping_items" ALTER COLUMN "unit_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "shopping_items" ALTER COLUMN "quantity" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "planned_extras" ADD COLUMN "text" text;--> statement-breakpoint
ALTER TABLE "shopping_items" ADD COLUMN "text" text;--> statement-breakpoint
ALTER TABLE "planner_entries" ADD CONSTRAINT "planner_entries_owner_id_planners_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."planners"("owner_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planner_entries" ADD CONSTRAINT "planner_entries_recipe_id_recipes_id_fk" FOREIGN KEY ("recipe_id") REFERENCES "public"."recipes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planner_entries" ADD CONSTRAINT "planner_entries_sent_planned_recipe_id_planned_recipes_id_fk" FOREIGN KEY ("sent_planned_recipe_id") REFERENCES "public"."planned_recipes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planner_entries" ADD CONSTRAINT "planner_entries_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planner_members" ADD CONSTRAINT "planner_members_owner_id_planners_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."planners"("owner_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planner_members" ADD CONSTRAINT "planner_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planners" ADD CONSTRAINT "planners_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_text_aisles" ADD CONSTRAINT "user_text_aisles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_text_aisles" ADD CONSTRAINT "user_text_aisles_aisle_id_aisles_id_fk" FOREIGN KEY ("aisle_id") REFERENCES "public"."aisles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "planner_entries_owner_date_idx" ON "planner_entries" USING btree ("owner_id","date");--> statement-breakpoint
CREATE INDEX "planner_entries_recipe_idx" ON "planner_entries" USING btree ("recipe_id");--> statement-breakpoint
CREATE INDEX "planner_entries_sent_idx" ON "planner_entries" USING btree ("sent_planned_recipe_id") WHERE "planner_entries"."sent_planned_recipe_id" is not null;--> statement-breakpoint
CREATE INDEX "planner_members_user_idx" ON "planner_members" USING btree ("user_id","owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "planners_calendar_token_key" ON "planners" USING btree ("calendar_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "shopping_items_text_line_key" ON "shopping_items" USING btree ("grocery_list_id",lower("text"),coalesce("unit_id", 0)) WHERE "shopping_items"."text" is not null;--> statement-breakpoint
ALTER TABLE "planned_extras" ADD CONSTRAINT "planned_extras_catalogue_or_text" CHECK (("planned_extras"."ingredient_id" is null) <> ("planned_extras"."text" is null));--> statement-breakpoint
ALTER TABLE "planned_extras" ADD CONSTRAINT "planned_extras_catalogue_amount" CHECK ("planned_extras"."ingredient_id" is null or ("planned_extras"."unit_id" is not null and "planned_extras"."quantity" is not null));--> statement-breakpoint
ALTER TABLE "planned_extras" ADD CONSTRAINT "planned_extras_text_length" CHECK (char_length("planned_extras"."text") between 1 and 200);--> statement-breakpoint
ALTER TABLE "shopping_items" ADD CONSTRAINT "shopping_items_catalogue_or_text" CHECK (("shopping_items"."ingredient_id" is null) <> ("shopping_items"."text" is null));--> statement-breakpoint
ALTER TABLE "shopping_items" ADD CONSTRAINT "shopping_items_catalogue_amount" CHECK ("shopping_items"."ingredient_id" is null or ("shopping_items"."unit_id" is not null and "shopping_items"."quantity" is not null));