-- A counter that moves with every change to recipe_search, so that search rankings kept in
-- memory by any server process know when they are out of date. A statement trigger, not
-- code in the writes: every way of changing search rows (the recipe writes, deletions that
-- cascade, the seed scripts) moves it, and it moves when the change commits, not before.
CREATE TABLE "search_generation" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"generation" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "search_generation_one_row" CHECK ("search_generation"."id" = 1)
);
--> statement-breakpoint
INSERT INTO "search_generation" DEFAULT VALUES;
--> statement-breakpoint
CREATE FUNCTION "search_generation_move"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "search_generation" SET "generation" = "generation" + 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "recipe_search_changed"
AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "recipe_search"
FOR EACH STATEMENT EXECUTE FUNCTION "search_generation_move"();
