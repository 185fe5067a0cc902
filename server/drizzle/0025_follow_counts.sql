ALTER TABLE "users" ADD COLUMN "follower_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "following_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The counts as they stand, then kept by a trigger on follows, so that no writer can forget
-- one: the follow routes, a block (which removes follows), an account's deletion (the
-- cascade), scripts. Both rows change in one UPDATE, which locks them in id order, so that
-- two cooks following each other at once don't deadlock.
UPDATE users u SET follower_count = c.n
  FROM (SELECT followee_id, count(*)::int AS n FROM follows GROUP BY followee_id) c
  WHERE u.id = c.followee_id;
--> statement-breakpoint
UPDATE users u SET following_count = c.n
  FROM (SELECT follower_id, count(*)::int AS n FROM follows GROUP BY follower_id) c
  WHERE u.id = c.follower_id;
--> statement-breakpoint
CREATE FUNCTION count_follow() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  change int := 1;
  follower int := NEW.follower_id;
  followee int := NEW.followee_id;
BEGIN
  IF TG_OP = 'DELETE' THEN
    change := -1;
    follower := OLD.follower_id;
    followee := OLD.followee_id;
  END IF;
  UPDATE users
    SET follower_count = follower_count + CASE WHEN id = followee THEN change ELSE 0 END,
        following_count = following_count + CASE WHEN id = follower THEN change ELSE 0 END
    WHERE id IN (follower, followee);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER follows_count AFTER INSERT OR DELETE ON follows
  FOR EACH ROW EXECUTE FUNCTION count_follow();
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
