CREATE TABLE "aisles" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"position" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_aisle_order" (
	"user_id" integer NOT NULL,
	"aisle_id" integer NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "user_aisle_order_user_id_aisle_id_pk" PRIMARY KEY("user_id","aisle_id")
);
--> statement-breakpoint
CREATE TABLE "user_ingredient_aisles" (
	"user_id" integer NOT NULL,
	"ingredient_id" integer NOT NULL,
	"aisle_id" integer NOT NULL,
	CONSTRAINT "user_ingredient_aisles_user_id_ingredient_id_pk" PRIMARY KEY("user_id","ingredient_id")
);
--> statement-breakpoint
CREATE TABLE "user_staples" (
	"user_id" integer NOT NULL,
	"ingredient_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_staples_user_id_ingredient_id_pk" PRIMARY KEY("user_id","ingredient_id")
);
--> statement-breakpoint
ALTER TABLE "ingredients" ADD COLUMN "aisle_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "units_preference" text DEFAULT 'as_written' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_aisle_order" ADD CONSTRAINT "user_aisle_order_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_aisle_order" ADD CONSTRAINT "user_aisle_order_aisle_id_aisles_id_fk" FOREIGN KEY ("aisle_id") REFERENCES "public"."aisles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_ingredient_aisles" ADD CONSTRAINT "user_ingredient_aisles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_ingredient_aisles" ADD CONSTRAINT "user_ingredient_aisles_ingredient_id_ingredients_id_fk" FOREIGN KEY ("ingredient_id") REFERENCES "public"."ingredients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_ingredient_aisles" ADD CONSTRAINT "user_ingredient_aisles_aisle_id_aisles_id_fk" FOREIGN KEY ("aisle_id") REFERENCES "public"."aisles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_staples" ADD CONSTRAINT "user_staples_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_staples" ADD CONSTRAINT "user_staples_ingredient_id_ingredients_id_fk" FOREIGN KEY ("ingredient_id") REFERENCES "public"."ingredients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "aisles_name_key" ON "aisles" USING btree ("name");--> statement-breakpoint
ALTER TABLE "ingredients" ADD CONSTRAINT "ingredients_aisle_id_aisles_id_fk" FOREIGN KEY ("aisle_id") REFERENCES "public"."aisles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_units_preference" CHECK ("users"."units_preference" in ('as_written', 'metric', 'us'));