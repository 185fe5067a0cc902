-- Issue 23 at 1M recipes: a list filtered by a tag or an ingredient reads that tag's (that
-- ingredient's) rows newest first from an index and stops after a page, instead of fetching
-- every recipe that carries it and sorting them (a rare tag: 54 ms). So recipe_tags and
-- recipe_ingredients hold a copy of their recipe's created_on, indexed after the tag (the
-- ingredient). recipes_author_created_idx gains visibility, so that `?following=true` reads
-- its cooks' recipes from the index alone (the reading rule looks at author_id, visibility and
-- id). See docs/benchmarks/2026-11-26.md.
DROP INDEX "recipe_ingredients_ingredient_idx";--> statement-breakpoint
DROP INDEX "recipe_tags_tag_idx";--> statement-breakpoint
DROP INDEX "recipes_author_created_idx";--> statement-breakpoint
ALTER TABLE "recipe_ingredients" ADD COLUMN "created_on" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "recipe_tags" ADD COLUMN "created_on" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- The copies of the rows already there, set-based, before the new indexes exist (at 1M
-- recipes: 2.4M tags, 7.5M ingredient lines).
UPDATE "recipe_ingredients" ri SET "created_on" = r."created_on" FROM "recipes" r WHERE r."id" = ri."recipe_id";--> statement-breakpoint
UPDATE "recipe_tags" rt SET "created_on" = r."created_on" FROM "recipes" r WHERE r."id" = rt."recipe_id";--> statement-breakpoint
CREATE INDEX "recipe_ingredients_ingredient_created_idx" ON "recipe_ingredients" USING btree ("ingredient_id","created_on" DESC NULLS LAST,"recipe_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "recipe_tags_tag_created_idx" ON "recipe_tags" USING btree ("tag" text_pattern_ops,"created_on" DESC NULLS LAST,"recipe_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "recipes_author_created_idx" ON "recipes" USING btree ("author_id","created_on" DESC NULLS LAST,"id" DESC NULLS LAST,"visibility");--> statement-breakpoint
-- The copies stay equal to the recipe's created_on whatever writes them: triggers, so that no
-- writer can forget (the app, the seed scripts, tests that set created_on, SQL typed by
-- hand). A new row takes its recipe's, whatever the writer gave (the column's default only
-- lets writers leave it out); a recipe whose created_on changes (never in the app) moves
-- its copies. No such recipe: the row is left for the foreign key to refuse, as before.
CREATE FUNCTION "copy_recipe_created_on"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  recipe_created_on timestamptz;
BEGIN
  SELECT r."created_on" INTO recipe_created_on FROM "recipes" r WHERE r."id" = NEW."recipe_id";
  IF FOUND THEN
    NEW."created_on" := recipe_created_on;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "recipe_tags_created_on" BEFORE INSERT OR UPDATE OF "recipe_id", "created_on" ON "recipe_tags"
  FOR EACH ROW EXECUTE FUNCTION "copy_recipe_created_on"();
--> statement-breakpoint
CREATE TRIGGER "recipe_ingredients_created_on" BEFORE INSERT OR UPDATE OF "recipe_id", "created_on" ON "recipe_ingredients"
  FOR EACH ROW EXECUTE FUNCTION "copy_recipe_created_on"();
--> statement-breakpoint
CREATE FUNCTION "move_recipe_created_on_copies"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "recipe_tags" SET "created_on" = NEW."created_on" WHERE "recipe_id" = NEW."id";
  UPDATE "recipe_ingredients" SET "created_on" = NEW."created_on" WHERE "recipe_id" = NEW."id";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "recipes_created_on_copies" AFTER UPDATE OF "created_on" ON "recipes"
  FOR EACH ROW
  WHEN (OLD."created_on" IS DISTINCT FROM NEW."created_on")
  EXECUTE FUNCTION "move_recipe_created_on_copies"();
