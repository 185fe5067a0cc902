CREATE TABLE "planner_people" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"user_id" integer,
	"name" text,
	"allergens" text[] DEFAULT '{}' NOT NULL,
	"diets" text[] DEFAULT '{}' NOT NULL,
	"dislikes" integer[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "planner_people_account_or_name" CHECK (("planner_people"."user_id" is null) <> ("planner_people"."name" is null)),
	CONSTRAINT "planner_people_name_length" CHECK (char_length("planner_people"."name") between 1 and 60)
);
--> statement-breakpoint
ALTER TABLE "planner_entries" ADD COLUMN "eaters" integer[];--> statement-breakpoint
ALTER TABLE "planner_people" ADD CONSTRAINT "planner_people_owner_id_planners_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."planners"("owner_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planner_people" ADD CONSTRAINT "planner_people_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "planner_people_owner_idx" ON "planner_people" USING btree ("owner_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "planner_people_account_key" ON "planner_people" USING btree ("owner_id","user_id") WHERE "planner_people"."user_id" is not null;