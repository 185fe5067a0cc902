CREATE TABLE "tag_counts" (
	"tag" text PRIMARY KEY NOT NULL,
	"recipes" integer DEFAULT 0 NOT NULL,
	"public_recipes" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "tag_counts_tag_prefix_idx" ON "tag_counts" USING btree ("tag" text_pattern_ops);--> statement-breakpoint
-- Everyone may read a recipe when it is public, not hidden, and its author isn't disabled
-- (recipes/policy.ts). The counts as they stand:
INSERT INTO tag_counts (tag, recipes, public_recipes)
  SELECT rt.tag, count(*),
    count(*) FILTER (WHERE r.visibility = 'public' AND r.hidden_at IS NULL AND u.disabled_at IS NULL)
  FROM recipe_tags rt JOIN recipes r ON r.id = rt.recipe_id JOIN users u ON u.id = r.author_id
  GROUP BY rt.tag;
--> statement-breakpoint
-- Then kept by triggers. Each change goes through INSERT ... ON CONFLICT in tag order, so two
-- writers lock the tags' rows in the same order and can't deadlock. Rows at zero stay (the
-- list leaves them out).
--
-- Tags added or removed (statement level: an import or a seed adds many at once). A recipe
-- deleted is gone by the time its cascaded tags are, so its public count is taken off before
-- (recipes_count_tags_delete) and the join finds no recipe here.
CREATE FUNCTION count_recipe_tags() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  sign int := CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE -1 END;
BEGIN
  INSERT INTO tag_counts AS t (tag, recipes, public_recipes)
    SELECT c.tag, sign * count(*),
      sign * count(*) FILTER (WHERE r.visibility = 'public' AND r.hidden_at IS NULL
        AND u.disabled_at IS NULL)
    FROM changed c LEFT JOIN recipes r ON r.id = c.recipe_id LEFT JOIN users u ON u.id = r.author_id
    GROUP BY c.tag ORDER BY c.tag
  ON CONFLICT (tag) DO UPDATE SET recipes = t.recipes + excluded.recipes,
    public_recipes = t.public_recipes + excluded.public_recipes;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER recipe_tags_count_insert AFTER INSERT ON recipe_tags
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION count_recipe_tags();
--> statement-breakpoint
CREATE TRIGGER recipe_tags_count_delete AFTER DELETE ON recipe_tags
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION count_recipe_tags();
--> statement-breakpoint
-- A recipe's tags counted for everyone, or no longer: +1 or -1 on each of its tags.
CREATE FUNCTION add_public_tags_of(recipe int, change int) RETURNS void LANGUAGE sql AS $$
  INSERT INTO tag_counts AS t (tag, recipes, public_recipes)
    SELECT rt.tag, 0, change FROM recipe_tags rt WHERE rt.recipe_id = recipe ORDER BY rt.tag
  ON CONFLICT (tag) DO UPDATE SET public_recipes = t.public_recipes + excluded.public_recipes;
$$;
--> statement-breakpoint
CREATE FUNCTION count_recipe_readability() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was_public boolean := OLD.visibility = 'public' AND OLD.hidden_at IS NULL;
  now_public boolean := TG_OP = 'UPDATE' AND NEW.visibility = 'public' AND NEW.hidden_at IS NULL;
BEGIN
  -- A disabled cook's recipes are counted for nobody whatever they are.
  IF was_public <> now_public
    AND (SELECT disabled_at FROM users WHERE id = OLD.author_id) IS NULL THEN
    PERFORM add_public_tags_of(OLD.id, CASE WHEN now_public THEN 1 ELSE -1 END);
  END IF;
  -- BEFORE DELETE: the row goes on being deleted.
  RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE TRIGGER recipes_count_tags_update AFTER UPDATE OF visibility, hidden_at ON recipes
  FOR EACH ROW EXECUTE FUNCTION count_recipe_readability();
--> statement-breakpoint
CREATE TRIGGER recipes_count_tags_delete BEFORE DELETE ON recipes
  FOR EACH ROW EXECUTE FUNCTION count_recipe_readability();
--> statement-breakpoint
-- A cook disabled or enabled again: their public, unhidden recipes' tags, all at once.
CREATE FUNCTION count_author_tags() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO tag_counts AS t (tag, recipes, public_recipes)
    SELECT rt.tag, 0, CASE WHEN NEW.disabled_at IS NULL THEN 1 ELSE -1 END * count(*)
    FROM recipes r JOIN recipe_tags rt ON rt.recipe_id = r.id
    WHERE r.author_id = NEW.id AND r.visibility = 'public' AND r.hidden_at IS NULL
    GROUP BY rt.tag ORDER BY rt.tag
  ON CONFLICT (tag) DO UPDATE SET public_recipes = t.public_recipes + excluded.public_recipes;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_count_tags AFTER UPDATE OF disabled_at ON users
  FOR EACH ROW WHEN ((OLD.disabled_at IS NULL) <> (NEW.disabled_at IS NULL))
  EXECUTE FUNCTION count_author_tags();
