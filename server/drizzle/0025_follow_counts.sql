ALTER TABLE "users" ADD COLUMN "follower_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "following_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The counts as they stand, then kept by triggers on follows, so that no writer can forget
-- one: the follow routes, a block (which removes follows), an account's deletion (the
-- cascade), scripts. Statement-level: a seed or an import adding many follows of one cook
-- changes their row once, not once per follow.
UPDATE users u SET follower_count = c.n
  FROM (SELECT followee_id, count(*)::int AS n FROM follows GROUP BY followee_id) c
  WHERE u.id = c.followee_id;
--> statement-breakpoint
UPDATE users u SET following_count = c.n
  FROM (SELECT follower_id, count(*)::int AS n FROM follows GROUP BY follower_id) c
  WHERE u.id = c.follower_id;
--> statement-breakpoint
CREATE FUNCTION count_follows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  sign int := CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE -1 END;
BEGIN
  -- Rows locked in id order first, so that two cooks following each other at once can't
  -- deadlock (ORDER BY is applied before the locks are taken).
  PERFORM 1 FROM users
    WHERE id IN (SELECT followee_id FROM changed UNION SELECT follower_id FROM changed)
    ORDER BY id FOR UPDATE;
  UPDATE users u SET follower_count = u.follower_count + sign * c.followers,
      following_count = u.following_count + sign * c.following
    FROM (
      SELECT id, sum(followers)::int AS followers, sum(following)::int AS following FROM (
        SELECT followee_id AS id, 1 AS followers, 0 AS following FROM changed
        UNION ALL
        SELECT follower_id, 0, 1 FROM changed) each
      GROUP BY id) c
    WHERE u.id = c.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER follows_count_insert AFTER INSERT ON follows
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION count_follows();
--> statement-breakpoint
CREATE TRIGGER follows_count_delete AFTER DELETE ON follows
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION count_follows();
--> statement-breakpoint
-- Signed-in sessions are cached with their user's counts (auth status answers from memory):
-- a count that changes sends the user's NOTIFY, as a new name does (0012).
DROP TRIGGER users_notify_update ON users;
--> statement-breakpoint
CREATE TRIGGER users_notify_update
  AFTER UPDATE OF username, is_superuser, follower_count, following_count ON users
  FOR EACH ROW
  WHEN (OLD.username IS DISTINCT FROM NEW.username
    OR OLD.is_superuser IS DISTINCT FROM NEW.is_superuser
    OR OLD.follower_count IS DISTINCT FROM NEW.follower_count
    OR OLD.following_count IS DISTINCT FROM NEW.following_count)
  EXECUTE FUNCTION notify_session_change();
