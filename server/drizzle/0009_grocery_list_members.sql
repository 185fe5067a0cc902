CREATE TABLE "grocery_list_members" (
	"grocery_list_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "grocery_list_members_grocery_list_id_user_id_pk" PRIMARY KEY("grocery_list_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "grocery_list_members" ADD CONSTRAINT "grocery_list_members_grocery_list_id_grocery_lists_id_fk" FOREIGN KEY ("grocery_list_id") REFERENCES "public"."grocery_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grocery_list_members" ADD CONSTRAINT "grocery_list_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "grocery_list_members_user_idx" ON "grocery_list_members" USING btree ("user_id","grocery_list_id");