-- Issue 18: each process caches session lookups in memory; these triggers tell every process
-- (LISTEN app_session_changes) which user's cached sessions to drop. pg_notify is transactional:
-- the notice goes out when, and only if, the transaction that ended a session or changed a user
-- commits, whichever code path wrote it. Any change of the row counts, last_seen_at included (it
-- is written at most once a minute per session, and the idle logout counts from it).
CREATE OR REPLACE FUNCTION app.notify_session_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.user_id IS DISTINCT FROM NEW.user_id THEN
    PERFORM pg_notify('app_session_changes', NEW.user_id::text);
  END IF;
  PERFORM pg_notify('app_session_changes', OLD.user_id::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app.notify_user_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('app_session_changes', OLD.id::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_changed_notify AFTER UPDATE ON app.sessions FOR EACH ROW WHEN (OLD IS DISTINCT FROM NEW)
  EXECUTE FUNCTION app.notify_session_change();
--> statement-breakpoint
CREATE TRIGGER sessions_deleted_notify AFTER DELETE ON app.sessions FOR EACH ROW EXECUTE FUNCTION app.notify_session_change();
--> statement-breakpoint
CREATE TRIGGER users_changed_notify AFTER UPDATE ON app.users FOR EACH ROW WHEN (OLD IS DISTINCT FROM NEW) EXECUTE FUNCTION app.notify_user_change();
--> statement-breakpoint
CREATE TRIGGER users_deleted_notify AFTER DELETE ON app.users FOR EACH ROW EXECUTE FUNCTION app.notify_user_change();
