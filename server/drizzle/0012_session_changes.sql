-- Every app process keeps signed-in sessions in memory (src/auth/session-cache.ts) and
-- forgets a user's when this channel names them: a session ended (logout, login replacing
-- it, maintenance, the user deleted: the cascade deletes its rows too) or the user's name or
-- superuser flag changed. Triggers, so that no writer can forget: the app, scripts such as
-- create-superuser, or SQL typed by hand. A NOTIFY goes out at commit, and identical ones in
-- one transaction go out once. See docs/decisions/0020-sessions-without-a-round-trip.md.
CREATE FUNCTION notify_session_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'sessions' THEN
    PERFORM pg_notify('session_changes', OLD.user_id::text);
  ELSE
    PERFORM pg_notify('session_changes', NEW.id::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_notify_delete AFTER DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION notify_session_change();
--> statement-breakpoint
CREATE TRIGGER users_notify_update AFTER UPDATE OF username, is_superuser ON users
  FOR EACH ROW
  WHEN (OLD.username IS DISTINCT FROM NEW.username OR OLD.is_superuser IS DISTINCT FROM NEW.is_superuser)
  EXECUTE FUNCTION notify_session_change();
