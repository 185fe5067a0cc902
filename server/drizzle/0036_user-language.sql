ALTER TABLE "users" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_language" CHECK ("users"."language" in ('en', 'de', 'fr', 'es', 'it', 'nl', 'pt-BR', 'pl', 'ja', 'ar'));--> statement-breakpoint
-- The signed-in session carries the cook's language (src/auth/sessions.ts), so every request
-- is answered in it without a query: a change of it makes every process forget the cook's
-- cached sessions, as a change of their name does (drizzle/0012_session_changes.sql).
DROP TRIGGER users_notify_update ON users;
--> statement-breakpoint
CREATE TRIGGER users_notify_update
  AFTER UPDATE OF username, is_superuser, follower_count, following_count, language ON users
  FOR EACH ROW
  WHEN (OLD.username IS DISTINCT FROM NEW.username
    OR OLD.is_superuser IS DISTINCT FROM NEW.is_superuser
    OR OLD.follower_count IS DISTINCT FROM NEW.follower_count
    OR OLD.following_count IS DISTINCT FROM NEW.following_count
    OR OLD.language IS DISTINCT FROM NEW.language)
  EXECUTE FUNCTION notify_session_change();
