CREATE TABLE "grocery_list_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"grocery_list_id" integer NOT NULL,
	"kind" text NOT NULL,
	"by_username" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "grocery_list_events" ADD CONSTRAINT "grocery_list_events_grocery_list_id_grocery_lists_id_fk" FOREIGN KEY ("grocery_list_id") REFERENCES "public"."grocery_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "grocery_list_events_list_idx" ON "grocery_list_events" USING btree ("grocery_list_id","id");--> statement-breakpoint
CREATE INDEX "grocery_list_events_created_idx" ON "grocery_list_events" USING btree ("created_at");